import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  oneviewMessages,
  oneviewModeButtons,
  type CompanyWidget,
  type OneviewMode,
  type WidgetCatalogueEntry,
  type WidgetKind,
} from '@portal/contract/oneview';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog.tsx';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { notify } from '../../platform/toasts.ts';
import { type DataColumn } from '../../platform/data-table/table-types.ts';
import { oneviewApi, oneviewKeys } from './oneview-api.ts';
import { setOneviewEditMode, useOneviewEdit } from './edit-state.ts';

const kindLabels: Record<WidgetKind, string> = {
  count: 'Count',
  hours: 'Hours worked / scheduled',
  records: 'Records',
  chart: 'Saved chart',
};

const modeLabel = (mode: number) =>
  oneviewModeButtons.find((b) => b.mode === mode)?.label ?? String(mode);
const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const catalogueColumns: DataColumn<WidgetCatalogueEntry>[] = [
  { id: 'title', header: 'Widget', value: (row) => row.title },
  { id: 'description', header: 'What it counts', value: (row) => row.description },
  {
    id: 'kind',
    header: 'Figure',
    value: (row) => kindLabels[row.kind],
  },
  {
    id: 'subject',
    header: 'Follows',
    value: (row) => (row.subject === 'self' ? 'The user' : 'The scope bar'),
  },
  {
    id: 'permission',
    header: 'Shown to holders of',
    value: (row) => row.permission ?? 'Everyone',
  },
];

/** Opens /oneview in edit mode on one mode's company layout. */
function useEditLayout() {
  const navigate = useNavigate();
  return (mode: OneviewMode) => {
    useOneviewEdit.setState({ isEdit: true });
    setOneviewEditMode(mode);
    void navigate('/oneview');
  };
}

/** /oneview-admin-panel: the widget catalogue and the company's default layouts per mode. */
export function OneViewAdminPanelPage() {
  const editLayout = useEditLayout();
  const catalogue = useQuery({
    queryKey: oneviewKeys.catalogue,
    queryFn: ({ signal }) => oneviewApi.catalogue(signal).then((r) => r.data.results),
  });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        OneView Admin Panel
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ mr: 1 }}>Default layouts:</Typography>
        {oneviewModeButtons.map((b) => (
          <Button
            key={b.mode}
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={() => editLayout(b.mode)}
          >
            {`${b.letter} · ${b.label}`}
          </Button>
        ))}
        <Button component={RouterLink} to="/oneview-admin-panel/company-widgets">
          Company widgets and locks
        </Button>
      </Stack>
      <Typography variant="h6" component="h2">
        Widget catalogue
      </Typography>
      <DataTable
        columns={catalogueColumns}
        rows={catalogue.data ?? []}
        getRowId={(row) => row.key}
        reportName="OneView widgets"
        loading={catalogue.isPending}
        emptyMessage="No widgets"
        label="Widget catalogue"
      />
    </Stack>
  );
}

/** /oneview-admin-panel/company-widgets: the placed widgets of every mode, locks and removal. */
export function CompanyWidgetsPage() {
  const queryClient = useQueryClient();
  const editLayout = useEditLayout();
  const [mode, setMode] = useState<OneviewMode | null>(null);
  const [removing, setRemoving] = useState<CompanyWidget | null>(null);
  const list = useQuery({
    queryKey: oneviewKeys.companyWidgets(mode),
    queryFn: ({ signal }) => oneviewApi.companyWidgets(mode, signal).then((r) => r.data.results),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: oneviewKeys.all });
  const toggleLock = async (row: CompanyWidget) => {
    try {
      const reply = await oneviewApi.patchCompanyWidget(row.id, { locked: !row.locked });
      notify.success(reply.message || oneviewMessages.updated);
      await refresh();
    } catch (error) {
      notify.danger(errorMessage(error, oneviewMessages.notUpdated));
    }
  };
  const remove = async (row: CompanyWidget) => {
    try {
      const reply = await oneviewApi.deleteCompanyWidget(row.id);
      notify.success(reply.message || oneviewMessages.deleted);
      await refresh();
    } catch (error) {
      notify.danger(errorMessage(error, oneviewMessages.notDeleted));
    }
  };
  const columns: DataColumn<CompanyWidget>[] = [
    { id: 'title', header: 'Widget', value: (row) => row.title },
    { id: 'mode', header: 'Layout', value: (row) => modeLabel(row.mode) },
    { id: 'place', header: 'Column, row', value: (row) => `${row.x + 1}, ${row.y + 1}` },
    { id: 'size', header: 'Size', value: (row) => `${row.w} × ${row.h}` },
    {
      id: 'locked',
      header: 'Locked',
      value: (row) => (row.locked ? 'Locked' : 'No'),
      cell: (row) => (row.locked ? <Chip size="small" label="Locked" color="warning" /> : 'No'),
    },
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Company Widgets
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode ?? 0}
          onChange={(_e, value: unknown) => {
            const chosen = oneviewModeButtons.find((b) => b.mode === value);
            setMode(chosen ? chosen.mode : null);
          }}
          aria-label="Layout"
        >
          <ToggleButton value={0}>All</ToggleButton>
          {oneviewModeButtons.map((b) => (
            <ToggleButton key={b.mode} value={b.mode}>
              {b.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => editLayout(mode ?? 1)}>
          Edit on OneView
        </Button>
      </Stack>
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        getRowId={(row) => String(row.id)}
        reportName="Company widgets"
        loading={list.isPending}
        emptyMessage="No widgets placed yet: each layout shows the built-in one until it is saved"
        label="Company widgets"
        rowActions={(row) => (
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => void toggleLock(row)}>
              {row.locked ? 'Unlock' : 'Lock'}
            </Button>
            <Button
              size="small"
              color="error"
              disabled={row.locked}
              onClick={() => setRemoving(row)}
            >
              Remove
            </Button>
          </Stack>
        )}
      />
      <ConfirmDialog
        open={removing !== null}
        message={
          removing ? `Remove ${removing.title} from the ${modeLabel(removing.mode)} layout?` : ''
        }
        okLabel="Remove"
        cancelLabel="Cancel"
        onAnswer={(answer) => {
          const row = removing;
          setRemoving(null);
          if (answer === 'Yes' && row) void remove(row);
        }}
      />
    </Stack>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { offers } from '@portal/contract/resource';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api.ts';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { columnValue, rowStatus } from './columns.tsx';
import { HistoryPanel, isEditable, LinesPanel, StatusBar } from './DocumentPanels.tsx';
import { parseRouteId, withId } from './paths.ts';
import { referenceSources } from './ResourceListPage.tsx';
import { RowDetails } from './RowDetails.tsx';
import { rowLabel, useRowCommands } from './row-commands.tsx';
import type { ResourceRow } from './resource-api.ts';
import { mayRead, type ResourceEnv, type ResourceUi, type RowLink } from './ui.ts';
import { useReferenceData, useResourceRow } from './use-resource.ts';

/** The text a missing or unreadable row shows. */
export function RowLoadError({ error, label }: { error: unknown; label: string }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert severity={notFound ? 'info' : 'error'}>
      {notFound
        ? `${label} not found`
        : error instanceof Error
          ? error.message
          : `${label} not loaded`}
    </Alert>
  );
}

/** A resource's view page: its fields, with Edit, Deactivate or Delete, and Activate. */
export function ResourceViewPage({ ui, env }: { ui: ResourceUi; env: ResourceEnv }) {
  if (!mayRead(env, ui.resource)) return <AccessDenied />;
  return <ViewScreen ui={ui} env={env} />;
}

/** A row's own screens (ui.rowLinks: an order's Fulfill, Receive) offered on its view as in the list. */
const showsLink = (link: RowLink, row: ResourceRow, env: ResourceEnv) =>
  row.can_manage !== false &&
  (link.when?.(row) ?? true) &&
  (!link.permission || env.can(link.permission));

function ViewScreen({ ui, env }: { ui: ResourceUi; env: ResourceEnv }) {
  const { resource, paths } = ui;
  const id = parseRouteId(useParams().id);
  const navigate = useNavigate();
  const row = useResourceRow(resource, id, ui.related);
  const sources = useMemo(() => referenceSources(ui), [ui]);
  const refs = useReferenceData(sources);
  const commands = useRowCommands(ui, env);
  const [tab, setTab] = useState<string>('details');
  const tabs: { value: string; label: string }[] = [
    { value: 'details', label: 'Details' },
    ...(resource.lines && ui.lines ? [{ value: 'lines', label: resource.lines.label.many }] : []),
    ...(ui.panels ?? []).map(({ value, label }) => ({ value, label })),
    ...(resource.history || resource.statuses ? [{ value: 'history', label: 'History' }] : []),
  ];

  const back = (
    <Button
      component={RouterLink}
      to={paths.list}
      startIcon={<ArrowBackIcon />}
      sx={{ justifySelf: 'start' }}
    >
      {ui.title ?? resource.label.many}
    </Button>
  );
  if (id === null)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <RowLoadError error={new ApiError(404, '')} label={resource.label.one} />
      </Box>
    );
  if (row.isPending) return <CircularProgress aria-label={`Loading ${resource.label.one}`} />;
  if (row.isError) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <RowLoadError error={row.error} label={resource.label.one} />
      </Box>
    );
  }
  const data = row.data;
  const status = rowStatus(data);
  // A heading of the row's name, or of its first column when it has none.
  const first = ui.columns[0];
  const heading =
    rowLabel(data).startsWith('#') && first
      ? String(columnValue(first, data, refs) ?? rowLabel(data))
      : rowLabel(data);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {back}
      <Typography variant="h5" component="h1">
        {resource.label.one}: {heading}
      </Typography>
      <StatusBar resource={resource} row={data} />
      {ui.rowLinks?.some((link) => showsLink(link, data, env)) && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {ui.rowLinks
            .filter((link) => showsLink(link, data, env))
            .map((link) => (
              <Button key={link.label} variant="outlined" component={RouterLink} to={link.to(data)}>
                {link.label}
              </Button>
            ))}
        </Stack>
      )}
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={`${resource.label.one} sections`}
        >
          {tabs.map((item) => (
            <Tab key={item.value} value={item.value} label={item.label} />
          ))}
        </Tabs>
      )}
      {tab === 'details' && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <RowDetails ui={ui} row={data} refs={refs} />
          {ui.detailsSection?.(data)}
        </Paper>
      )}
      {tab === 'lines' && <LinesPanel ui={ui} row={data} />}
      {ui.panels?.map((panel) =>
        tab === panel.value ? <Box key={panel.value}>{panel.render(data)}</Box> : null,
      )}
      {tab === 'history' && <HistoryPanel resource={resource} id={data.id} />}
      {commands.canWrite && isEditable(resource, data) && (
        <Stack direction="row" spacing={1}>
          {paths.edit && status !== 'Deleted' && (
            <Button variant="contained" component={RouterLink} to={withId(paths.edit, data.id)}>
              Edit
            </Button>
          )}
          {resource.deleteMode === 'deactivate' && status === 'Inactive' && (
            <Button
              variant="outlined"
              onClick={() => void commands.activate(data)}
              disabled={commands.busy}
            >
              Activate
            </Button>
          )}
          {offers(resource, 'delete') &&
            (resource.deleteMode === 'deactivate' ? status === 'Active' : status !== 'Deleted') && (
              <Button
                variant="outlined"
                color="error"
                disabled={commands.busy}
                onClick={() =>
                  commands.remove(data, () => {
                    // A removed row has nothing left to view.
                    if (resource.deleteMode === 'remove') void navigate(paths.list);
                  })
                }
              >
                {commands.deleteLabel}
              </Button>
            )}
        </Stack>
      )}
      {commands.dialog}
    </Box>
  );
}

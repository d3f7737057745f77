import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import type { BulkAction } from './table-types.ts';
import type { DataTableModel } from './use-data-table.ts';

interface TableToolbarProps<TRow extends object> {
  model: DataTableModel<TRow>;
  reportName: string;
  /** The screen's own controls, first (e.g. an Add button). */
  extra?: ReactNode;
  exporting: boolean;
  onExport: (format: 'csv' | 'pdf') => void;
}

/** Above the table: the screen's controls, search, Group by, Columns and Export. */
export function TableToolbar<TRow extends object>({
  model,
  reportName,
  extra,
  exporting,
  onExport,
}: TableToolbarProps<TRow>) {
  const { table, byId, grouping } = model;
  const groupable = [...byId.values()].filter((column) => column.groupable !== false);
  return (
    <Box
      role="toolbar"
      aria-label={`${reportName} tools`}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5 }}
    >
      {extra}
      <TextField
        size="small"
        label="Search"
        type="search"
        value={model.searchText}
        onChange={(event) => model.setSearchText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ minWidth: { xs: 0, sm: 220 }, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      />
      {groupable.length > 0 && (
        <TextField
          select
          size="small"
          label="Group by"
          value={grouping[0] ?? ''}
          onChange={(event) => model.groupBy(event.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {groupable.map((column) => (
            <MenuItem key={column.id} value={column.id}>
              {column.header}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <ColumnsMenu
        columns={table.getAllLeafColumns().map((column) => ({
          id: column.id,
          header: byId.get(column.id)?.header ?? column.id,
          visible: column.getIsVisible(),
        }))}
        onToggle={model.showColumn}
        onToggleAll={(visible) => table.toggleAllColumnsVisible(visible)}
      />
      <ExportMenu busy={exporting} onExport={onExport} />
    </Box>
  );
}

interface BulkBarProps<TRow> {
  selected: readonly TRow[];
  actions: readonly BulkAction<TRow>[];
  onDone: () => void;
}

/** Shown while rows are checked: how many, and the bulk actions for them. */
export function BulkBar<TRow>({ selected, actions, onDone }: BulkBarProps<TRow>) {
  const [running, setRunning] = useState(false);
  if (actions.length === 0 || selected.length === 0) return null;
  const run = async (action: BulkAction<TRow>) => {
    setRunning(true);
    try {
      await action.run(selected);
      onDone();
    } finally {
      setRunning(false);
    }
  };
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: 'action.selected',
      }}
    >
      <Typography sx={{ mr: 1 }}>{selected.length} selected</Typography>
      {actions.map((action) => (
        <Button
          key={action.label}
          size="small"
          variant="outlined"
          disabled={running}
          onClick={() => void run(action)}
        >
          {action.label}
        </Button>
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { cellText } from '../data-table/cells.ts';
import { columnValue, rowStatus, StatusChip, type ReferenceMap } from './columns.tsx';
import type { ResourceRow } from './resource-api.ts';
import type { ResourceUi } from './ui.ts';

/** A row's fields as label and value pairs: the expanded row of a list, and the view page. */
export function RowDetails({
  ui,
  row,
  refs,
}: {
  ui: ResourceUi;
  row: ResourceRow;
  refs: ReferenceMap;
}) {
  const shape = ui.resource.row.shape;
  const hasStatus = 'is_active' in shape || 'is_deleted' in shape;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {ui.columns.map((spec) => (
        <Entry key={spec.field} label={spec.header}>
          {spec.cell ? spec.cell(row) : cellText(columnValue(spec, row, refs, ui)) || '—'}
        </Entry>
      ))}
      {hasStatus && (
        <Entry label="Status">
          <StatusChip status={rowStatus(row)} />
        </Entry>
      )}
    </Box>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { cellText } from './cells.ts';
import { CardActions } from './row-actions.tsx';
import { ColumnHeading, SelectPageCheckbox } from './TableHeader.tsx';
import {
  cellContent,
  columnTotal,
  DetailToggle,
  GroupToggle,
  SelectRowCheckbox,
} from './TableRows.tsx';
import type { CellValue, DataTableProps } from './table-types.ts';
import type { DataTableModel, TableRowModel } from './use-data-table.ts';

type CardProps<TRow extends object> = Pick<
  DataTableProps<TRow>,
  'renderDetail' | 'rowActions' | 'rowMuted'
>;

const fieldsSx = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  columnGap: 1.5,
  rowGap: 0.5,
  m: 0,
  mt: 1,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, overflowWrap: 'anywhere', minWidth: 0 },
} as const;

/** One row as a card: its first column as the title, the others as label and value, then its buttons. */
function RowCard<TRow extends object>({
  row,
  model,
  props,
}: {
  row: TableRowModel<TRow>;
  model: DataTableModel<TRow>;
  props: CardProps<TRow>;
}) {
  const { byId, layout } = model;
  const { renderDetail, rowActions, rowMuted } = props;
  const [first, ...rest] = row.getVisibleCells();
  const muted = rowMuted?.(row.original) ?? false;
  const open = renderDetail !== undefined && row.getIsExpanded();
  const title = first ? cellText(row.getValue<CellValue>(first.column.id)) : '';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={title || undefined}
      data-muted={muted || undefined}
      sx={{
        p: 1.5,
        ml: row.depth * 2,
        minWidth: 0,
        ...(muted ? { color: 'text.disabled' } : {}),
        ...(row.getIsSelected() ? { bgcolor: 'action.selected' } : {}),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {layout.selection && <SelectRowCheckbox row={row} />}
        <Typography
          component="div"
          sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {first ? cellContent(byId.get(first.column.id), row, first.column.id) : null}
        </Typography>
        {renderDetail && <DetailToggle row={row} />}
      </Box>
      {rest.length > 0 && (
        <Box component="dl" sx={fieldsSx}>
          {rest.map((cell) => {
            const spec = byId.get(cell.column.id);
            return [
              <dt key={`${cell.id}-label`}>{spec?.header ?? cell.column.id}</dt>,
              <dd key={cell.id}>{cellContent(spec, row, cell.column.id)}</dd>,
            ];
          })}
        </Box>
      )}
      {rowActions && <CardActions>{rowActions(row.original)}</CardActions>}
      {open && renderDetail && (
        <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider', minWidth: 0 }}>
          {renderDetail(row.original)}
        </Box>
      )}
    </Paper>
  );
}

/**
 * The phone layout of a list: a strip of the columns' sort and filter controls (scrolling sideways
 * on its own), then each row as a readable card, so no row widens the page.
 */
export function RowCards<TRow extends object>({
  model,
  props,
  label,
  totalRows,
}: {
  model: DataTableModel<TRow>;
  props: CardProps<TRow>;
  label: string;
  totalRows: readonly TRow[] | null;
}) {
  const { table, byId, query, layout } = model;
  const rows = table.getRowModel().rows;
  const visible = table.getVisibleLeafColumns();
  const totals = visible.flatMap((column) => {
    const spec = byId.get(column.id);
    return spec?.total ? [spec] : [];
  });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        role="group"
        aria-label="Sort and filter"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 1.5,
          py: 0.5,
          overflowX: 'auto',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {layout.selection && <SelectPageCheckbox table={table} />}
        {visible.map((column) => {
          const spec = byId.get(column.id);
          if (!spec) return null;
          return (
            <Box
              key={column.id}
              sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap', fontSize: 14 }}
            >
              <ColumnHeading
                column={column}
                spec={spec}
                filterValue={query.filters[spec.id] ?? ''}
              />
            </Box>
          );
        })}
      </Box>
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}
      >
        {rows.map((row) =>
          row.getIsGrouped() ? (
            <Box
              component="li"
              key={row.id}
              sx={{ bgcolor: 'action.hover', borderRadius: 1, pl: row.depth * 2 }}
            >
              <GroupToggle row={row} byId={byId} />
            </Box>
          ) : (
            <RowCard key={row.id} row={row} model={model} props={props} />
          ),
        )}
        {totalRows && totals.length > 0 && rows.length > 0 && (
          <Paper component="li" variant="outlined" aria-label="Total" sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 600 }}>Total</Typography>
            <Box component="dl" sx={fieldsSx}>
              {totals.map((spec) => [
                <dt key={`${spec.id}-label`}>{spec.header}</dt>,
                <dd key={spec.id}>{columnTotal(spec, totalRows)}</dd>,
              ])}
            </Box>
          </Paper>
        )}
      </Box>
    </Box>
  );
}

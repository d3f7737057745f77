import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, type ReactNode, type RefObject } from 'react';
import { cellText, sumCells } from './cells.ts';
import { EmptyResults } from './EmptyResults.tsx';
import { RowActionsCell } from './row-actions.tsx';
import type { CellValue, DataColumn, DataTableProps } from './table-types.ts';
import type { DataTableModel, TableRowModel } from './use-data-table.ts';

/** Rows drawn at once when a client-side list is not paged: the rest are virtual. */
const ROW_HEIGHT_ESTIMATE = 53;

type RowProps<TRow extends object> = Pick<
  DataTableProps<TRow>,
  'renderDetail' | 'rowActions' | 'rowMuted'
>;

/** A group's label: its column and value, or (blank). */
export function groupLabel<TRow extends object>(
  row: TableRowModel<TRow>,
  byId: ReadonlyMap<string, DataColumn<TRow>>,
): { column: DataColumn<TRow> | undefined; label: string } {
  const column = row.groupingColumnId ? byId.get(row.groupingColumnId) : undefined;
  const label = cellText(row.groupingValue === undefined ? null : (row.groupingValue as CellValue));
  return { column, label: label || '(blank)' };
}

/** The open/close button of a group, with its label and leaf count. */
export function GroupToggle<TRow extends object>({
  row,
  byId,
}: {
  row: TableRowModel<TRow>;
  byId: ReadonlyMap<string, DataColumn<TRow>>;
}) {
  const { column, label } = groupLabel(row, byId);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`${row.getIsExpanded() ? 'Collapse' : 'Expand'} group ${label}`}
        aria-expanded={row.getIsExpanded()}
        onClick={row.getToggleExpandedHandler()}
      >
        {row.getIsExpanded() ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
      </IconButton>
      <Typography component="span" sx={{ fontWeight: 500 }}>
        {column ? `${column.header}: ` : ''}
        {label}
      </Typography>{' '}
      <Typography component="span" color="text.secondary">
        ({row.getLeafRows().filter((leaf) => !leaf.getIsGrouped()).length})
      </Typography>
    </>
  );
}

/** A row's checkbox for bulk actions. */
export function SelectRowCheckbox<TRow extends object>({ row }: { row: TableRowModel<TRow> }) {
  return (
    <Checkbox
      size="small"
      checked={row.getIsSelected()}
      onClick={row.getToggleSelectedHandler()}
      slotProps={{ input: { 'aria-label': 'Select row' } }}
    />
  );
}

/** The button that shows or hides a row's details. */
export function DetailToggle<TRow extends object>({ row }: { row: TableRowModel<TRow> }) {
  const open = row.getIsExpanded();
  return (
    <IconButton
      size="small"
      aria-label={open ? 'Hide details' : 'Show details'}
      aria-expanded={open}
      onClick={row.getToggleExpandedHandler()}
    >
      {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
    </IconButton>
  );
}

/** A cell's display: the column's own, else its value as text. */
export function cellContent<TRow extends object>(
  spec: DataColumn<TRow> | undefined,
  row: TableRowModel<TRow>,
  columnId: string,
): ReactNode {
  return spec?.cell ? spec.cell(row.original) : cellText(row.getValue<CellValue>(columnId));
}

/** One row of the table: a group heading, or a data row and its details when open. */
function TableRowView<TRow extends object>({
  row,
  model,
  props,
}: {
  row: TableRowModel<TRow>;
  model: DataTableModel<TRow>;
  props: RowProps<TRow>;
}) {
  const { byId, layout } = model;
  const { renderDetail, rowActions, rowMuted } = props;
  if (row.getIsGrouped()) {
    return (
      <TableRow sx={{ bgcolor: 'action.hover' }}>
        <TableCell colSpan={layout.columnCount} sx={{ pl: 2 + row.depth * 3 }}>
          <GroupToggle row={row} byId={byId} />
        </TableCell>
      </TableRow>
    );
  }
  const muted = rowMuted?.(row.original) ?? false;
  const open = renderDetail !== undefined && row.getIsExpanded();
  return (
    <>
      <TableRow
        hover
        selected={row.getIsSelected()}
        data-muted={muted || undefined}
        sx={muted ? { '& > td': { color: 'text.disabled' } } : undefined}
      >
        {layout.selection && (
          <TableCell padding="checkbox">
            <SelectRowCheckbox row={row} />
          </TableCell>
        )}
        {layout.detail && (
          <TableCell padding="checkbox" sx={{ pl: row.depth * 3 }}>
            {renderDetail && <DetailToggle row={row} />}
          </TableCell>
        )}
        {row.getVisibleCells().map((cell) => {
          const spec = byId.get(cell.column.id);
          return (
            <TableCell key={cell.id} align={spec?.align}>
              {cellContent(spec, row, cell.column.id)}
            </TableCell>
          );
        })}
        {rowActions && <RowActionsCell>{rowActions(row.original)}</RowActionsCell>}
      </TableRow>
      {open && renderDetail && (
        <TableRow>
          <TableCell colSpan={layout.columnCount} sx={{ bgcolor: 'background.default' }}>
            {renderDetail(row.original)}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * The table's rows: every row of the page, or, for an unpaged client list, only those in view
 * (virtual, measured as they draw) between two spacers.
 */
export function TableRows<TRow extends object>({
  model,
  props,
  scrollRef,
}: {
  model: DataTableModel<TRow>;
  props: RowProps<TRow>;
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  const pageRows = model.table.getRowModel().rows;
  const virtual = !model.paginate;
  // The portal does not use the React Compiler; this hook's functions are read fresh each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (index) => pageRows[index]?.id ?? index,
    overscan: 8,
  });
  if (!virtual) {
    return (
      <TableBody>
        {pageRows.map((row) => (
          <Fragment key={row.id}>
            <TableRowView row={row} model={model} props={props} />
          </Fragment>
        ))}
      </TableBody>
    );
  }
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = model.layout.columnCount;
  return (
    <>
      {padTop > 0 && <Spacer height={padTop} columns={columns} />}
      {items.map((item) => {
        const row = pageRows[item.index];
        if (!row) return null;
        return (
          <TableBody key={row.id} data-index={item.index} ref={virtualizer.measureElement}>
            <TableRowView row={row} model={model} props={props} />
          </TableBody>
        );
      })}
      {padBottom > 0 && <Spacer height={padBottom} columns={columns} />}
    </>
  );
}

/** Stands in for the rows above or below the drawn window of a virtual list. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tbody aria-hidden>
      <tr>
        <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
      </tr>
    </tbody>
  );
}

/** The table's body when nothing matches. */
export function EmptyRow({ columns, ...empty }: { columns: number } & EmptyMessageProps) {
  return (
    <TableBody>
      <TableRow>
        <TableCell colSpan={columns} sx={{ border: 0 }}>
          <EmptyResults {...empty} />
        </TableCell>
      </TableRow>
    </TableBody>
  );
}

export interface EmptyMessageProps {
  message?: string;
  link?: { to: string; label: string };
}

/** A column's footer total: the sum of its numbers over `rows`, formatted. */
export function columnTotal<TRow>(spec: DataColumn<TRow>, rows: readonly TRow[]): string {
  return sumCells(rows.map((row) => spec.value(row))).toLocaleString();
}

/** The footer: "Total" under the first column and the sum of each column that asks for one. */
export function TableTotals<TRow extends object>({
  model,
  totalRows,
}: {
  model: DataTableModel<TRow>;
  totalRows: readonly TRow[];
}) {
  const { byId, layout } = model;
  return (
    <TableFooter>
      <TableRow>
        {layout.selection && <TableCell />}
        {layout.detail && <TableCell />}
        {model.table.getVisibleLeafColumns().map((column, index) => {
          const spec = byId.get(column.id);
          return (
            <TableCell
              key={column.id}
              align={spec?.align}
              sx={{ fontWeight: 600, color: 'text.primary' }}
            >
              {spec?.total ? columnTotal(spec, totalRows) : index === 0 ? 'Total' : ''}
            </TableCell>
          );
        })}
        {layout.actions && <TableCell />}
      </TableRow>
    </TableFooter>
  );
}

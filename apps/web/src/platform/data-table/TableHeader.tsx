import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { ColumnFilterButton } from './ColumnFilterButton.tsx';
import { actionsCellSx, visuallyHidden } from './row-actions.tsx';
import type { DataColumn } from './table-types.ts';
import type { DataTableModel, TableInstance } from './use-data-table.ts';

type HeaderColumn<TRow extends object> = ReturnType<
  TableInstance<TRow>['getAllLeafColumns']
>[number];

/** A column's title with its sort toggle and filter button: in the table head and above cards. */
export function ColumnHeading<TRow extends object>({
  column,
  spec,
  filterValue,
}: {
  column: HeaderColumn<TRow>;
  spec: DataColumn<TRow>;
  filterValue: string;
}) {
  const sorted = column.getIsSorted();
  return (
    <>
      {column.getCanSort() ? (
        <TableSortLabel
          active={sorted !== false}
          direction={sorted === false ? 'asc' : sorted}
          onClick={column.getToggleSortingHandler()}
        >
          {spec.header}
        </TableSortLabel>
      ) : (
        spec.header
      )}
      {spec.filter !== false && (
        <ColumnFilterButton
          header={spec.header}
          value={filterValue}
          options={typeof spec.filter === 'object' ? spec.filter.options : undefined}
          onChange={(value) => column.setFilterValue(value || undefined)}
        />
      )}
    </>
  );
}

/** The select-all checkbox of the rows on this page. */
export function SelectPageCheckbox<TRow extends object>({ table }: { table: TableInstance<TRow> }) {
  return (
    <Checkbox
      size="small"
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      slotProps={{ input: { 'aria-label': 'Select all rows' } }}
    />
  );
}

/** The table head: select all, the details column, each visible column, and Actions. */
export function TableHeader<TRow extends object>({ model }: { model: DataTableModel<TRow> }) {
  const { table, byId, query, layout } = model;
  return (
    <TableHead>
      <TableRow>
        {layout.selection && (
          <TableCell padding="checkbox">
            <SelectPageCheckbox table={table} />
          </TableCell>
        )}
        {layout.detail && <TableCell padding="checkbox" aria-label="Details" />}
        {table.getFlatHeaders().map((header) => {
          if (!header.column.getIsVisible()) return null;
          const spec = byId.get(header.column.id);
          if (!spec) return null;
          const sorted = header.column.getIsSorted();
          return (
            <TableCell
              key={header.id}
              align={spec.align}
              sortDirection={sorted === false ? false : sorted}
              sx={{ whiteSpace: 'nowrap' }}
            >
              <ColumnHeading
                column={header.column}
                spec={spec}
                filterValue={query.filters[spec.id] ?? ''}
              />
            </TableCell>
          );
        })}
        {layout.actions && (
          <TableCell align="right" sx={actionsCellSx}>
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          </TableCell>
        )}
      </TableRow>
    </TableHead>
  );
}

import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { useRef } from 'react';
import { EmptyResults } from './EmptyResults.tsx';
import { RowCards } from './RowCards.tsx';
import { TableHeader } from './TableHeader.tsx';
import { TablePager } from './TablePager.tsx';
import { EmptyRow, TableRows, TableTotals } from './TableRows.tsx';
import { BulkBar, TableToolbar } from './TableToolbar.tsx';
import type { DataTableProps } from './table-types.ts';
import { leafRowsInOrder, useDataTable } from './use-data-table.ts';
import { useTableExport } from './use-table-export.ts';

/**
 * The portal's one data table (SPEC.md section 2): sortable columns, search, a filter per column,
 * column show/hide with Select all, row checkboxes with bulk actions, grouping, expandable rows,
 * footer totals, pagination (10 to 50 rows, 50 by default), an empty-state message, and CSV and PDF
 * export made in the browser. With `server` the API sorts, filters and pages; without it the table
 * does, and an unpaged list is virtualized so 10,000 rows stay smooth.
 *
 * It never widens the page: the table scrolls sideways inside its own box with the row actions
 * pinned to its right edge, and on a phone a paged list shows each row as a card.
 *
 * Parts: state in use-data-table.ts, TableToolbar (search, Group by, Columns, Export) and BulkBar,
 * TableHeader, TableRows (rows, details, virtual window, totals), RowCards (phone), TablePager,
 * use-table-export.ts, row-actions.tsx.
 */
export function DataTable<TRow extends object>(props: DataTableProps<TRow>) {
  const { rows, server, reportName, bulkActions = [] } = props;
  const model = useDataTable(props);
  const { table, query, layout } = model;
  const { exporting, exportTable } = useTableExport(model, props);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const scrollRef = useRef<HTMLDivElement>(null);

  const pageRows = table.getRowModel().rows;
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const hasTotals = props.columns.some((column) => column.total);
  const totalRows = !hasTotals
    ? null
    : server
      ? rows
      : leafRowsInOrder(table.getFilteredRowModel().rows);
  const rowCount = server ? server.total : table.getRowCount();
  const virtual = !model.paginate;
  const filtersOn = Object.keys(query.filters).length > 0 || query.search !== '';
  const empty =
    pageRows.length === 0 && !props.loading
      ? { message: props.emptyMessage, link: filtersOn ? undefined : props.emptyLink }
      : null;
  const label = props.label ?? reportName;

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <TableToolbar
        model={model}
        reportName={reportName}
        extra={props.toolbar}
        exporting={exporting}
        onExport={(format) => void exportTable(format)}
      />
      <BulkBar selected={selectedRows} actions={bulkActions} onDone={model.clearSelection} />
      <Box sx={{ height: 4 }}>{props.loading && <LinearProgress aria-label="Loading" />}</Box>
      {phone && !virtual ? (
        <>
          <RowCards model={model} props={props} label={label} totalRows={totalRows} />
          {empty && <EmptyResults {...empty} />}
        </>
      ) : (
        <TableContainer
          ref={scrollRef}
          sx={{ overflowX: 'auto', ...(virtual ? { maxHeight: '70vh' } : {}) }}
        >
          <Table size="small" stickyHeader={virtual} aria-label={label}>
            <TableHeader model={model} />
            <TableRows model={model} props={props} scrollRef={scrollRef} />
            {empty && <EmptyRow columns={layout.columnCount} {...empty} />}
            {totalRows && pageRows.length > 0 && (
              <TableTotals model={model} totalRows={totalRows} />
            )}
          </Table>
        </TableContainer>
      )}
      <TablePager model={model} rowCount={rowCount} />
    </Paper>
  );
}

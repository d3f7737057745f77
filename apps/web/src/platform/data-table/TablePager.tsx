import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
// Only screens load the table, so this zod-based contract file stays out of the entry bundle.
import { TABLE_PAGE_SIZES } from '@portal/contract/list-query';
import type { DataTableModel } from './use-data-table.ts';

/** Under the table: the pager (10 to 50 rows a page), or the row count of an unpaged list. */
export function TablePager<TRow extends object>({
  model,
  rowCount,
}: {
  model: DataTableModel<TRow>;
  rowCount: number;
}) {
  const { query } = model;
  if (!model.paginate)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {rowCount.toLocaleString()} {rowCount === 1 ? 'row' : 'rows'}
      </Typography>
    );
  return (
    <TablePagination
      component="div"
      count={rowCount}
      page={rowCount === 0 ? 0 : query.pageIndex}
      rowsPerPage={query.pageSize}
      rowsPerPageOptions={[...TABLE_PAGE_SIZES]}
      onPageChange={(_event, page) => model.table.setPageIndex(page)}
      onRowsPerPageChange={(event) =>
        model.changeQuery({ ...query, pageIndex: 0, pageSize: Number(event.target.value) })
      }
      sx={{ overflowX: 'auto' }}
    />
  );
}

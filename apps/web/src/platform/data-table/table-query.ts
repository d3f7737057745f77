// The table's own page sizes come from the contract (SPEC.md sections 5 and 9).
import { TABLE_DEFAULT_PAGE_SIZE } from '@portal/contract/list-query';
import type { TableQuery } from './table-types.ts';

/** A table's state before the user touches it: first page, 50 rows, the given sort. */
export const initialTableQuery = (sort: TableQuery['sort'] = null): TableQuery => ({
  pageIndex: 0,
  pageSize: TABLE_DEFAULT_PAGE_SIZE,
  sort,
  filters: {},
  search: '',
});

import type { TableQuery } from '../data-table/table-types.ts';
import type { ListParams } from './query-keys.ts';

/** `-name` -> name, descending. */
export function parseSort(sort: string | undefined): TableQuery['sort'] {
  if (!sort) return null;
  const desc = sort.startsWith('-');
  const id = desc ? sort.slice(1) : sort;
  return id ? { id, desc } : null;
}

export const sortParam = (sort: TableQuery['sort']): string | undefined =>
  sort ? `${sort.desc ? '-' : ''}${sort.id}` : undefined;

/**
 * The API request for a table's state (server mode): its page, page size, sort, search and column
 * filters, plus the screen's fixed filter and related records. A fixed filter wins over a column's.
 */
export function tableQueryToListParams(
  query: TableQuery,
  fixed: { filter?: Readonly<Record<string, string>>; related?: readonly string[] } = {},
): ListParams {
  return {
    page: query.pageIndex,
    perPage: query.pageSize,
    sort: sortParam(query.sort),
    search: query.search.trim() || undefined,
    filter: { ...query.filters, ...fixed.filter },
    related: fixed.related,
  };
}

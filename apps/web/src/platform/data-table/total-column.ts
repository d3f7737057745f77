import type { DataColumn } from './table-types.ts';

/**
 * A number column summed in the footer (counts, hours): aligned right; `filter: false` where a
 * filter on it says nothing.
 */
export const totalColumn = <Row>(
  id: string,
  header: string,
  value: (row: Row) => number,
  options: Pick<DataColumn<Row>, 'filter'> = {},
): DataColumn<Row> => ({ id, header, value, align: 'right', total: true, ...options });

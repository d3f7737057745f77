import { dollars } from '@portal/contract/resources/sales';
import type { DataColumn } from './table-types.ts';

/**
 * A column of integer cents: dollars as the value (sorted, totalled, exported), shown as money
 * ($1,234.50) and aligned right; a missing amount shows `blank`. Totalled and not filterable
 * unless the options say otherwise.
 */
export function moneyColumn<Row>(
  id: string,
  header: string,
  cents: (row: Row) => number | null,
  options: Pick<DataColumn<Row>, 'total' | 'filter'> & { blank?: string } = {},
): DataColumn<Row> {
  const { total = true, filter = false, blank = '' } = options;
  return {
    id,
    header,
    value: (row) => {
      const amount = cents(row);
      return amount === null ? null : amount / 100;
    },
    cell: (row) => {
      const amount = cents(row);
      return amount === null ? blank : dollars(amount);
    },
    align: 'right',
    total,
    filter,
  };
}

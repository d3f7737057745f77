import { customers, saleStatusMachine } from '@portal/contract/resources/sales';
import {
  centsColumn,
  namedColumn,
  rowText,
  statusOptionsOf,
} from '../../platform/resources/document-ui.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import type {
  ColumnSpec,
  FieldSpec,
  ReferenceSource,
  RowLink,
} from '../../platform/resources/ui.ts';
import { saleConfirmationPath } from './paths.ts';

/* What the screens over sales share (the invoices list, feature add-ons, activations). */

const personName = (row: ResourceRow) =>
  [rowText(row.first_name), rowText(row.last_name)].filter(Boolean).join(' ');

/** Customers by name and phone. */
export const customerSearch: ReferenceSource = {
  resource: customers,
  label: (row) => `${personName(row)} (${rowText(row.phone) ?? ''})`,
};

/** A sale's customer, searched by name and phone (the row's customer_name names the choice). */
export const customerField = (helperText?: string): FieldSpec<'customer_id'> => ({
  name: 'customer_id',
  label: 'Customer',
  kind: 'search',
  reference: customerSearch,
  labelFrom: 'customer_name',
  ...(helperText === undefined ? {} : { helperText }),
});

const held = (row: ResourceRow) => rowText(row.status) === 'held';

/** A held sale is paid on its confirmation page; a paid one shows its receipt there. */
export const saleRowLinks: readonly RowLink[] = [
  {
    label: 'Take payment',
    to: (row) => saleConfirmationPath(row.id),
    when: held,
    permission: 'write_sales',
  },
  {
    label: 'Receipt',
    to: (row) => saleConfirmationPath(row.id),
    when: (row) => !held(row),
  },
];

/** A sale list's columns, by name: each screen puts them in its order. */
export const saleColumns = {
  store: namedColumn('store_id', 'Store', 'store_name'),
  customer: namedColumn('customer_id', 'Customer', 'customer_name'),
  status: {
    field: 'status',
    header: 'Status',
    kind: 'option',
    options: statusOptionsOf(saleStatusMachine),
  },
  total: centsColumn('total_cents', 'Total', { filterable: false }),
  soldBy: namedColumn('created_by', 'Sold by', 'created_by_name'),
  rungUp: { field: 'created_at', header: 'Rung up', kind: 'date', filterable: false },
} satisfies Record<
  string,
  ColumnSpec<'store_id' | 'customer_id' | 'status' | 'total_cents' | 'created_by' | 'created_at'>
>;

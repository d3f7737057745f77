import { customers, saleStatusMachine } from '@portal/contract/resources/sales';
import { centsColumn, rowText, statusOptionsOf } from '../../platform/resources/document-ui.ts';
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
  store: {
    field: 'store_id',
    header: 'Store',
    value: (row) => rowText(row.store_name),
    filterable: false,
  },
  customer: {
    field: 'customer_id',
    header: 'Customer',
    value: (row) => rowText(row.customer_name),
    filterable: false,
  },
  status: {
    field: 'status',
    header: 'Status',
    kind: 'option',
    options: statusOptionsOf(saleStatusMachine),
  },
  total: centsColumn('total_cents', 'Total', { filterable: false }),
  soldBy: {
    field: 'created_by',
    header: 'Sold by',
    value: (row) => rowText(row.created_by_name),
    filterable: false,
  },
  rungUp: { field: 'created_at', header: 'Rung up', kind: 'date', filterable: false },
} satisfies Record<
  string,
  ColumnSpec<'store_id' | 'customer_id' | 'status' | 'total_cents' | 'created_by' | 'created_at'>
>;

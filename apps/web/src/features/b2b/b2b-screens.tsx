import {
  b2bAccounts,
  b2bInvoices,
  b2bInvoiceStatusMachine,
  paymentTermLabels,
  paymentTerms,
} from '@portal/contract/resources/b2b';
import { products } from '@portal/contract/resources/catalog';
import { stores } from '@portal/contract/resources/organisation';
import { storageKeys } from '@portal/contract/storage-keys';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { readStored } from '../../platform/storage.ts';
import { hasPermission } from '../auth/session.ts';
import { B2BPaymentsPanel } from './B2BPaymentsPanel.tsx';
import { b2bBulkPaths, b2bPaths } from './paths.ts';

const env = { can: hasPermission };
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${String(row.id)}`;

const storeSearch: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const accountSearch: ReferenceSource = {
  resource: b2bAccounts,
  label: (row) => text(row.company_name) ?? `#${String(row.id)}`,
  filter: { is_active: 'true' },
};
const productSearch: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row)),
  filter: { is_active: 'true' },
};
/** The store the signed-in user works at now, for new invoices. */
const currentStore = () => {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? { store_id: id } : {};
};
const termOptions = paymentTerms.map((value) => ({ value, label: paymentTermLabels[value] }));
const statusOptions = b2bInvoiceStatusMachine.states.map((value) => ({
  value,
  label: statusLabel(b2bInvoiceStatusMachine, value),
}));

export const b2bAccountScreens = createResourceScreens(
  defineResourceUi({
    resource: b2bAccounts,
    paths: b2bPaths.accounts,
    columns: [
      { field: 'company_name', header: 'Company' },
      { field: 'tax_id', header: 'Tax ID' },
      { field: 'billing_contact', header: 'Billing contact', filterable: false },
      { field: 'billing_email', header: 'Billing email', filterable: false },
      { field: 'payment_terms', header: 'Terms', kind: 'option', options: termOptions },
      { field: 'tax_exempt', header: 'Tax exempt', kind: 'boolean', filterable: false },
    ],
    fields: [
      { name: 'company_name', label: 'Company name', kind: 'text' },
      { name: 'tax_id', label: 'Tax ID', kind: 'text' },
      { name: 'billing_contact', label: 'Billing contact', kind: 'text' },
      { name: 'billing_email', label: 'Billing email', kind: 'email' },
      { name: 'billing_phone', label: 'Billing phone', kind: 'text' },
      { name: 'payment_terms', label: 'Payment terms', kind: 'select', options: termOptions },
      {
        name: 'discount_bps',
        label: 'Volume discount (basis points)',
        kind: 'number',
        helperText: '500 = 5% off catalogue prices',
      },
      {
        name: 'credit_limit_cents',
        label: 'Credit limit (cents)',
        kind: 'number',
        helperText: 'Most its open invoices may add up to; empty for none',
      },
      { name: 'tax_exempt', label: 'Tax exempt (certificate on file)', kind: 'switch' },
      { name: 'billing_address', label: 'Billing address', kind: 'textarea', wide: true },
    ],
    defaults: { payment_terms: 'net_30', discount_bps: 0 },
  }),
  env,
);

export const b2bInvoiceScreens = createResourceScreens(
  defineResourceUi({
    resource: b2bInvoices,
    paths: b2bPaths.invoices,
    title: 'B2B Invoices',
    // Saved invoices open on their view: sent, paid and printed from there.
    afterSave: { create: '/b2b-sales/view/:id', update: '/b2b-sales/view/:id' },
    columns: [
      { field: 'id', header: 'Invoice', kind: 'number' },
      {
        field: 'account_id',
        header: 'Account',
        value: (row) => text(row.account_name),
        filterable: false,
      },
      { field: 'po_number', header: 'PO number' },
      {
        field: 'store_id',
        header: 'Store',
        value: (row) => text(row.store_name),
        filterable: false,
      },
      { field: 'status', header: 'Status', kind: 'option', options: statusOptions },
      {
        field: 'total_cents',
        header: 'Total',
        value: (row) => formatCents(row.total_cents),
        filterable: false,
      },
      {
        field: 'balance_cents',
        header: 'Balance',
        value: (row) => formatCents(row.balance_cents),
        filterable: false,
      },
      { field: 'due_on', header: 'Due', kind: 'date', filterable: false },
      { field: 'created_at', header: 'Created', kind: 'date', filterable: false, hidden: true },
    ],
    fields: [
      {
        name: 'account_id',
        label: 'Business account',
        kind: 'search',
        reference: accountSearch,
        labelFrom: 'account_name',
      },
      {
        name: 'store_id',
        label: 'Store',
        kind: 'search',
        reference: storeSearch,
        labelFrom: 'store_name',
      },
      { name: 'po_number', label: 'PO number', kind: 'text' },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
    defaults: currentStore(),
    links: [
      { label: 'Bulk upload', to: b2bBulkPaths.upload, permission: 'write_b2b_invoices' },
      { label: 'Bulk update', to: b2bBulkPaths.update, permission: 'write_b2b_invoices' },
      { label: 'Business accounts', to: b2bPaths.accounts.list, permission: 'read_b2b_accounts' },
    ],
    lines: {
      fields: [
        {
          name: 'product_id',
          label: 'Product',
          kind: 'search',
          reference: productSearch,
          labelFrom: 'product_name',
        },
        { name: 'quantity', label: 'Quantity', kind: 'number' },
        {
          name: 'serial',
          label: 'IMEI / serial',
          kind: 'text',
          helperText: 'Scan the unit of a serialised product',
        },
      ],
      columns: [
        { field: 'product_name', header: 'Product' },
        { field: 'serial', header: 'IMEI / serial' },
        { field: 'quantity', header: 'Qty', kind: 'number' },
        {
          field: 'unit_price_cents',
          header: 'Price',
          value: (row) => formatCents(row.unit_price_cents),
        },
        { field: 'tax_cents', header: 'Tax', value: (row) => formatCents(row.tax_cents) },
        { field: 'total_cents', header: 'Total', value: (row) => formatCents(row.total_cents) },
      ],
    },
    totals: [
      { field: 'subtotal_cents', label: 'Subtotal' },
      { field: 'tax_cents', label: 'Tax' },
      { field: 'total_cents', label: 'Total' },
      { field: 'paid_cents', label: 'Paid' },
      { field: 'balance_cents', label: 'Balance' },
    ],
    panels: [
      { value: 'payments', label: 'Payments', render: (row) => <B2BPaymentsPanel row={row} /> },
    ],
  }),
  env,
);

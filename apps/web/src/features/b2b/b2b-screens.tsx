import {
  b2bAccounts,
  b2bInvoices,
  b2bInvoiceStatusMachine,
  paymentTermLabels,
  paymentTerms,
} from '@portal/contract/resources/b2b';
import {
  centsColumn,
  currentStoreDefaults,
  documentTotals,
  namedColumn,
  productLines,
  rowText,
  statusOptionsOf,
  storeField,
} from '../../platform/resources/document-ui.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { B2BPaymentsPanel } from './B2BPaymentsPanel.tsx';
import { withId } from '../../platform/resources/paths.ts';
import { b2bBulkPaths, b2bPaths, b2bPrintPath } from './paths.ts';

const env = { can: hasPermission };
const accountSearch: ReferenceSource = {
  resource: b2bAccounts,
  label: (row) => rowText(row.company_name) ?? `#${String(row.id)}`,
  filter: { is_active: 'true' },
};
const termOptions = paymentTerms.map((value) => ({ value, label: paymentTermLabels[value] }));
const statusOptions = statusOptionsOf(b2bInvoiceStatusMachine);

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
      namedColumn('account_id', 'Account', 'account_name'),
      { field: 'po_number', header: 'PO number' },
      namedColumn('store_id', 'Store', 'store_name'),
      { field: 'status', header: 'Status', kind: 'option', options: statusOptions },
      centsColumn('total_cents', 'Total', { filterable: false }),
      centsColumn('balance_cents', 'Balance', { filterable: false }),
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
      storeField(),
      { name: 'po_number', label: 'PO number', kind: 'text' },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
    defaults: currentStoreDefaults(),
    links: [
      { label: 'Bulk upload', to: b2bBulkPaths.upload, permission: 'write_b2b_invoices' },
      { label: 'Bulk update', to: b2bBulkPaths.update, permission: 'write_b2b_invoices' },
      { label: 'Business accounts', to: b2bPaths.accounts.list, permission: 'read_b2b_accounts' },
    ],
    lines: productLines(),
    totals: [
      ...documentTotals,
      { field: 'paid_cents', label: 'Paid' },
      { field: 'balance_cents', label: 'Balance' },
    ],
    panels: [
      { value: 'payments', label: 'Payments', render: (row) => <B2BPaymentsPanel row={row} /> },
    ],
    rowLinks: [{ label: 'Printable invoice', to: (row) => withId(b2bPrintPath, String(row.id)) }],
  }),
  env,
);

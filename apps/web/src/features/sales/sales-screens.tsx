import {
  activations,
  activationStatusMachine,
  boxItemLabels,
  boxItems,
  carriers,
  customers,
  exchangeDifferenceText,
  returnTypeLabels,
  returnTypes,
  rmaStatusLabels,
  saleReturns,
  sales,
} from '@portal/contract/resources/sales';
import {
  activeStoreSearch,
  centsColumn,
  currentStoreDefaults,
  documentTotals,
  namedColumn,
  productLines,
  rowText,
  statusOptionsOf,
  storeField,
} from '../../platform/resources/document-ui.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { invoiceBulkPath, invoiceViewPath, quicksnapInvoicePath } from './invoice-paths.ts';
import {
  activationReceiptPath,
  returnRulesPath,
  saleConfirmationPath,
  salesPaths,
} from './paths.ts';
import { customerField, saleColumns, saleRowLinks } from './sale-ui.ts';

const env = { can: hasPermission };
export const customerScreens = createResourceScreens(
  defineResourceUi({
    resource: customers,
    paths: salesPaths.customers,
    columns: [
      { field: 'first_name', header: 'First name' },
      { field: 'last_name', header: 'Last name' },
      { field: 'phone', header: 'Phone' },
      { field: 'email', header: 'Email' },
      namedColumn('store_id', 'Store', 'store_name'),
      { field: 'created_at', header: 'Added', kind: 'date', filterable: false },
    ],
    fields: [
      { name: 'first_name', label: 'First name', kind: 'text' },
      { name: 'last_name', label: 'Last name', kind: 'text' },
      { name: 'phone', label: 'Phone', kind: 'text', helperText: '10 digits' },
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'zip', label: 'ZIP code', kind: 'text' },
      storeField('Home store'),
      { name: 'notes', label: 'Notes', kind: 'textarea', wide: true },
    ],
    defaults: currentStoreDefaults(),
    links: [{ label: 'Bulk upload', to: '/customers/bulkupload', permission: 'write_customers' }],
  }),
  env,
);

export const saleScreens = createResourceScreens(
  defineResourceUi({
    resource: sales,
    paths: salesPaths.sales,
    title: 'Invoices',
    afterSave: { create: saleConfirmationPath(':id'), update: saleConfirmationPath(':id') },
    rowLinks: [...saleRowLinks, { label: 'Invoice', to: (row) => invoiceViewPath(row.id) }],
    links: [
      { label: 'Quicksnap invoice', to: quicksnapInvoicePath, permission: 'write_sales' },
      {
        label: 'Bulk files',
        to: invoiceBulkPath('invoices', 'upload'),
        permission: 'write_sales',
      },
    ],
    columns: [
      { field: 'id', header: 'Receipt', kind: 'number' },
      namedColumn('invoice_number', 'Invoice #', 'invoice_number'),
      saleColumns.store,
      saleColumns.customer,
      saleColumns.status,
      saleColumns.total,
      saleColumns.soldBy,
      saleColumns.rungUp,
      { field: 'completed_at', header: 'Paid', kind: 'date', filterable: false, hidden: true },
    ],
    fields: [storeField(), customerField(), { name: 'note', label: 'Note', kind: 'textarea' }],
    defaults: currentStoreDefaults(),
    lines: productLines(),
    totals: documentTotals,
  }),
  env,
);

const activationStatusOptions = statusOptionsOf(activationStatusMachine);

export const activationScreens = createResourceScreens(
  defineResourceUi({
    resource: activations,
    paths: salesPaths.activations,
    columns: [
      { field: 'id', header: 'Activation', kind: 'number' },
      { field: 'phone_number', header: 'Number' },
      { field: 'carrier', header: 'Carrier' },
      saleColumns.customer,
      saleColumns.store,
      { field: 'status', header: 'Status', kind: 'option', options: activationStatusOptions },
      { field: 'created_at', header: 'Activated', kind: 'date', filterable: false },
    ],
    fields: [
      storeField(),
      customerField(),
      {
        name: 'carrier',
        label: 'Carrier',
        kind: 'select',
        options: carriers.map((c) => ({ value: c, label: c })),
      },
      { name: 'plan', label: 'Plan', kind: 'text' },
      { name: 'features', label: 'Features', kind: 'text' },
      {
        name: 'imei',
        label: 'Device IMEI',
        kind: 'text',
        only: 'create',
        helperText: "15 digits, from this store's stock",
      },
      {
        name: 'iccid',
        label: 'SIM ICCID',
        kind: 'text',
        only: 'create',
        helperText: '19 or 20 digits',
      },
      { name: 'phone_number', label: 'Phone number', kind: 'text', helperText: '10 digits' },
      { name: 'dealer_code', label: 'Dealer code', kind: 'text' },
      { name: 'port_in', label: 'Port in a number', kind: 'switch' },
      { name: 'port_account_number', label: 'Port-in account number', kind: 'text' },
      {
        name: 'port_pin',
        label: 'Transfer PIN',
        kind: 'password',
        helperText: 'Stored encrypted, never shown again',
      },
      { name: 'port_billing_zip', label: 'Billing ZIP', kind: 'text' },
      { name: 'port_account_holder', label: 'Account holder', kind: 'text' },
    ],
    defaults: currentStoreDefaults(),
    afterSave: { create: activationReceiptPath },
  }),
  env,
);

const returnTypeOptions = returnTypes.map((value) => ({ value, label: returnTypeLabels[value] }));
const boxItemOptions = boxItems.map((value) => ({ value, label: boxItemLabels[value] }));
const boxItemLabel = (value: string) => boxItemLabels[value as keyof typeof boxItemLabels] ?? value;
const rmaText = (row: ResourceRow) =>
  typeof row.rma_id === 'number'
    ? `RMA #${String(row.rma_id)}: ${rmaStatusLabels[row.rma_status as keyof typeof rmaStatusLabels] ?? ''}`
    : null;

export const returnScreens = createResourceScreens(
  defineResourceUi({
    resource: saleReturns,
    paths: salesPaths.returns,
    title: 'Returns & Refunds',
    links: [
      { label: 'Return Rules', to: returnRulesPath, permission: 'can_edit_own_company_settings' },
    ],
    columns: [
      { field: 'id', header: 'Return', kind: 'number' },
      { field: 'type', header: 'Type', kind: 'option', options: returnTypeOptions },
      { field: 'sale_id', header: 'Receipt', kind: 'number' },
      { field: 'serial', header: 'IMEI / serial' },
      centsColumn('refund_cents', 'Refund', { filterable: false }),
      namedColumn('store_id', 'Store', 'store_name'),
      { field: 'created_at', header: 'Returned', kind: 'date', filterable: false },
      { field: 'exchange', header: 'Exchange', kind: 'boolean', hidden: true },
      { field: 'exchange_sale_id', header: 'Replacement sale', kind: 'number', hidden: true },
      {
        field: 'exchange_difference_cents',
        header: 'Exchange difference',
        value: (row) =>
          row.exchange === true && typeof row.exchange_difference_cents === 'number'
            ? exchangeDifferenceText(row.exchange_difference_cents)
            : null,
        hidden: true,
        filterable: false,
      },
      { field: 'activation_id', header: 'Activation', kind: 'number', hidden: true },
      {
        field: 'cancel_date',
        header: 'Cancel date',
        value: (row) => rowText(row.cancel_date),
        hidden: true,
        filterable: false,
      },
      {
        field: 'box_contents',
        header: 'Box contents',
        value: (row) =>
          Array.isArray(row.box_contents)
            ? row.box_contents.map((item) => boxItemLabel(String(item))).join(', ')
            : null,
        hidden: true,
        filterable: false,
        sortable: false,
      },
      {
        field: 'rma_id',
        header: 'RMA',
        value: rmaText,
        hidden: true,
        filterable: false,
        sortable: false,
      },
    ],
    fields: [
      { name: 'type', label: 'Return type', kind: 'select', options: returnTypeOptions },
      {
        name: 'sale_id',
        label: 'Receipt number',
        kind: 'number',
        helperText: 'Buyers remorse, DOA, OBF',
      },
      { name: 'sale_line_id', label: 'Receipt line', kind: 'number' },
      {
        name: 'store_id',
        label: 'Store',
        kind: 'search',
        reference: activeStoreSearch,
        helperText: 'Stock balance return',
      },
      { name: 'serial', label: 'IMEI / serial', kind: 'text', helperText: 'Stock balance return' },
      {
        name: 'activation_id',
        label: 'Activation number',
        kind: 'number',
        helperText: 'A returned activation instead of a receipt line',
      },
      {
        name: 'cancel_date',
        label: 'Cancel date',
        kind: 'date',
        helperText: 'Required for an activation: the day its line was canceled',
      },
      {
        name: 'exchange',
        label: 'Exchange',
        kind: 'switch',
        helperText: 'The customer takes another unit instead of money: one per receipt',
      },
      { name: 'exchange_sale_id', label: 'Replacement sale number', kind: 'number' },
      {
        name: 'box_contents',
        label: 'Box contents',
        kind: 'multiSelect',
        options: boxItemOptions,
        wide: true,
      },
      { name: 'reason', label: 'Reason', kind: 'textarea', wide: true },
      {
        name: 'override_reason',
        label: 'Manager override reason',
        kind: 'textarea',
        wide: true,
        helperText: 'Past the return window only',
      },
    ],
  }),
  env,
);

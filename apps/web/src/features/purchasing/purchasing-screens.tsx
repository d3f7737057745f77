import { products } from '@portal/contract/resources/catalog';
import {
  discrepancyResolutions,
  discrepancyStatusMachine,
  purchaseOrderReceipts,
  purchaseOrders,
  purchaseOrderStatusMachine,
  purchaseWarehouseSchema,
  receiptDiscrepancies,
  suppliers,
  vendors,
} from '@portal/contract/resources/purchasing';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { withId } from '../../platform/resources/paths.ts';
import type { ListSource, ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { OrderApprovals } from './OrderApprovals.tsx';
import { OrderPaymentsTab, ReceiptPaymentsTab } from './payment-screens.tsx';
import { OrderEmailsTab } from './PurchaseOrderEmailsPage.tsx';
import { OrderBillsTab } from './supplier-bill-screens.tsx';
import { purchasingPaths as paths } from './paths.ts';

const env = { can: hasPermission };

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

const supplierSearch: ReferenceSource = { resource: suppliers, label: byName };
const productSearch: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row)),
  filter: { is_active: 'true' },
};
/** The company's warehouses (GET /purchasing-warehouses), the order's receiving place. */
const warehouses: ListSource = {
  name: 'purchasing_warehouses',
  path: '/purchasing-warehouses',
  row: purchaseWarehouseSchema,
  label: { one: 'Warehouse', many: 'Warehouses' },
  defaultSort: 'name',
};
const warehouseChoice: ReferenceSource = {
  resource: warehouses,
  label: byName,
  permission: 'read_purchase_orders',
};

export const supplierScreens = createResourceScreens(
  defineResourceUi({
    resource: suppliers,
    paths: paths.suppliers,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'contact_name', header: 'Contact' },
      { field: 'contact_email', header: 'Email' },
      { field: 'terms', header: 'Terms' },
      { field: 'lead_time_days', header: 'Lead time (days)', kind: 'number' },
      { field: 'price_tolerance_percent', header: 'Tolerance (%)', kind: 'number' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'contact_name', label: 'Contact name', kind: 'text' },
      { name: 'contact_email', label: 'Contact email', kind: 'email' },
      { name: 'contact_phone', label: 'Contact phone', kind: 'text' },
      { name: 'address', label: 'Address', kind: 'textarea', wide: true },
      { name: 'terms', label: 'Payment terms', kind: 'text', helperText: 'e.g. Net 30' },
      { name: 'lead_time_days', label: 'Lead time (days)', kind: 'number' },
      {
        name: 'price_tolerance_percent',
        label: 'Tolerance (%)',
        kind: 'number',
        helperText: 'Deliveries above the ordered quantity by more than this need a reason',
      },
    ],
    defaults: { lead_time_days: 7, price_tolerance_percent: 0 },
  }),
  env,
);

export const vendorScreens = createResourceScreens(
  defineResourceUi({
    resource: vendors,
    paths: paths.vendors,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'email', header: 'Email' },
      { field: 'phone', header: 'Phone' },
      { field: 'note', header: 'Note', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'phone', label: 'Phone', kind: 'text' },
      { name: 'address', label: 'Address', kind: 'textarea', wide: true },
      { name: 'note', label: 'Note', kind: 'textarea', wide: true },
    ],
  }),
  env,
);

const orderStatusOptions = purchaseOrderStatusMachine.states.map((state) => ({
  value: state,
  label: statusLabel(purchaseOrderStatusMachine, state),
}));

export const purchaseOrderScreens = createResourceScreens(
  defineResourceUi({
    resource: purchaseOrders,
    paths: paths.purchaseOrders,
    columns: [
      { field: 'id', header: 'PO', kind: 'number' },
      { field: 'reference', header: 'Reference' },
      namedColumn('supplier_id', 'Supplier', 'supplier_name'),
      { field: 'status', header: 'Status', kind: 'option', options: orderStatusOptions },
      {
        field: 'total_cents',
        header: 'Total',
        value: (row) => formatCents(row.total_cents),
        filterable: false,
      },
      { field: 'expected_date', header: 'Expected', filterable: false },
      namedColumn('created_by', 'Created by', 'created_by_name'),
      { field: 'created_at', header: 'Created', kind: 'date', filterable: false },
    ],
    fields: [
      {
        name: 'supplier_id',
        label: 'Supplier',
        kind: 'search',
        reference: supplierSearch,
        labelFrom: 'supplier_name',
      },
      {
        name: 'warehouse_id',
        label: 'Receive into',
        kind: 'reference',
        reference: warehouseChoice,
      },
      { name: 'reference', label: 'Reference', kind: 'text' },
      {
        name: 'expected_date',
        label: 'Expected date',
        kind: 'text',
        helperText: 'YYYY-MM-DD',
      },
      { name: 'note', label: 'Note', kind: 'textarea', wide: true },
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
          name: 'unit_cost_cents',
          label: 'Unit cost (cents)',
          kind: 'number',
          helperText: '1999 is $19.99',
        },
        { name: 'expected_date', label: 'Expected date', kind: 'text', helperText: 'YYYY-MM-DD' },
      ],
      columns: [
        { field: 'product_name', header: 'Product' },
        { field: 'quantity', header: 'Ordered', kind: 'number' },
        {
          field: 'unit_price_cents',
          header: 'Unit cost',
          value: (row) => formatCents(row.unit_price_cents),
        },
        { field: 'total_cents', header: 'Total', value: (row) => formatCents(row.total_cents) },
        { field: 'expected_date', header: 'Expected' },
        { field: 'received_quantity', header: 'Accepted', kind: 'number' },
        { field: 'rejected_quantity', header: 'Rejected', kind: 'number' },
        { field: 'short_quantity', header: 'Short', kind: 'number' },
      ],
    },
    totals: [{ field: 'total_cents', label: 'Total' }],
    panels: [
      { value: 'payments', label: 'Payments', render: (row) => <OrderPaymentsTab row={row} /> },
      { value: 'bills', label: 'Bills', render: (row) => <OrderBillsTab row={row} /> },
      { value: 'emails', label: 'Supplier mail', render: (row) => <OrderEmailsTab row={row} /> },
      { value: 'approvals', label: 'Approvals', render: (row) => <OrderApprovals row={row} /> },
    ],
    rowLinks: [
      {
        label: 'Emails',
        to: (row) => withId(paths.orderEmails, row.id),
        permission: 'read_purchase_orders',
      },
      {
        label: 'Receive',
        to: (row) => `${paths.receiptCreate}?purchase_order_id=${row.id}`,
        when: (row) => row.status === 'sent' || row.status === 'partially_received',
        permission: 'write_purchase_order_receipts',
      },
    ],
  }),
  env,
);

export const receiptScreens = createResourceScreens(
  defineResourceUi({
    resource: purchaseOrderReceipts,
    paths: paths.receipts,
    title: 'Purchase Order Receipts',
    columns: [
      { field: 'id', header: 'Receipt', kind: 'number' },
      { field: 'purchase_order_id', header: 'PO', kind: 'number' },
      namedColumn('supplier_id', 'Supplier', 'supplier_name'),
      {
        field: 'total_cents',
        header: 'Accepted value',
        value: (row) => formatCents(row.total_cents),
        filterable: false,
      },
      { field: 'created_at', header: 'Received', kind: 'date', filterable: false },
      { field: 'note', header: 'Note', hidden: true },
    ],
    fields: [],
    lines: {
      fields: [],
      columns: [
        { field: 'id', header: 'Line', kind: 'number' },
        { field: 'product_name', header: 'Product' },
        { field: 'quantity', header: 'Accepted', kind: 'number' },
        { field: 'rejected_quantity', header: 'Rejected', kind: 'number' },
        { field: 'short_quantity', header: 'Short', kind: 'number' },
        { field: 'reason', header: 'Reason' },
        {
          field: 'serials',
          header: 'Serials',
          value: (row) => (Array.isArray(row.serials) ? row.serials.join(', ') : ''),
        },
        {
          field: 'rejected_serials',
          header: 'Rejected serials',
          value: (row) =>
            Array.isArray(row.rejected_serials) ? row.rejected_serials.join(', ') : '',
        },
        { field: 'total_cents', header: 'Value', value: (row) => formatCents(row.total_cents) },
      ],
    },
    totals: [{ field: 'total_cents', label: 'Accepted value' }],
    panels: [
      { value: 'payments', label: 'Payments', render: (row) => <ReceiptPaymentsTab row={row} /> },
    ],
    rowLinks: [
      {
        label: 'Edit',
        to: (row) => withId(paths.receiptEdit, row.id),
        permission: 'write_purchase_order_receipts',
      },
    ],
    links: [
      {
        label: 'Receive goods',
        to: paths.receiptCreate,
        permission: 'write_purchase_order_receipts',
      },
    ],
  }),
  env,
);

const discrepancyStatusOptions = discrepancyStatusMachine.states.map((state) => ({
  value: state,
  label: statusLabel(discrepancyStatusMachine, state),
}));
const resolutionOptions = discrepancyResolutions.map((value) => ({
  value,
  label: { credit: 'Credit', reship: 'Re-ship', accept: 'Accept as is' }[value],
}));

export const discrepancyUi = defineResourceUi({
  resource: receiptDiscrepancies,
  paths: paths.discrepancies,
  columns: [
    { field: 'id', header: 'Discrepancy', kind: 'number' },
    { field: 'purchase_order_id', header: 'PO', kind: 'number' },
    { field: 'receipt_id', header: 'Receipt', kind: 'number' },
    namedColumn('supplier_id', 'Supplier', 'supplier_name'),
    namedColumn('product_id', 'Product', 'product_name'),
    { field: 'short_quantity', header: 'Short', kind: 'number' },
    { field: 'rejected_quantity', header: 'Rejected', kind: 'number' },
    { field: 'status', header: 'Status', kind: 'option', options: discrepancyStatusOptions },
    { field: 'created_at', header: 'Opened', kind: 'date', filterable: false },
  ],
  fields: [
    {
      name: 'receipt_line_id',
      label: 'Receipt line',
      kind: 'number',
      only: 'create',
      helperText: 'The line number shown on the receipt (a line with short or rejected units)',
    },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
    { name: 'resolution', label: 'Resolution', kind: 'select', options: resolutionOptions },
  ],
});
export const discrepancyScreens = createResourceScreens(discrepancyUi, env);
export const discrepancyEnv = env;

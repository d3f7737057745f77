import {
  adjustmentReasons,
  categories,
  deviceFieldTypeLabels,
  deviceFieldTypes,
  deviceTypeFields,
  manufacturers,
  products,
} from '@portal/contract/resources/catalog';
import { orders, orderStatusMachine } from '@portal/contract/resources/orders';
import { brands } from '@portal/contract/resources/places';
import { stores } from '@portal/contract/resources/organisation';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { isAdjustable, OrderPriceAdjustmentsTab } from '../orders/PriceAdjustments.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { namedEntityScreens } from '../../platform/resources/flat.tsx';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { catalogPaths } from './paths.ts';
import {
  deviceFieldColumns,
  DeviceFieldsSection,
  DeviceFieldValues,
} from './DeviceFieldsSection.tsx';
import { isRecord } from '../../platform/is-record.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';

const env = { can: hasPermission };

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

/** Searchable selects over other resources' lists (search=), labelled by name. */
const manufacturerSearch: ReferenceSource = { resource: manufacturers, label: byName };
const categorySearch: ReferenceSource = { resource: categories, label: byName };
const brandSearch: ReferenceSource = { resource: brands, label: byName };
const storeSearch: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const productSearch: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row)),
  filter: { is_active: 'true' },
};

export const adjustmentReasonScreens = namedEntityScreens(
  adjustmentReasons,
  [['description', 'Description', 'textarea']],
  env,
);
export const manufacturerScreens = namedEntityScreens(manufacturers, [['website', 'Website']], env);

const kindOptions = [
  { value: 'device', label: 'Device' },
  { value: 'accessory', label: 'Accessory' },
  { value: 'plan', label: 'Plan' },
  { value: 'feature', label: 'Feature' },
];

export const productUi = defineResourceUi({
  resource: products,
  paths: catalogPaths.products,
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'sku', header: 'SKU' },
    namedColumn('manufacturer_id', 'Manufacturer', 'manufacturer_name'),
    namedColumn('category_id', 'Category', 'category_name'),
    // Filtered by the company's brands (their list); the name comes with each row.
    { field: 'brand_id', header: 'Brand', kind: 'reference', reference: brandSearch },
    { field: 'kind', header: 'Kind', kind: 'option', options: kindOptions },
    {
      field: 'price_cents',
      header: 'Price',
      value: (row) => formatCents(row.price_cents),
      filterable: false,
    },
    {
      field: 'tax_bps',
      header: 'Tax',
      value: (row) => (typeof row.tax_bps === 'number' ? `${row.tax_bps / 100}%` : null),
      filterable: false,
      hidden: true,
    },
    { field: 'is_serialized', header: 'Serialized', kind: 'boolean' },
  ],
  // Each device type field's values (extra_fields.<key>), sorted and filtered on the server.
  extraColumns: deviceFieldColumns,
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'sku', label: 'SKU', kind: 'text' },
    {
      name: 'manufacturer_id',
      label: 'Manufacturer',
      kind: 'search',
      reference: manufacturerSearch,
      labelFrom: 'manufacturer_name',
    },
    {
      name: 'category_id',
      label: 'Category',
      kind: 'search',
      reference: categorySearch,
      labelFrom: 'category_name',
    },
    {
      name: 'brand_id',
      label: 'Brand',
      kind: 'search',
      reference: brandSearch,
      labelFrom: 'brand_name',
    },
    { name: 'kind', label: 'Kind', kind: 'select', options: kindOptions },
    {
      name: 'price_cents',
      label: 'Price (cents)',
      kind: 'number',
      helperText: '1999 is $19.99',
    },
    {
      name: 'tax_bps',
      label: 'Tax rate (basis points)',
      kind: 'number',
      helperText: '825 is 8.25%',
    },
    { name: 'is_serialized', label: 'Serialized (IMEI or serial number)', kind: 'switch' },
    {
      name: 'lead_days',
      label: 'Lead days',
      kind: 'number',
      helperText: "Days from ordering to the shelf; empty: the company's default",
    },
  ],
  // The chosen category's device type fields (/device-type-fields), kept in extra_fields.
  formSection: {
    name: 'extra_fields',
    initial: (row) => (row && isRecord(row.extra_fields) ? row.extra_fields : {}),
    render: (props) => <DeviceFieldsSection {...props} />,
  },
  detailsSection: (row) => <DeviceFieldValues row={row} />,
});
export const productScreens = createResourceScreens(productUi, env);

/** /accessories: the catalogue's accessories (the products of kind accessory). */
export const accessoryScreens = createResourceScreens(
  {
    ...productUi,
    title: 'Accessories',
    // Device type fields describe devices: the accessories list has none of their columns.
    extraColumns: undefined,
    paths: catalogPaths.accessories,
    listFilter: { kind: 'accessory' },
    defaults: { kind: 'accessory' },
  },
  env,
);

const orderKindOptions = [
  { value: 'device', label: 'Products' },
  { value: 'accessory', label: 'Accessories' },
];

const statusOptions = orderStatusMachine.states.map((state) => ({
  value: state,
  label: statusLabel(orderStatusMachine, state),
}));

const status = (row: ResourceRow) => (typeof row.status === 'string' ? row.status : '');

const orderUi = defineResourceUi({
  resource: orders,
  paths: catalogPaths.orders,
  rowLinks: [
    {
      label: 'Fulfill',
      to: (row) => `/fulfill-order/${row.id}`,
      when: (row) => ['submitted', 'pending_shipment'].includes(status(row)),
      permission: 'write_order_fulfillment',
    },
    {
      label: 'Receive',
      to: (row) => `/receive-order/${row.id}`,
      when: (row) => status(row) === 'shipped',
      permission: 'write_orders',
    },
    {
      label: 'Adjust prices',
      to: (row) => `/price-adjustment?order=${row.id}`,
      when: (row) => isAdjustable(status(row)),
      permission: 'approve_price_adjustments',
    },
  ],
  columns: [
    { field: 'id', header: 'Order', kind: 'number' },
    namedColumn('store_id', 'Store', 'store_name'),
    { field: 'kind', header: 'Kind', kind: 'option', options: orderKindOptions },
    { field: 'status', header: 'Status', kind: 'option', options: statusOptions },
    {
      field: 'total_cents',
      header: 'Total',
      value: (row) => formatCents(row.total_cents),
      filterable: false,
    },
    namedColumn('created_by', 'Created by', 'created_by_name'),
    { field: 'created_at', header: 'Created', kind: 'date', filterable: false },
    { field: 'note', header: 'Note', hidden: true },
  ],
  fields: [
    {
      name: 'store_id',
      label: 'Store',
      kind: 'search',
      reference: storeSearch,
      labelFrom: 'store_name',
    },
    { name: 'note', label: 'Note', kind: 'textarea' },
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
    ],
    columns: [
      { field: 'product_name', header: 'Product' },
      { field: 'quantity', header: 'Quantity', kind: 'number' },
      {
        field: 'unit_price_cents',
        header: 'Unit price',
        value: (row) => formatCents(row.unit_price_cents),
      },
      { field: 'tax_cents', header: 'Tax', value: (row) => formatCents(row.tax_cents) },
      {
        field: 'adjustment_cents',
        header: 'Adjustment',
        value: (row) => formatCents(row.adjustment_cents),
      },
      { field: 'total_cents', header: 'Total', value: (row) => formatCents(row.total_cents) },
    ],
  },
  totals: [
    { field: 'subtotal_cents', label: 'Subtotal' },
    { field: 'tax_cents', label: 'Tax' },
    { field: 'adjustment_cents', label: 'Adjustments' },
    { field: 'total_cents', label: 'Total' },
  ],
  // The store sees each price adjustment (reason, amount, who approved it) on the order.
  panels: [
    {
      value: 'price-adjustments',
      label: 'Price Adjustments',
      render: (row) => <OrderPriceAdjustmentsTab row={row} />,
    },
  ],
});
export const orderScreens = createResourceScreens(orderUi, env);

/** /accessory-orders: the orders of accessories (from /cart/accessories), viewed as orders. */
export const accessoryOrderScreens = createResourceScreens(
  {
    ...orderUi,
    title: 'Accessory Orders',
    paths: { list: '/accessory-orders', view: '/orders/:id', edit: '/orders/edit/:id' },
    listFilter: { kind: 'accessory' },
  },
  env,
);

const fieldTypeOptions = deviceFieldTypes.map((type) => ({
  value: type,
  label: deviceFieldTypeLabels[type],
}));

/** /device-type-fields: the extra fields of each device type (a product category). */
export const deviceTypeFieldScreens = createResourceScreens(
  defineResourceUi({
    resource: deviceTypeFields,
    paths: catalogPaths.deviceTypeFields,
    columns: [
      {
        field: 'category_id',
        header: 'Device type',
        kind: 'reference',
        reference: categorySearch,
      },
      { field: 'label', header: 'Label' },
      { field: 'key', header: 'Key' },
      { field: 'field_type', header: 'Type', kind: 'option', options: fieldTypeOptions },
      {
        field: 'options',
        header: 'Options',
        value: (row) => (Array.isArray(row.options) ? row.options.join(', ') : null),
        filterable: false,
        sortable: false,
      },
      { field: 'is_required', header: 'Required', kind: 'boolean' },
      { field: 'order', header: 'Order', kind: 'number' },
    ],
    fields: [
      {
        name: 'category_id',
        label: 'Device type (category)',
        kind: 'search',
        reference: categorySearch,
        only: 'create',
      },
      { name: 'label', label: 'Label', kind: 'text' },
      {
        name: 'key',
        label: 'Key',
        kind: 'text',
        helperText: 'Lowercase letters, digits and underscores, e.g. storage',
      },
      { name: 'field_type', label: 'Type', kind: 'select', options: fieldTypeOptions },
      {
        name: 'options',
        label: 'Options',
        kind: 'tags',
        helperText: 'For a select: type each option and press Enter',
        wide: true,
      },
      { name: 'is_required', label: 'Required', kind: 'switch' },
      { name: 'order', label: 'Order', kind: 'number' },
    ],
  }),
  env,
);

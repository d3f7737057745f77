import {
  adjustmentReasons,
  categories,
  manufacturers,
  products,
} from '@portal/contract/resources/catalog';
import { orders, orderStatusMachine } from '@portal/contract/resources/orders';
import { stores } from '@portal/contract/resources/organisation';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { catalogPaths } from './paths.ts';

const env = { can: hasPermission };

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Searchable selects over other resources' lists (search=), labelled by name. */
const manufacturerSearch: ReferenceSource = { resource: manufacturers, label: byName };
const categorySearch: ReferenceSource = { resource: categories, label: byName };
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

export const adjustmentReasonScreens = createResourceScreens(
  defineResourceUi({
    resource: adjustmentReasons,
    paths: catalogPaths.adjustmentReasons,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'description', header: 'Description' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  }),
  env,
);

export const manufacturerScreens = createResourceScreens(
  defineResourceUi({
    resource: manufacturers,
    paths: catalogPaths.manufacturers,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'website', header: 'Website' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'website', label: 'Website', kind: 'text' },
    ],
  }),
  env,
);

export const productScreens = createResourceScreens(
  defineResourceUi({
    resource: products,
    paths: catalogPaths.products,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'sku', header: 'SKU' },
      {
        field: 'manufacturer_id',
        header: 'Manufacturer',
        value: (row) => text(row.manufacturer_name),
        filterable: false,
      },
      {
        field: 'category_id',
        header: 'Category',
        value: (row) => text(row.category_name),
        filterable: false,
      },
      {
        field: 'price_cents',
        header: 'Price',
        value: (row) => formatCents(row.price_cents),
        filterable: false,
      },
      { field: 'is_serialized', header: 'Serialized', kind: 'boolean' },
    ],
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
        name: 'price_cents',
        label: 'Price (cents)',
        kind: 'number',
        helperText: '1999 is $19.99',
      },
      { name: 'is_serialized', label: 'Serialized (IMEI or serial number)', kind: 'switch' },
    ],
  }),
  env,
);

const statusOptions = orderStatusMachine.states.map((state) => ({
  value: state,
  label: statusLabel(orderStatusMachine, state),
}));

export const orderScreens = createResourceScreens(
  defineResourceUi({
    resource: orders,
    paths: catalogPaths.orders,
    columns: [
      { field: 'id', header: 'Order', kind: 'number' },
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
        field: 'created_by',
        header: 'Created by',
        value: (row) => text(row.created_by_name),
        filterable: false,
      },
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
        { field: 'total_cents', header: 'Total', value: (row) => formatCents(row.total_cents) },
      ],
    },
    totals: [
      { field: 'subtotal_cents', label: 'Subtotal' },
      { field: 'tax_cents', label: 'Tax' },
      { field: 'total_cents', label: 'Total' },
    ],
  }),
  env,
);

import { activations, customers, sales, saleStatusMachine } from '@portal/contract/resources/sales';
import { products, serviceKinds } from '@portal/contract/resources/catalog';
import { stores } from '@portal/contract/resources/organisation';
import { storageKeys } from '@portal/contract/storage-keys';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { readStored } from '../../platform/storage.ts';
import { hasPermission } from '../auth/session.ts';
import { saleConfirmationPath, salesPaths } from './paths.ts';

/*
 * Feature add-ons (SPEC.md /features-addons-sale, /feature-add-on): plans and features sold on a
 * customer's existing line, no device. The sales engine's screens over sales of kind
 * 'feature_addon'; payment and the receipt are the simple sale's (/sale-confirmation/{id}).
 */

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${String(row.id)}`;
const personName = (row: ResourceRow) =>
  [text(row.first_name), text(row.last_name)].filter(Boolean).join(' ');
const status = (row: ResourceRow) => text(row.status) ?? '';

const storeSearch: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const customerSearch: ReferenceSource = {
  resource: customers,
  label: (row) => `${personName(row)} (${text(row.phone) ?? ''})`,
};
/** A customer's line: its number, whose it is and its plan; canceled lines are not offered. */
const lineSearch: ReferenceSource = {
  resource: activations,
  label: (row) =>
    [text(row.phone_number), text(row.customer_name), text(row.carrier), text(row.plan)]
      .filter(Boolean)
      .join(' · '),
  offer: (row) => status(row) !== 'canceled',
};
const isService = (row: ResourceRow) =>
  (serviceKinds as readonly string[]).includes(text(row.kind) ?? '');
/** Plans and features only (the server refuses anything else on an add-on). */
const serviceSearch: ReferenceSource = {
  resource: products,
  label: (row) => `${byName(row)} (${formatCents(row.price_cents)})`,
  filter: { is_active: 'true' },
  offer: isService,
};
const currentStore = () => {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? { store_id: id } : {};
};
const statusOptions = saleStatusMachine.states.map((value) => ({
  value,
  label: statusLabel(saleStatusMachine, value),
}));

export const featureAddOnScreens = createResourceScreens(
  defineResourceUi({
    resource: sales,
    paths: salesPaths.featureAddOns,
    title: 'Feature Add-ons',
    listFilter: { kind: 'feature_addon' },
    afterSave: { create: saleConfirmationPath(':id'), update: saleConfirmationPath(':id') },
    rowLinks: [
      {
        label: 'Take payment',
        to: (row) => saleConfirmationPath(row.id),
        when: (row) => status(row) === 'held',
        permission: 'write_sales',
      },
      {
        label: 'Receipt',
        to: (row) => saleConfirmationPath(row.id),
        when: (row) => status(row) !== 'held',
      },
    ],
    columns: [
      { field: 'id', header: 'Receipt', kind: 'number' },
      {
        field: 'activation_id',
        header: 'Line',
        value: (row) => text(row.activation_phone),
        filterable: false,
      },
      {
        field: 'customer_id',
        header: 'Customer',
        value: (row) => text(row.customer_name),
        filterable: false,
      },
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
        header: 'Sold by',
        value: (row) => text(row.created_by_name),
        filterable: false,
      },
      { field: 'created_at', header: 'Rung up', kind: 'date', filterable: false },
    ],
    fields: [
      {
        name: 'customer_id',
        label: 'Customer',
        kind: 'search',
        reference: customerSearch,
        labelFrom: 'customer_name',
        helperText: "Optional: the line's customer is taken",
      },
      {
        name: 'activation_id',
        label: 'Line',
        kind: 'search',
        reference: lineSearch,
        labelFrom: 'activation_phone',
        only: 'create',
        helperText: 'Search by phone number',
      },
      {
        name: 'store_id',
        label: 'Store',
        kind: 'search',
        reference: storeSearch,
        labelFrom: 'store_name',
      },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
    defaults: currentStore(),
    lines: {
      fields: [
        {
          name: 'product_id',
          label: 'Plan or feature',
          kind: 'search',
          reference: serviceSearch,
          labelFrom: 'product_name',
        },
        { name: 'quantity', label: 'Quantity', kind: 'number' },
      ],
      columns: [
        { field: 'product_name', header: 'Plan or feature' },
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
    ],
  }),
  { can: hasPermission },
);

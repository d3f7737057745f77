import { products } from '@portal/contract/resources/catalog';
import {
  brands,
  customerWarehouses,
  internalInventory,
  warehouses,
} from '@portal/contract/resources/places';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { productUi } from '../catalog/catalog-screens.tsx';
import { purchasingPaths as paths } from './paths.ts';

/**
 * The inventory app's places and catalogue (issue 19 item 2) on the engine's generic screens:
 * warehouses, customers' warehouses, internal inventory, brands, and the catalogue's products at
 * the inventory app's addresses.
 */
const env = { can: hasPermission };

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

export const warehouseScreens = createResourceScreens(
  defineResourceUi({
    resource: warehouses,
    paths: paths.warehouses,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'contact_name', header: 'Contact' },
      { field: 'phone', header: 'Phone' },
      { field: 'address', header: 'Address' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'contact_name', label: 'Contact name', kind: 'text' },
      { name: 'phone', label: 'Phone', kind: 'text' },
      { name: 'address', label: 'Address', kind: 'textarea', wide: true },
    ],
  }),
  env,
);

export const customerWarehouseScreens = createResourceScreens(
  defineResourceUi({
    resource: customerWarehouses,
    paths: paths.customerWarehouses,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'customer_name', header: 'Customer' },
      { field: 'contact_name', header: 'Contact' },
      { field: 'email', header: 'Email' },
      { field: 'phone', header: 'Phone' },
      { field: 'address', header: 'Address', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'customer_name', label: 'Customer', kind: 'text' },
      { name: 'contact_name', label: 'Contact name', kind: 'text' },
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'phone', label: 'Phone', kind: 'text' },
      { name: 'address', label: 'Address', kind: 'textarea', wide: true },
      { name: 'note', label: 'Note', kind: 'textarea', wide: true },
    ],
  }),
  env,
);

export const brandScreens = createResourceScreens(
  defineResourceUi({
    resource: brands,
    paths: paths.brands,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'website', header: 'Website' },
      { field: 'description', header: 'Description' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'website', label: 'Website', kind: 'text', helperText: 'https://…' },
      { name: 'description', label: 'Description', kind: 'textarea', wide: true },
    ],
  }),
  env,
);

const productSearch: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row)),
  // Set aside by quantity: products counted in stock, not those tracked by serial number.
  filter: { is_active: 'true', is_serialized: 'false' },
};
const warehouseChoice: ReferenceSource = { resource: warehouses, label: byName };

export const internalInventoryScreens = createResourceScreens(
  defineResourceUi({
    resource: internalInventory,
    paths: paths.internalInventory,
    title: 'Internal Inventory',
    columns: [
      { field: 'id', header: 'No.', kind: 'number' },
      namedColumn('product_id', 'Product', 'product_name'),
      namedColumn('warehouse_id', 'Warehouse', 'warehouse_name'),
      { field: 'quantity', header: 'Quantity', kind: 'number' },
      { field: 'purpose', header: 'Purpose' },
      namedColumn('created_by', 'Set aside by', 'created_by_name'),
      { field: 'created_at', header: 'Date', kind: 'date', filterable: false },
    ],
    fields: [
      {
        name: 'product_id',
        label: 'Product',
        kind: 'search',
        reference: productSearch,
        labelFrom: 'product_name',
        helperText: 'Products counted by quantity; the units leave the warehouse stock',
      },
      { name: 'warehouse_id', label: 'Warehouse', kind: 'reference', reference: warehouseChoice },
      { name: 'quantity', label: 'Quantity', kind: 'number' },
      {
        name: 'purpose',
        label: 'Purpose',
        kind: 'text',
        helperText: 'e.g. Demo units, office phone',
      },
      { name: 'note', label: 'Note', kind: 'textarea', wide: true },
    ],
    defaults: { quantity: 1 },
  }),
  env,
);

/** The catalogue's products at /inventory/products; a save goes back to this list. */
export const inventoryProductScreens = createResourceScreens(
  {
    ...productUi,
    paths: paths.products,
    afterSave: { create: paths.products.list, update: paths.products.list },
  },
  env,
);

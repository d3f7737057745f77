import { products } from '@portal/contract/resources/catalog';
import { stores } from '@portal/contract/resources/organisation';
import { staticAccessories, stockMinimums } from '@portal/contract/resources/replenishment';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { replenishmentPaths } from './paths.ts';

const env = { can: hasPermission };

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const storeSearch: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const productLabel = (row: ResourceRow) =>
  typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row);
const productSearch: ReferenceSource = {
  resource: products,
  label: productLabel,
  filter: { is_active: 'true' },
};
const accessorySearch: ReferenceSource = {
  resource: products,
  label: productLabel,
  filter: { is_active: 'true', kind: 'accessory' },
};

/** /static-accessories: accessories always listed for a store's accessory order. */
export const staticAccessoryScreens = createResourceScreens(
  defineResourceUi({
    resource: staticAccessories,
    paths: replenishmentPaths.staticAccessories,
    columns: [
      namedColumn('product_id', 'Accessory', 'product_name'),
      {
        field: 'store_id',
        header: 'Store',
        value: (row) => text(row.store_name) ?? 'Every store',
        filterable: false,
      },
      { field: 'quantity', header: 'Standard quantity', kind: 'number' },
      { field: 'note', header: 'Note' },
    ],
    fields: [
      { name: 'product_id', label: 'Accessory', kind: 'search', reference: accessorySearch },
      {
        name: 'store_id',
        label: 'Store',
        kind: 'search',
        reference: storeSearch,
        helperText: 'Empty: every store',
      },
      { name: 'quantity', label: 'Standard quantity', kind: 'number' },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
    defaults: { quantity: 1 },
  }),
  env,
);

/** /stock-minimums: the fewest units of a product a store should hold. */
export const stockMinimumScreens = createResourceScreens(
  defineResourceUi({
    resource: stockMinimums,
    paths: replenishmentPaths.stockMinimums,
    columns: [
      { field: 'store_id', header: 'Store', kind: 'reference', reference: storeSearch },
      namedColumn('product_id', 'Product', 'product_name'),
      { field: 'min_quantity', header: 'Minimum', kind: 'number' },
    ],
    fields: [
      { name: 'store_id', label: 'Store', kind: 'search', reference: storeSearch, only: 'create' },
      {
        name: 'product_id',
        label: 'Product',
        kind: 'search',
        reference: productSearch,
        only: 'create',
      },
      { name: 'min_quantity', label: 'Minimum', kind: 'number' },
    ],
  }),
  env,
);

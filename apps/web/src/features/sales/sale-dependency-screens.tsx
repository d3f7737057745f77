import { categories } from '@portal/contract/resources/catalog';
import {
  saleDependencies,
  saleItemKindLabels,
  saleItemKinds,
} from '@portal/contract/resources/sales-dependencies';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { salesPaths } from './paths.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${String(row.id)}`;
const categorySearch: ReferenceSource = { resource: categories, label: byName };
const kindOptions = saleItemKinds.map((value) => ({ value, label: saleItemKindLabels[value] }));
const categoryHelp = 'Devices and accessories only; leave empty for any';

/** /admin/sale-dependencies (add, existing): what must be sold with what. */
export const saleDependencyScreens = createResourceScreens(
  defineResourceUi({
    resource: saleDependencies,
    paths: salesPaths.saleDependencies,
    title: 'Sale Dependencies',
    columns: [
      { field: 'item_kind', header: 'Item', kind: 'option', options: kindOptions },
      {
        field: 'item_category_id',
        header: 'Item category',
        value: (row) => text(row.item_category_name) ?? 'Any',
        filterable: false,
      },
      { field: 'required_kind', header: 'Must be sold with', kind: 'option', options: kindOptions },
      {
        field: 'required_category_id',
        header: 'Companion category',
        value: (row) => text(row.required_category_name) ?? 'Any',
        filterable: false,
      },
      { field: 'note', header: 'Note', sortable: false },
      { field: 'created_at', header: 'Added', kind: 'date', filterable: false },
    ],
    fields: [
      { name: 'item_kind', label: 'Item', kind: 'select', options: kindOptions },
      {
        name: 'item_category_id',
        label: 'Item category',
        kind: 'search',
        reference: categorySearch,
        labelFrom: 'item_category_name',
        helperText: categoryHelp,
      },
      { name: 'required_kind', label: 'Must be sold with', kind: 'select', options: kindOptions },
      {
        name: 'required_category_id',
        label: 'Companion category',
        kind: 'search',
        reference: categorySearch,
        labelFrom: 'required_category_name',
        helperText: categoryHelp,
      },
      { name: 'note', label: 'Note', kind: 'textarea', wide: true },
    ],
  }),
  { can: hasPermission },
);

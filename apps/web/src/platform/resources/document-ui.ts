import { products } from '@portal/contract/resources/catalog';
import { stores } from '@portal/contract/resources/organisation';
import type { StatusMachine } from '@portal/contract/resource';
import { storageKeys } from '@portal/contract/storage-keys';
import { readStored } from '../storage.ts';
import { formatCents, statusLabel } from './DocumentPanels.tsx';
import type { ResourceRow } from './resource-api.ts';
import type { ColumnSpec, FieldSpec, LinesUi, ReferenceSource } from './ui.ts';

/*
 * The pieces the screens of priced documents with lines share (sales, feature add-ons, B2B
 * invoices): references, the current store, status options, money columns, product lines, totals.
 */

/** A row's field as text, null when it is not a string. */
export const rowText = (value: unknown): string | null =>
  typeof value === 'string' ? value : null;

/** A row's name, or its id (#12) when it has none. */
export const rowName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${String(row.id)}`;

/** The store the signed-in user works at now (the store switcher's), or null. */
export function currentStoreId(): number | null {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A new document's store: the current one, when there is one. */
export const currentStoreDefaults = (): { store_id?: number } => {
  const id = currentStoreId();
  return id === null ? {} : { store_id: id };
};

/** Active stores by name. */
export const activeStoreSearch: ReferenceSource = {
  resource: stores,
  label: rowName,
  filter: { is_active: 'true' },
};

/** A document's store, searched among the active ones (the row's store_name names the choice). */
export const storeField = (label = 'Store'): FieldSpec<'store_id'> => ({
  name: 'store_id',
  label,
  kind: 'search',
  reference: activeStoreSearch,
  labelFrom: 'store_name',
});

/** Active products by name and SKU. */
export const activeProductSearch: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${rowName(row)} (${row.sku})` : rowName(row)),
  filter: { is_active: 'true' },
};

/** The options of a status column: each state with its label. */
export const statusOptionsOf = (machine: StatusMachine) =>
  machine.states.map((value) => ({ value, label: statusLabel(machine, value) }));

/**
 * A column of a reference shown by the name its row carries (`store_name` for `store_id`, a
 * creator's `created_by_name`); that text is no filter.
 */
export const namedColumn = <Field extends string>(
  field: Field,
  header: string,
  name: string,
): ColumnSpec<Field> => ({ field, header, value: (row) => rowText(row[name]), filterable: false });

/** A column of integer cents shown as money. */
export const centsColumn = <Field extends string>(
  field: Field,
  header: string,
  options: Pick<ColumnSpec, 'filterable' | 'hidden'> = {},
): ColumnSpec<Field> => ({
  field,
  header,
  value: (row) => formatCents(row[field]),
  ...options,
});

/**
 * A priced document's product lines: the product (searched), the quantity and, for devices, the
 * scanned IMEI or serial; the view lists them with the price, tax and total the server set.
 */
export function productLines(
  options: { label?: string; reference?: ReferenceSource; serial?: boolean } = {},
): LinesUi {
  const { label = 'Product', reference = activeProductSearch, serial = true } = options;
  const serialField: FieldSpec = {
    name: 'serial',
    label: 'IMEI / serial',
    kind: 'text',
    helperText: 'Scan the unit of a serialised product',
  };
  return {
    fields: [
      { name: 'product_id', label, kind: 'search', reference, labelFrom: 'product_name' },
      { name: 'quantity', label: 'Quantity', kind: 'number' },
      ...(serial ? [serialField] : []),
    ],
    columns: [
      { field: 'product_name', header: label },
      ...(serial ? [{ field: 'serial', header: 'IMEI / serial' }] : []),
      { field: 'quantity', header: 'Qty', kind: 'number' },
      centsColumn('unit_price_cents', 'Price'),
      centsColumn('tax_cents', 'Tax'),
      centsColumn('total_cents', 'Total'),
    ],
  };
}

/** The totals the server computes on a priced document. */
export const documentTotals = [
  { field: 'subtotal_cents', label: 'Subtotal' },
  { field: 'tax_cents', label: 'Tax' },
  { field: 'total_cents', label: 'Total' },
] as const;

import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, optionalText } from '../fields.ts';

/* Sale dependencies (issue 17 item 9; SPEC.md /admin/sale-dependencies): what must be sold with
 * what. A rule says that an item (a device, an accessory, an activation's plan or feature; a device
 * or an accessory narrowed to one product category) needs a companion item on the same ring-up: a
 * sale's lines, or an activation's device, SIM, plan and features. */

/** What a ring-up holds: a sale line's product kind, or an activation's plan or features. */
export const saleItemKinds = ['device', 'accessory', 'plan', 'feature'] as const;
export const saleItemKind = z.enum(saleItemKinds, { error: 'Choose an item' });
export type SaleItemKind = z.infer<typeof saleItemKind>;
export const saleItemKindLabels: Record<SaleItemKind, string> = {
  device: 'Device',
  accessory: 'Accessory',
  plan: 'Plan',
  feature: 'Feature',
};
/** Only products (devices, accessories) have a category. */
export const categorisedKinds: readonly SaleItemKind[] = ['device', 'accessory'];

export const saleDependencyMessages = {
  categoryNotProduct: 'Only a device or an accessory has a product category',
  requiresItself: 'An item cannot require itself',
  duplicate: 'This dependency already exists',
} as const;

/** "a device", "an accessory of category Cases", "a plan": how a message names an item. */
export function describeSaleItem(kind: SaleItemKind, categoryName?: string | null): string {
  const noun = saleItemKindLabels[kind].toLowerCase();
  const article = kind === 'accessory' ? 'an' : 'a';
  return categoryName ? `${article} ${noun} of category ${categoryName}` : `${article} ${noun}`;
}

/** The 4xx of a ring-up missing a companion: names what is sold and what is missing. */
export const missingCompanionMessage = (
  item: string,
  required: string,
  where: 'sale' | 'activation',
) =>
  `${item.charAt(0).toUpperCase()}${item.slice(1)} must be sold with ${required}: add ${required} to this ${where}`;

export const saleDependencySchema = z.object({
  id,
  company_id: id,
  item_kind: saleItemKind,
  item_category_id: id.nullable(),
  item_category_name: z.string().nullable(),
  required_kind: saleItemKind,
  required_category_id: id.nullable(),
  required_category_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type SaleDependency = z.infer<typeof saleDependencySchema>;

const saleDependencyWritable = z.strictObject({
  item_kind: saleItemKind,
  item_category_id: id.nullable().optional(),
  required_kind: saleItemKind,
  required_category_id: id.nullable().optional(),
  note: optionalText(500),
});

/** A rule of what must be sold with what, enforced when a sale or an activation is rung up. */
export const saleDependencies = defineResource({
  name: 'sale_dependencies',
  path: '/sale-dependencies',
  label: { one: 'Sale Dependency', many: 'Sale Dependencies' },
  row: saleDependencySchema,
  create: saleDependencyWritable,
  update: saleDependencyWritable.partial(),
  messages: resourceMessages('Sale dependency', 'added'),
  afterSave: '/admin/sale-dependencies/existing',
  deleteMode: 'remove',
  searchFields: ['note'],
  queryFields: [
    'id',
    'item_kind',
    'item_category_id',
    'required_kind',
    'required_category_id',
    'created_at',
  ],
  defaultSort: '-id',
  history: true,
  references: {
    item_category_id: { resource: 'categories', as: 'item_category_name' },
    required_category_id: { resource: 'categories', as: 'required_category_name' },
  },
});

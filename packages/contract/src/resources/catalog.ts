import { z } from 'zod';
import { defineFlatResource } from '../flat-resource.ts';
import { defineResource, resourceMessages } from '../resource.ts';
import { cents, id, isoDateTime, name, optionalLink, optionalText } from '../fields.ts';

export const categorySchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  description: z.string().nullable(),
  created_at: isoDateTime,
});
export type Category = z.infer<typeof categorySchema>;
const categoryWritable = z.strictObject({ name, description: optionalText(500) });

export const categories = defineResource({
  name: 'categories',
  path: '/categories',
  label: { one: 'Category', many: 'Categories' },
  row: categorySchema,
  create: categoryWritable,
  update: categoryWritable.partial(),
  messages: resourceMessages('Category', 'added'),
  afterSave: '/categories',
  deleteMode: 'remove',
  searchFields: ['name', 'description'],
  queryFields: ['id', 'name', 'company_id', 'created_at'],
  defaultSort: 'name',
  bulk: { maxRows: 1000 },
});

/** Why a stock count or a price changed (SPEC.md /adjustment-reasons). */
export const adjustmentReasons = defineFlatResource({
  name: 'adjustment_reasons',
  path: '/adjustment-reasons',
  label: { one: 'Adjustment Reason', many: 'Adjustment Reasons' },
  row: { description: z.string().nullable() },
  writable: { description: optionalText(500) },
  searchFields: ['name', 'description'],
});
export type AdjustmentReason = z.infer<typeof adjustmentReasons.row>;

export const manufacturers = defineFlatResource({
  name: 'manufacturers',
  path: '/manufacturers',
  label: { one: 'Manufacturer', many: 'Manufacturers' },
  row: { website: z.string().nullable() },
  writable: { website: optionalLink(300) },
});
export type Manufacturer = z.infer<typeof manufacturers.row>;

/** A phone or tablet (a device, tracked by IMEI) or an accessory (SPEC.md /products, /accessories). */
export const productKinds = ['device', 'accessory'] as const;
export const productKind = z.enum(productKinds);
export type ProductKind = z.infer<typeof productKind>;

/** A tax rate in basis points (825 = 8.25 %), never a float. */
const taxBps = z
  .number({ error: 'Enter a tax rate' })
  .int('The rate is a whole number of basis points (825 = 8.25%)')
  .min(0, 'The rate cannot be negative')
  .max(10_000, 'The rate is at most 10000 (100%)');

export const productSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  sku: z.string(),
  manufacturer_id: id.nullable(),
  manufacturer_name: z.string().nullable(),
  category_id: id.nullable(),
  category_name: z.string().nullable(),
  /** the inventory app's brand (/inventory/brands) */
  brand_id: id.nullable(),
  brand_name: z.string().nullable(),
  kind: productKind,
  /** the warehouse price a store pays, in cents */
  price_cents: cents,
  /** tax charged on the price, in basis points (825 = 8.25 %) */
  tax_bps: z.number().int(),
  /** tracked unit by unit (IMEI or serial number) */
  is_serialized: z.boolean(),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type Product = z.infer<typeof productSchema>;
const productWritable = z.strictObject({
  name,
  sku: z.string().trim().min(1, 'SKU is required').max(64),
  manufacturer_id: id.nullable().optional(),
  category_id: id.nullable().optional(),
  brand_id: id.nullable().optional(),
  kind: productKind.default('device'),
  price_cents: cents,
  tax_bps: taxBps.default(0),
  is_serialized: z.boolean().default(false),
});

/** The warehouse catalogue: what a store can order (SPEC.md /products). */
export const products = defineResource({
  name: 'products',
  path: '/products',
  label: { one: 'Product', many: 'Products' },
  row: productSchema,
  create: productWritable,
  update: productWritable.partial(),
  messages: resourceMessages('Product', 'created'),
  afterSave: '/products',
  deleteMode: 'deactivate',
  searchFields: ['name', 'sku'],
  queryFields: [
    'id',
    'name',
    'sku',
    'manufacturer_id',
    'category_id',
    'brand_id',
    'kind',
    'price_cents',
    'is_serialized',
    'is_active',
    'created_at',
  ],
  defaultSort: 'name',
  references: {
    manufacturer_id: { resource: 'manufacturers', as: 'manufacturer_name' },
    category_id: { resource: 'categories', as: 'category_name' },
    brand_id: { resource: 'brands', as: 'brand_name' },
  },
});

import { z } from 'zod';
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

export const adjustmentReasonSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  description: z.string().nullable(),
  created_at: isoDateTime,
});
export type AdjustmentReason = z.infer<typeof adjustmentReasonSchema>;
const adjustmentReasonWritable = z.strictObject({ name, description: optionalText(500) });

/** Why a stock count or a price changed (SPEC.md /adjustment-reasons). */
export const adjustmentReasons = defineResource({
  name: 'adjustment_reasons',
  path: '/adjustment-reasons',
  label: { one: 'Adjustment Reason', many: 'Adjustment Reasons' },
  row: adjustmentReasonSchema,
  create: adjustmentReasonWritable,
  update: adjustmentReasonWritable.partial(),
  messages: resourceMessages('Adjustment Reason', 'added'),
  afterSave: '/adjustment-reasons',
  deleteMode: 'remove',
  searchFields: ['name', 'description'],
  queryFields: ['id', 'name', 'created_at'],
  defaultSort: 'name',
});

export const manufacturerSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  website: z.string().nullable(),
  created_at: isoDateTime,
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;
const manufacturerWritable = z.strictObject({ name, website: optionalLink(300) });

export const manufacturers = defineResource({
  name: 'manufacturers',
  path: '/manufacturers',
  label: { one: 'Manufacturer', many: 'Manufacturers' },
  row: manufacturerSchema,
  create: manufacturerWritable,
  update: manufacturerWritable.partial(),
  messages: resourceMessages('Manufacturer', 'added'),
  afterSave: '/manufacturers',
  deleteMode: 'remove',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'created_at'],
  defaultSort: 'name',
});

export const productSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  sku: z.string(),
  manufacturer_id: id.nullable(),
  manufacturer_name: z.string().nullable(),
  category_id: id.nullable(),
  category_name: z.string().nullable(),
  /** the warehouse price a store pays, in cents */
  price_cents: cents,
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
  price_cents: cents,
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
    'price_cents',
    'is_serialized',
    'is_active',
    'created_at',
  ],
  defaultSort: 'name',
  references: {
    manufacturer_id: { resource: 'manufacturers', as: 'manufacturer_name' },
    category_id: { resource: 'categories', as: 'category_name' },
  },
});

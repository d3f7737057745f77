import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { cents, id, isoDateTime, optionalText } from '../fields.ts';
import { productKind } from './catalog.ts';

/*
 * Keeping stores stocked (issue 16 items 1 and 9): the static accessories every store (or one
 * store) always carries with a standard quantity (SPEC.md /static-accessories), each store's
 * minimum per product, and the suggested order computed from them, sales, stock and what is on
 * its way.
 */

export const replenishmentMessages = {
  notAccessory: 'Choose an accessory (a product of kind accessory)',
  duplicateStatic: 'This accessory is already a static accessory of that store',
  duplicateMinimum: 'This store already has a minimum for that product',
  staticAdded: (count: number) =>
    `${count} static accessor${count === 1 ? 'y' : 'ies'} added to the cart`,
} as const;

const standardQuantity = z
  .number({ error: 'Enter a quantity' })
  .int('Enter a whole quantity')
  .min(1, 'Quantity must be at least 1')
  .max(10_000, 'Quantity is at most 10000');

export const staticAccessorySchema = z.object({
  id,
  company_id: id,
  product_id: id,
  product_name: z.string().nullable(),
  /** null: every store of the company carries it */
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  /** the standard quantity a store orders at once */
  quantity: z.number().int(),
  note: z.string().nullable(),
  created_at: isoDateTime,
});
export type StaticAccessory = z.infer<typeof staticAccessorySchema>;
const staticAccessoryWritable = z.strictObject({
  product_id: id,
  store_id: id.nullable().optional(),
  quantity: standardQuantity,
  note: optionalText(500),
});

/** An accessory always listed for a store's accessory order, with its standard quantity. */
export const staticAccessories = defineResource({
  name: 'static_accessories',
  path: '/static-accessories',
  label: { one: 'Static Accessory', many: 'Static Accessories' },
  row: staticAccessorySchema,
  create: staticAccessoryWritable,
  update: staticAccessoryWritable.partial(),
  messages: resourceMessages('Static accessory', 'added'),
  afterSave: '/static-accessories',
  deleteMode: 'remove',
  searchFields: ['note'],
  queryFields: ['id', 'product_id', 'store_id', 'quantity', 'created_at'],
  defaultSort: 'id',
  references: {
    product_id: { resource: 'products', as: 'product_name' },
    store_id: { resource: 'stores', as: 'store_name' },
  },
});

/** GET /shop/static-accessories?store_id=: what "Add static accessories" puts in the cart. */
export const staticAccessoriesQuery = z.object({ store_id: z.coerce.number().int().positive() });
export const shopStaticAccessorySchema = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  price_cents: cents,
  tax_bps: z.number().int(),
  quantity: z.number().int().min(1),
});
export type ShopStaticAccessory = z.infer<typeof shopStaticAccessorySchema>;

export const stockMinimumSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  store_name: z.string().nullable(),
  product_id: id,
  product_name: z.string().nullable(),
  /** the fewest units the store should hold */
  min_quantity: z.number().int(),
  created_at: isoDateTime,
});
export type StockMinimum = z.infer<typeof stockMinimumSchema>;
const stockMinimumWritable = z.strictObject({
  store_id: id,
  product_id: id,
  min_quantity: z
    .number({ error: 'Enter a minimum' })
    .int('Enter a whole number')
    .min(0, 'The minimum cannot be negative')
    .max(100_000),
});

/** A store's minimum stock of one product (the suggested order never goes below it). */
export const stockMinimums = defineResource({
  name: 'stock_minimums',
  path: '/stock-minimums',
  label: { one: 'Stock Minimum', many: 'Stock Minimums' },
  row: stockMinimumSchema,
  create: stockMinimumWritable,
  update: stockMinimumWritable.pick({ min_quantity: true }).partial(),
  messages: resourceMessages('Stock minimum', 'added'),
  afterSave: '/stock-minimums',
  deleteMode: 'remove',
  searchFields: [],
  queryFields: ['id', 'store_id', 'product_id', 'min_quantity', 'created_at'],
  defaultSort: 'id',
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    product_id: { resource: 'products', as: 'product_name' },
  },
});

/** Days of sales the suggested order averages over (inherited setting; default 28). */
export const ORDERS_SUGGESTED_SALES_DAYS = 'orders.suggested_sales_days';
/** Lead days of a product that names none (inherited setting; default 7). */
export const ORDERS_DEFAULT_LEAD_DAYS = 'orders.default_lead_days';

/** GET /suggested-order?store_id=&kind= */
export const suggestedOrderQuery = z.object({
  store_id: z.coerce.number().int().positive(),
  kind: productKind.default('device'),
});
export type SuggestedOrderQuery = z.infer<typeof suggestedOrderQuery>;

/**
 * One product's suggestion: target = max(minimum, ceil(average daily sales x lead days));
 * suggested = target - on hand - in transit - on order, never below 0.
 */
export const suggestedLineSchema = z.object({
  product_id: id,
  product_name: z.string(),
  sku: z.string(),
  price_cents: cents,
  tax_bps: z.number().int(),
  minimum: z.number().int(),
  /** units sold in the window (completed sales) and returned in it */
  sold: z.number().int(),
  returned: z.number().int(),
  /** (sold - returned) / sales days, never below 0, rounded to 2 decimals for display */
  average_daily: z.number(),
  lead_days: z.number().int(),
  target: z.number().int(),
  on_hand: z.number().int(),
  /** shipped to the store, not yet received */
  in_transit: z.number().int(),
  /** on the store's orders not yet shipped (open, submitted, accepted) */
  on_order: z.number().int(),
  suggested: z.number().int(),
});
export type SuggestedLine = z.infer<typeof suggestedLineSchema>;

export const suggestedOrderSchema = z.object({
  store_id: id,
  store_name: z.string(),
  kind: productKind,
  sales_days: z.number().int(),
  lines: z.array(suggestedLineSchema),
});
export type SuggestedOrder = z.infer<typeof suggestedOrderSchema>;

import { z } from 'zod';
import { cents, id, isoDateTime } from './fields.ts';

/**
 * Where stock can be: a warehouse, a store, or one order's in-transit location; units that left
 * stock: sold, defective (returned DOA/OBF, never sellable), vendor (sent back), adjusted (written
 * off by a count).
 */
export const stockLocationKind = z.enum([
  'warehouse',
  'store',
  'in_transit',
  'sold',
  'defective',
  'vendor',
  /** written off by a stock count (/accessory-recon-upload) */
  'adjusted',
]);

export const stockLocationSchema = z.object({
  id,
  kind: stockLocationKind,
  name: z.string(),
  store_id: id.nullable(),
  order_id: id.nullable(),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;

export const warehouseInput = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(120),
});

/** A serial as typed or scanned (a barcode scanner types it and presses Enter). */
export const serialText = z
  .string({ error: 'Enter a serial' })
  .trim()
  .min(1, 'Enter a serial')
  .max(64, 'A serial has at most 64 characters');

export const inventoryItemSchema = z.object({
  id,
  serial: z.string(),
  product_id: id,
  product_name: z.string(),
  condition: z.string(),
  location_id: id,
  location_name: z.string(),
  location_kind: stockLocationKind,
  cost_cents: cents,
  price_cents: cents,
  order_id: id.nullable(),
  created_at: isoDateTime,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** Units received into a location: one product, one or more serials (IMEIs). */
export const inventoryItemsInput = z.strictObject({
  product_id: id,
  location_id: id,
  serials: z.array(serialText).min(1, 'Enter at least one serial').max(1000),
  condition: z.enum(['new', 'refurbished', 'used', 'damaged']).default('new'),
  cost_cents: cents.default(0),
  price_cents: cents.default(0),
});

export const stockOnHandSchema = z.object({
  location_id: id,
  location_name: z.string(),
  location_kind: stockLocationKind,
  product_id: id,
  product_name: z.string(),
  quantity: z.number().int().min(0),
});
export type StockOnHand = z.infer<typeof stockOnHandSchema>;

export const stockMovementSchema = z.object({
  id,
  item_id: id,
  serial: z.string(),
  product_id: id,
  from_location_id: id.nullable(),
  from_name: z.string().nullable(),
  to_location_id: id.nullable(),
  to_name: z.string().nullable(),
  reason: z.string(),
  order_id: id.nullable(),
  user_id: id.nullable(),
  user_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /product-serials: where a serial is and every move it made. */
export const productSerialSchema = z.object({
  item: inventoryItemSchema,
  history: z.array(stockMovementSchema),
});

export const orderSummarySchema = z.object({
  id,
  store_id: id,
  store_name: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  total_cents: cents,
  ordered: z.number().int(),
  shipped: z.number().int(),
  created_at: isoDateTime,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const pickLineSchema = z.object({
  product_id: id,
  product_name: z.string(),
  ordered: z.number().int(),
  shipped: z.number().int(),
  in_warehouse: z.number().int(),
});

/** GET /fulfill-order/{id}: what to pick. */
export const pickListSchema = z.object({
  order: orderSummarySchema,
  lines: z.array(pickLineSchema),
});

/** POST /fulfill-order/{id}: the picked serials; partial ships fewer than ordered. */
export const fulfilInput = z.strictObject({
  serials: z.array(serialText).min(1, 'Scan or type at least one serial').max(5000),
  partial: z.boolean().default(false),
});

/** Receiving against the manifest: each scanned serial's class, and what was not scanned. */
export const manifestCheckSchema = z.object({
  matched: z.array(z.string()),
  missing: z.array(z.string()),
  unexpected: z.array(z.string()),
  wrong_product: z.array(z.string()),
});
export type ManifestCheck = z.infer<typeof manifestCheckSchema>;

export const receiveInput = z.strictObject({
  serials: z.array(serialText).max(5000),
});

export const receiveResultSchema = manifestCheckSchema.extend({
  status: z.string(),
  discrepancy_id: id.nullable(),
});

export const discrepancyResolution = z.enum(['reship', 'credit', 'accept']);
export const resolveInput = z.strictObject({ resolution: discrepancyResolution });

export const discrepancySchema = z.object({
  id,
  order_id: id,
  missing: z.array(z.string()),
  unexpected: z.array(z.string()),
  wrong_product: z.array(z.string()),
  resolution: discrepancyResolution.nullable(),
  created_at: isoDateTime,
});

/** GET /reports/open-orders: per store, the orders not yet received or canceled. */
export const openOrdersRowSchema = z.object({
  store_id: id,
  store_name: z.string().nullable(),
  open: z.number().int(),
  submitted: z.number().int(),
  pending_shipment: z.number().int(),
  shipped: z.number().int(),
  under_review: z.number().int(),
  /** all of the above */
  orders: z.number().int(),
  /** units ordered on them */
  units: z.number().int(),
  total_cents: cents,
});
export type OpenOrdersRow = z.infer<typeof openOrdersRowSchema>;

/** GET /reports/stock-on-hand: units per location and product, at cost and at price. */
export const stockValueRowSchema = z.object({
  location_id: id,
  location_name: z.string(),
  location_kind: z.string(),
  product_id: id,
  product_name: z.string(),
  units: z.number().int(),
  cost_cents: z.number().int(),
  value_cents: z.number().int(),
});
export type StockValueRow = z.infer<typeof stockValueRowSchema>;

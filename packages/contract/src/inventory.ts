import { z } from 'zod';
import { cents, id, isoDateTime } from './fields.ts';

/**
 * Where stock can be: a warehouse, a store, or one order's in-transit location; units that left
 * stock: sold, defective (returned DOA/OBF, never sellable), vendor (sent back), adjusted (written
 * off by a count), internal (kept for the company's own use).
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
  /** set aside for the company's own use (/inventory-internal-inv) */
  'internal',
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

/** A serialised unit rejected on a purchase order receipt: set aside for the supplier, never in stock. */
export const serialRejectionSchema = z.object({
  receipt_id: id,
  purchase_order_id: id,
  product_id: id,
  product_name: z.string(),
  warehouse_id: id,
  reason: z.string().nullable(),
  rejected_at: isoDateTime,
});
export type SerialRejection = z.infer<typeof serialRejectionSchema>;

/**
 * GET /product-serials: where a serial is and every move it made; a serial rejected on receipt
 * (and never in stock) has no item and no moves, only its rejections.
 */
export const productSerialSchema = z.object({
  item: inventoryItemSchema.nullable(),
  history: z.array(stockMovementSchema),
  rejections: z.array(serialRejectionSchema),
});
export type ProductSerial = z.infer<typeof productSerialSchema>;

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

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-07-14')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'Not a real date');

/**
 * The date range of a warehouse report, both days included (UTC); without one, the last 30 days.
 * At most a year and a day.
 */
export const warehouseReportRangeSchema = z
  .strictObject({ from: reportDay.optional(), to: reportDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    message: 'The range can be at most a year',
    path: ['to'],
  });
export type WarehouseReportRange = z.infer<typeof warehouseReportRangeSchema>;

/**
 * GET /reports/fulfilment-time: per store (and one overall row, store_id null), the orders shipped
 * in the range and the days from their submission to their shipment.
 */
export const fulfilmentTimeRowSchema = z.object({
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  orders: z.number().int(),
  average_days: z.number(),
  median_days: z.number(),
  p90_days: z.number(),
});
export type FulfilmentTimeRow = z.infer<typeof fulfilmentTimeRowSchema>;

/**
 * GET /reports/adjustments: the stock adjustments (a count's difference at a location, in units)
 * and the price adjustments (an order line's delta, in cents) made in the range.
 */
export const adjustmentReportRowSchema = z.object({
  /** `stock-<id>` or `price-<id>` */
  key: z.string(),
  kind: z.enum(['stock', 'price']),
  created_at: isoDateTime,
  location_name: z.string().nullable(),
  order_id: id.nullable(),
  store_name: z.string().nullable(),
  product_name: z.string().nullable(),
  reason_name: z.string().nullable(),
  user_name: z.string().nullable(),
  /** units added (positive) or written off (negative); null for a price adjustment */
  quantity: z.number().int().nullable(),
  /** the price delta (negative: a credit); null for a stock adjustment */
  amount_cents: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type AdjustmentReportRow = z.infer<typeof adjustmentReportRowSchema>;

/** GET /reports/in-transit: per store, the shipped orders not yet received, by days since shipment. */
export const inTransitRowSchema = z.object({
  store_id: id,
  store_name: z.string().nullable(),
  orders: z.number().int(),
  days_0_2: z.number().int(),
  days_3_7: z.number().int(),
  days_8_plus: z.number().int(),
  oldest_days: z.number().int(),
});
export type InTransitRow = z.infer<typeof inTransitRowSchema>;

/** The range's bounds as instants: from its first day's start to the day after its last (UTC). */
export function warehouseReportBounds(range: WarehouseReportRange, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const to = range.to ?? (range.from && range.from > today ? range.from : today);
  const from =
    range.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return {
    from,
    to,
    start: new Date(`${from}T00:00:00Z`),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000),
  };
}

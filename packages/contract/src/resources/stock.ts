import { z } from 'zod';
import { allowedActionsField, defineResource, resourceMessages } from '../resource.ts';
import { cents, id, isoDateTime, optionalText } from '../fields.ts';
import { bulkRequestSchema } from '../platform.ts';

/**
 * Stock (issue 19 item 7, SPEC.md /inventory/stock): one record per counted (not serialised)
 * product and warehouse, with what is on hand, its unit cost and value (integer cents) and the
 * reorder point. The quantity changes only through movements with a reason (POST
 * /inventory-stock/{id}/move), recorded with who and when; it never goes below zero.
 */

/** The largest count a stock record holds or a file moves at once. */
export const MAX_STOCK_UNITS = 1_000_000;

const count = (label: string) =>
  z
    .number({ error: `Enter the ${label}` })
    .int(`Enter a whole ${label}`)
    .min(0, `The ${label} cannot be negative`)
    .max(MAX_STOCK_UNITS, `The ${label} is at most ${MAX_STOCK_UNITS}`);

export const stockMessages = {
  recordExists: (product: string, location: string) =>
    `${product} already has a stock record at ${location}; edit that one`,
  serialised: (product: string) =>
    `${product} is serialised: its units are counted by serial number, not here`,
  notWarehouse: 'Choose one of your warehouses',
  reasonMissing: 'Choose one of your adjustment reasons',
  wouldGoNegative: (onHand: number, taking: number) =>
    `Only ${onHand} on hand; cannot take ${taking}. Stock never goes below zero`,
  zeroMove: 'Enter a quantity other than 0 (negative takes units out)',
  stillOnHand: (onHand: number) =>
    `${onHand} on hand: move them out before deleting this stock record`,
  moved: 'Stock movement recorded',
  notMoved: 'Stock movement not recorded',
} as const;

export const stockRecordSchema = z.object({
  id,
  company_id: id,
  location_id: id,
  location_name: z.string().nullable(),
  product_id: id,
  product_name: z.string().nullable(),
  /** counted units at the warehouse (receipts, movements, internal use) */
  on_hand: z.number().int(),
  reorder_point: z.number().int(),
  reorder_quantity: z.number().int(),
  /** the unit cost, integer cents */
  cost_cents: z.number().int(),
  /** on hand x cost, integer cents */
  value_cents: z.number().int(),
  /** on hand below the reorder point */
  below_reorder: z.boolean(),
  created_by: id.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** Record movement, for whoever may write stock */
  allowed_actions: allowedActionsField,
});
export type StockRecord = z.infer<typeof stockRecordSchema>;

const stockSettings = {
  reorder_point: count('reorder point').default(0),
  reorder_quantity: count('reorder quantity').default(0),
  cost_cents: cents.default(0),
};

const stockCreate = z.strictObject({
  product_id: id.describe('a counted (not serialised) product of the catalogue'),
  location_id: id.describe('one of the company’s warehouses'),
  ...stockSettings,
});
/** The product and warehouse stay; on hand changes only by movements. */
const stockUpdate = z.strictObject({
  reorder_point: stockSettings.reorder_point,
  reorder_quantity: stockSettings.reorder_quantity,
  cost_cents: stockSettings.cost_cents,
});

/** POST /inventory-stock/{id}/move: units in (positive) or out (negative), with a reason. */
export const stockMoveSchema = z.strictObject({
  quantity: z
    .number({ error: 'Enter the quantity' })
    .int('Enter a whole quantity')
    .min(-MAX_STOCK_UNITS, `At most ${MAX_STOCK_UNITS} units at once`)
    .max(MAX_STOCK_UNITS, `At most ${MAX_STOCK_UNITS} units at once`)
    .refine((value) => value !== 0, stockMessages.zeroMove),
  reason_id: id.describe('an adjustment reason of the company'),
  note: optionalText(500),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

export const inventoryStock = defineResource({
  name: 'inventory_stock',
  path: '/inventory-stock',
  label: { one: 'Stock record', many: 'Stock' },
  row: stockRecordSchema,
  create: stockCreate,
  update: stockUpdate,
  messages: resourceMessages('Stock record', 'created'),
  afterSave: '/inventory/stock',
  deleteMode: 'remove',
  searchFields: [],
  queryFields: [
    'id',
    'location_id',
    'product_id',
    'on_hand',
    'reorder_point',
    'reorder_quantity',
    'cost_cents',
    'value_cents',
    'below_reorder',
    'updated_at',
  ],
  defaultSort: 'location_id',
  history: true,
  actions: {
    move: {
      label: 'Record movement',
      body: stockMoveSchema,
      messages: { done: stockMessages.moved, failed: stockMessages.notMoved },
    },
  },
  references: {
    product_id: { resource: 'products', as: 'product_name' },
    location_id: { resource: 'warehouses', as: 'location_name' },
  },
});

/** One change of a record's on hand (GET /inventory-stock/{id}/movements), newest first. */
export const stockMovementSchema = z.object({
  id,
  /** units in (positive) or out (negative) */
  delta: z.number().int(),
  reason: z.string(),
  receipt_id: id.nullable(),
  user_id: id.nullable(),
  user_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /inventory-stock/valuation: value per warehouse and overall (integer cents). */
export const stockValuationQuery = z.object({
  location_id: z.coerce.number().int().positive().optional(),
  below_reorder: z.enum(['true', 'false']).optional(),
});
export const stockValuationSchema = z.object({
  locations: z.array(
    z.object({
      location_id: id,
      location_name: z.string(),
      records: z.number().int(),
      on_hand: z.number().int(),
      value_cents: z.number().int(),
      below_reorder: z.number().int(),
    }),
  ),
  records: z.number().int(),
  on_hand: z.number().int(),
  value_cents: z.number().int(),
  below_reorder: z.number().int(),
});
export type StockValuation = z.infer<typeof stockValuationSchema>;

/**
 * Bulk CSV files (the platform's bulk request and reply: `csv`, `dry_run`; errors by line):
 * upload `sku,location,quantity,cost,reorder_point` (creates the record or adds the quantity, with
 * the file's reason); update `sku,location,reorder_point,reorder_quantity,cost` (existing records).
 */
export const stockUploadColumns = ['sku', 'location', 'quantity', 'cost', 'reorder_point'] as const;
export const stockUpdateColumns = [
  'sku',
  'location',
  'reorder_point',
  'reorder_quantity',
  'cost',
] as const;
export const stockUploadRequest = bulkRequestSchema.extend({
  reason_id: id.describe('the adjustment reason every added quantity is recorded with'),
});
export const stockUpdateRequest = bulkRequestSchema;
/** At most this many lines in one file. */
export const STOCK_BULK_MAX_ROWS = 5000;
export const stockBulkMessages = {
  uploaded: (n: number) => `${n} stock ${n === 1 ? 'line' : 'lines'} uploaded`,
  updated: (n: number) => `${n} stock ${n === 1 ? 'record' : 'records'} updated`,
  unknownSku: (sku: string) => `No product with SKU ${sku}`,
  unknownLocation: (name: string) => `No warehouse named ${name}`,
  noRecord: (sku: string, location: string) => `No stock record of ${sku} at ${location}`,
  repeated: (line: number) => `The same SKU and warehouse as line ${line}`,
  cost: 'Enter the cost in dollars and cents (12.50)',
} as const;

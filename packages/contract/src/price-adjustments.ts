import { z } from 'zod';
import { defineResource, personReference, resourceMessages } from './resource.ts';
import { id, isoDateTime, optionalText } from './fields.ts';
import type { OrderStatus } from './resources/orders.ts';

/** The order statuses in which a line's price may be adjusted: once the warehouse accepted it. */
export const adjustableOrderStatuses = [
  'pending_shipment',
  'shipped',
  'under_review',
  'received',
] as const satisfies readonly OrderStatus[];

export const priceAdjustmentMessages = {
  notAdjustable: 'Only orders the warehouse has accepted can have a price adjustment',
  lineNotFound: 'Order line not found',
  reasonRequired: 'Choose a reason',
  negativeTotal: (total: string) => `The line's total cannot go below zero (it is ${total})`,
  zero: 'Enter an amount other than zero',
  tooLarge: 'The total is too large',
};

/** A price adjustment as the API returns it (the order's line, the reason and the approver named). */
export const priceAdjustmentSchema = z.object({
  id,
  company_id: id,
  order_id: id,
  order_line_id: id,
  product_name: z.string().nullable(),
  /** integer cents added to the line's total; negative for a credit */
  delta_cents: z.number().int(),
  reason_id: id,
  reason_name: z.string().nullable(),
  note: z.string().nullable(),
  /** who approved it: the user who made it, holding approve_price_adjustments */
  approved_by: id.nullable(),
  approved_by_name: z.string().nullable(),
  line_total_before_cents: z.number().int(),
  line_total_after_cents: z.number().int(),
  created_at: isoDateTime,
});
export type PriceAdjustment = z.infer<typeof priceAdjustmentSchema>;

const priceAdjustmentCreate = z.strictObject({
  /** a line of this order (a select on screen sends its id as text) */
  order_line_id: z.coerce
    .number({ error: 'Choose a line' })
    .int('Choose a line')
    .positive('Choose a line'),
  delta_cents: z
    .number({ error: 'Enter an amount in cents' })
    .int('Use whole cents')
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((value) => value !== 0, priceAdjustmentMessages.zero),
  reason_id: z.number({ error: priceAdjustmentMessages.reasonRequired }).int().positive(),
  note: optionalText(500),
});

/**
 * SPEC.md /price-adjustment: a delta on one line of an order (`/orders/{id}/price-adjustments`),
 * with a reason (/adjustment-reasons) and who approved it. Append-only (a correction is another
 * adjustment); the line's and the order's totals include the sum, in the same transaction, and a
 * line total below zero is refused. Each one is also an entry of the order's history. Whoever
 * reads the order reads its adjustments.
 */
export const priceAdjustments = defineResource({
  name: 'order_price_adjustments',
  path: '/price-adjustments',
  parent: { path: '/orders', column: 'order_id', rowParam: 'adjustmentId' },
  access: { read: 'read_orders', write: 'approve_price_adjustments' },
  operations: ['list', 'get', 'create'],
  label: { one: 'Price Adjustment', many: 'Price Adjustments' },
  row: priceAdjustmentSchema,
  create: priceAdjustmentCreate,
  update: z.strictObject({}),
  messages: resourceMessages('Price adjustment', 'added'),
  deleteMode: 'remove',
  searchFields: ['note'],
  queryFields: ['id', 'order_line_id', 'reason_id', 'delta_cents', 'approved_by', 'created_at'],
  defaultSort: '-id',
  references: {
    reason_id: { resource: 'adjustment_reasons', as: 'reason_name' },
    approved_by: personReference('approved_by_name'),
  },
});

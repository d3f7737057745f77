import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';
import { adjustmentReasons, products } from '../catalog/schema.ts';

/** A store's order from the company's warehouse; its totals are the sums of its lines, in cents. */
export const orders = pgTable(
  'orders',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    /** device (from /cart) or accessory (from /cart/accessories) */
    kind: text().notNull().default('device'),
    status: text().notNull().default('open'),
    note: text(),
    subtotal_cents: integer().notNull().default(0),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull().default(0),
    /** the sum of its lines' price adjustments (total = subtotal + tax + adjustments) */
    adjustment_cents: integer().notNull().default(0),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.status, t.id),
    index().on(t.company_id, t.store_id, t.created_at),
    index().on(t.company_id, t.kind, t.id),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    ...tenantColumns(),
    order_id: integer().notNull(),
    product_id: integer().notNull(),
    quantity: integer().notNull(),
    unit_price_cents: integer().notNull(),
    tax_cents: integer().notNull().default(0),
    /** the sum of the line's price adjustments (total = quantity x price + tax + adjustments) */
    adjustment_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.order_id, orders).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.order_id),
  ],
);

/**
 * A price adjustment of one order line (/price-adjustment): a delta in cents (negative: a credit)
 * with a reason and who approved it; append-only, the line's and order's totals carry the sum.
 */
export const orderPriceAdjustments = pgTable(
  'order_price_adjustments',
  {
    ...tenantColumns(),
    order_id: integer().notNull(),
    order_line_id: integer().notNull(),
    delta_cents: integer().notNull(),
    reason_id: integer().notNull(),
    note: text(),
    approved_by: integer(),
    line_total_before_cents: integer().notNull(),
    line_total_after_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.order_id, orders).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.order_line_id, orderLines).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.reason_id, adjustmentReasons),
    tenantForeignKey(t.company_id, t.approved_by, users),
    index().on(t.company_id, t.order_id, t.id),
    check('order_price_adjustments_after', sql`${t.line_total_after_cents} >= 0`),
  ],
);

/**
 * A shipped order flagged late (not received within the store's `orders.late_after_days`): one row
 * per order, so the job `orders.late_orders` notifies and opens a ticket once. `ticket_id` names
 * the ticket it opened (no foreign key: a deleted ticket leaves the flag standing).
 */
export const orderLateFlags = pgTable(
  'order_late_flags',
  {
    ...tenantColumns(),
    order_id: integer().notNull(),
    ticket_id: integer(),
    shipped_at: isoTimestamp('shipped_at').notNull(),
    late_after_days: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.order_id, orders).onDelete('cascade'),
    unique().on(t.company_id, t.order_id),
  ],
);

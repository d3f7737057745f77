import { foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';
import { products } from '../catalog/schema.ts';

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
    total_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.order_id, orders).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.order_id),
  ],
);

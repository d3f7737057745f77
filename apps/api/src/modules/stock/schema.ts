import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { products } from '../catalog/schema.ts';
import { stockLocations } from '../inventory/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A stock record (/inventory/stock): one counted product at one warehouse, its reorder point and
 * quantity and its unit cost. `on_hand` mirrors purchasing's counted stock (warehouse_stock) and
 * is written only by the trigger of migration 0041, so receipts, internal use and movements all
 * show here; value and the reorder flag are computed by the database, so lists filter and sort by
 * them.
 */
export const stockRecords = pgTable(
  'stock_records',
  {
    ...tenantColumns(),
    location_id: integer().notNull(),
    product_id: integer().notNull(),
    on_hand: integer().notNull().default(0),
    reorder_point: integer().notNull().default(0),
    reorder_quantity: integer().notNull().default(0),
    cost_cents: integer().notNull().default(0),
    value_cents: bigint({ mode: 'number' }).generatedAlwaysAs(sql`on_hand::bigint * cost_cents`),
    below_reorder: boolean().generatedAlwaysAs(sql`on_hand < reorder_point`),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.location_id, stockLocations),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.created_by, users),
    unique().on(t.company_id, t.location_id, t.product_id),
    index().on(t.company_id, t.product_id),
    index().on(t.company_id, t.below_reorder, t.location_id),
    check(
      'stock_records_counts',
      sql`${t.on_hand} >= 0 and ${t.reorder_point} >= 0 and ${t.reorder_quantity} >= 0 and ${t.cost_cents} >= 0`,
    ),
  ],
);

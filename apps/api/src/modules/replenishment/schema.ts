import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { products } from '../catalog/schema.ts';
import { stores } from '../organisation/schema.ts';

/**
 * An accessory always listed for a store's accessory order (SPEC.md /static-accessories), with the
 * quantity it is ordered in; `store_id` null: every store. A store's own row wins over the
 * company-wide one of the same accessory.
 */
export const staticAccessories = pgTable(
  'static_accessories',
  {
    ...tenantColumns(),
    product_id: integer().notNull(),
    store_id: integer(),
    quantity: integer().notNull(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.store_id, stores).onDelete('cascade'),
    unique().on(t.company_id, t.store_id, t.product_id),
    // NULL store ids are distinct in a unique constraint: one company-wide row per accessory.
    uniqueIndex('static_accessories_company_wide')
      .on(t.company_id, t.product_id)
      .where(sql`${t.store_id} is null`),
    check('static_accessories_quantity', sql`${t.quantity} between 1 and 10000`),
  ],
);

/** A store's minimum stock of one product: the suggested order never aims below it. */
export const stockMinimums = pgTable(
  'stock_minimums',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    product_id: integer().notNull(),
    min_quantity: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.store_id, stores).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    unique().on(t.company_id, t.store_id, t.product_id),
    index().on(t.company_id, t.product_id),
    check('stock_minimums_quantity', sql`${t.min_quantity} between 0 and 100000`),
  ],
);

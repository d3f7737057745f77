import { check, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { adjustmentReasons, products } from '../catalog/schema.ts';
import { companies, stores } from '../organisation/schema.ts';
import { orders } from '../orders/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Where stock can be: a company warehouse, a store (one location per store), or one order's
 * in-transit location (shipped units, belonging to neither site). Units that left stock stay
 * traceable in one company location per kind: sold (to customers), defective (DOA/OBF returns,
 * never sellable), vendor (sent back by a stock balance return), adjusted (written off by a
 * count: counted fewer than on hand) and internal (set aside for the company's own use).
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    name: text().notNull(),
    store_id: integer(),
    order_id: integer(),
    /** a warehouse's contact, phone and address (the inventory app's /inventory/warehouses) */
    contact_name: text(),
    phone: text(),
    address: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.order_id, orders).onDelete('cascade'),
    unique().on(t.company_id, t.store_id),
    unique().on(t.company_id, t.order_id),
    index().on(t.company_id, t.kind, t.name),
    check(
      'stock_locations_kind',
      sql`${t.kind} in ('warehouse', 'store', 'in_transit', 'sold', 'defective', 'vendor', 'adjusted', 'internal')`,
    ),
  ],
);

/** One serialised unit (IMEI or serial): in exactly one place, a serial once per company. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    ...tenantColumns(),
    serial: text().notNull(),
    product_id: integer().notNull(),
    condition: text().notNull().default('new'),
    location_id: integer().notNull(),
    cost_cents: integer().notNull().default(0),
    price_cents: integer().notNull().default(0),
    /** the order that shipped it (set while in transit and after) */
    order_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.location_id, stockLocations),
    unique().on(t.company_id, t.serial),
    index().on(t.company_id, t.location_id, t.product_id),
    check('inventory_items_cents', sql`${t.cost_cents} >= 0 and ${t.price_cents} >= 0`),
  ],
);

/** Every change of a unit's place: what, from, to, why, who, when (append-only). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    ...tenantColumns(),
    item_id: integer().notNull(),
    serial: text().notNull(),
    product_id: integer().notNull(),
    from_location_id: integer(),
    to_location_id: integer(),
    reason: text().notNull(),
    order_id: integer(),
    user_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.item_id, inventoryItems).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.user_id, users),
    index().on(t.company_id, t.serial, t.id),
    index().on(t.company_id, t.item_id, t.id),
  ],
);

/** What receiving found against an order's manifest, and how the warehouse resolved it. */
export const orderDiscrepancies = pgTable(
  'order_discrepancies',
  {
    ...tenantColumns(),
    order_id: integer().notNull(),
    missing: text().array().notNull(),
    unexpected: text().array().notNull(),
    wrong_product: text().array().notNull(),
    resolution: text(),
    resolved_by: integer(),
    reported_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.order_id, orders).onDelete('cascade'),
    unique().on(t.company_id, t.order_id),
    check(
      'order_discrepancies_resolution',
      sql`${t.resolution} is null or ${t.resolution} in ('reship', 'credit', 'accept')`,
    ),
  ],
);

/**
 * A stock count's difference posted for one product at one location (/accessory-recon-upload):
 * `quantity` units added (positive) or written off (negative), with a reason; the units' moves
 * are in stock_movements.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    ...tenantColumns(),
    location_id: integer().notNull(),
    product_id: integer().notNull(),
    on_hand: integer().notNull(),
    counted: integer().notNull(),
    quantity: integer().notNull(),
    reason_id: integer().notNull(),
    note: text(),
    user_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.location_id, stockLocations),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.reason_id, adjustmentReasons),
    tenantForeignKey(t.company_id, t.user_id, users),
    index().on(t.company_id, t.location_id, t.id),
  ],
);

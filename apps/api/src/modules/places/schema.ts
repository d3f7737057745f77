import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { products } from '../catalog/schema.ts';
import { stockLocations } from '../inventory/schema.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** A customer's site where the company keeps or delivers stock (SPEC.md /inventory/customer-warehouses). */
export const customerWarehouses = pgTable(
  'customer_warehouses',
  {
    ...tenantColumns(),
    name: text().notNull(),
    customer_name: text().notNull(),
    contact_name: text(),
    email: text(),
    phone: text(),
    address: text(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
    index().on(t.company_id, t.name, t.id),
  ],
);

/** Stock set aside for the company's own use: what, from which warehouse, why, by whom. */
export const internalInventory = pgTable(
  'internal_inventory',
  {
    ...tenantColumns(),
    product_id: integer().notNull(),
    warehouse_id: integer().notNull(),
    quantity: integer().notNull(),
    purpose: text().notNull(),
    note: text(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.warehouse_id, stockLocations),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.warehouse_id, t.id),
    check('internal_inventory_quantity', sql`${t.quantity} > 0`),
  ],
);

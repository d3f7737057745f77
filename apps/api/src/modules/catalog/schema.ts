import { boolean, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { activeFlag, tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

export const categories = pgTable(
  'categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

export const adjustmentReasons = pgTable(
  'adjustment_reasons',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

export const manufacturers = pgTable(
  'manufacturers',
  {
    ...tenantColumns(),
    name: text().notNull(),
    website: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

export const products = pgTable(
  'products',
  {
    ...tenantColumns(),
    name: text().notNull(),
    sku: text().notNull(),
    manufacturer_id: integer(),
    category_id: integer(),
    price_cents: integer().notNull(),
    is_serialized: boolean().notNull().default(false),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.manufacturer_id, manufacturers),
    tenantForeignKey(t.company_id, t.category_id, categories),
    unique().on(t.company_id, t.sku),
    index().on(t.company_id, t.name),
  ],
);

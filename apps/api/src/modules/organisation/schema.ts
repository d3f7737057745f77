import { sql } from 'drizzle-orm';
import { foreignKey, integer, pgTable, serial, text, unique, boolean } from 'drizzle-orm/pg-core';
import {
  activeFlag,
  createdAt,
  tenantColumns,
  tenantPrimaryKey,
  updatedAt,
  tenantForeignKey,
} from '../../db/columns.ts';

/** Companies are the tenants: a global table, the root every tenant row hangs from. */
export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  name: text().notNull(),
  theme_color: text().notNull().default('#004995'),
  logo_url: text(),
  timezone: text().notNull().default('America/Virgin'),
  timeout_limit: integer().notNull().default(10),
  /** Every user of the company signs in with a second factor (mailed code unless they enrolled TOTP). */
  two_factor_required: boolean().notNull().default(false),
  is_active: activeFlag(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const regions = pgTable(
  'regions',
  {
    ...tenantColumns(),
    name: text().notNull(),
    is_active: activeFlag(),
    is_b2b: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

export const districts = pgTable(
  'districts',
  {
    ...tenantColumns(),
    name: text().notNull(),
    region_id: integer(),
    is_active: activeFlag(),
    is_b2b: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.region_id, regions),
    unique().on(t.company_id, t.name),
  ],
);

export const stores = pgTable(
  'stores',
  {
    ...tenantColumns(),
    unique_id: text()
      .notNull()
      .default(sql`'S' || lpad((floor(random() * 1000000))::text, 6, '0')`),
    name: text().notNull(),
    district_id: integer(),
    time_zone: text().notNull().default('America/Virgin'),
    address: text(),
    phone: text(),
    is_active: activeFlag(),
    is_b2b: boolean().notNull().default(false),
    /** Opening hours on the store's wall clock, 'HH:MM'; null when not set. */
    opens_at: text(),
    closes_at: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.district_id, districts),
    unique().on(t.company_id, t.unique_id),
  ],
);

import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Files and links a company keeps (logos, icons, documents: uploaded or https) and its equipment
 * per store (kind `equipment`, /asset-tracker): type, serial, store, assigned person, condition,
 * photo; its moves between stores are in the resource history.
 */
export const companyAssets = pgTable(
  'company_assets',
  {
    ...tenantColumns(),
    name: text().notNull(),
    kind: text().notNull(),
    /** the file or address; null for equipment */
    url: text(),
    asset_type: text(),
    serial_number: text(),
    store_id: integer(),
    assigned_user_id: integer(),
    condition: text(),
    photo_url: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.assigned_user_id, users),
    index().on(t.company_id, t.kind, t.store_id),
  ],
);

/** Wireless carriers: one global list. */
export const carriers = pgTable('carriers', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  code: text().notNull().unique(),
  is_active: boolean().notNull().default(true),
});

/** The carriers a company sells for. */
export const companyCarriers = pgTable(
  'company_carriers',
  {
    ...tenantColumns(),
    carrier_id: integer()
      .notNull()
      .references(() => carriers.id),
    account_number: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.carrier_id),
  ],
);

import { boolean, foreignKey, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

/** Files and links a company keeps: logos, icons, documents (uploaded or https). */
export const companyAssets = pgTable(
  'company_assets',
  {
    ...tenantColumns(),
    name: text().notNull(),
    kind: text().notNull(),
    url: text().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
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

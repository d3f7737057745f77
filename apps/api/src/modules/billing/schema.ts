import { boolean, foreignKey, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey, tenantForeignKey } from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';

/** Tax rates in basis points (825 = 8.25 %), company-wide or for one store. */
export const taxInfo = pgTable(
  'tax_info',
  {
    ...tenantColumns(),
    name: text().notNull(),
    rate_bps: integer().notNull(),
    store_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    unique().on(t.company_id, t.name),
  ],
);

/** A store's account with a payment provider: one per store. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    provider: text().notNull().default('stripe'),
    account_ref: text().notNull(),
    display_name: text(),
    charge_enabled: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.store_id, stores),
    unique().on(t.company_id, t.store_id),
  ],
);

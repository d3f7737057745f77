import { foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

/** Messages of the public contact form (/contact-us): a lead, or the ticket they opened. */
export const contactUsEntries = pgTable(
  'contact_us_entries',
  {
    ...tenantColumns(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    message: text().notNull(),
    /** the sender's address, for the hourly limit per address */
    ip: text().notNull(),
    landed_as: text().notNull().default('lead'),
    ticket_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    index().on(t.ip, t.created_at),
  ],
);

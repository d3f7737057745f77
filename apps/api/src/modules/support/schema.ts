import { foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey, tenantForeignKey } from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

export const supportTicketTypes = pgTable(
  'support_ticket_types',
  {
    ...tenantColumns(),
    title: text().notNull(),
    description: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
  ],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    ...tenantColumns(),
    type_id: integer().notNull(),
    /** Who sent it; null if that user is gone. */
    user_id: integer(),
    detail: text().notNull(),
    email: text().notNull(),
    store_id: integer(),
    sent_from_route: text(),
    status: text().notNull().default('open'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.type_id, supportTicketTypes),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    index().on(t.company_id, t.status, t.id),
  ],
);

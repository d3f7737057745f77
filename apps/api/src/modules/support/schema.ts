import { foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey } from '../../db/columns.ts';
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
    foreignKey({
      columns: [t.company_id, t.type_id],
      foreignColumns: [supportTicketTypes.company_id, supportTicketTypes.id],
    }),
    foreignKey({
      columns: [t.company_id, t.user_id],
      foreignColumns: [users.company_id, users.id],
    }),
    foreignKey({
      columns: [t.company_id, t.store_id],
      foreignColumns: [stores.company_id, stores.id],
    }),
    index().on(t.company_id, t.status, t.id),
  ],
);

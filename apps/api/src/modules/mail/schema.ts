import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * Mail written when no SMTP server is configured (the embedded default): the server log prints
 * each message and the dev mailbox shows them, so reset links and sign-in codes still reach people.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    company_id: integer(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index().on(t.to, t.id)],
);

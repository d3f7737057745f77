import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey } from '../../db/columns.ts';

/**
 * The audit trail of every resource that declares `history` or `statuses`: one row per create,
 * update, delete, transition or action, with the changed fields before and after and who did it.
 * Rows name their record by resource and id (no foreign key), so a deleted record keeps its trail.
 */
export const resourceHistory = pgTable(
  'resource_history',
  {
    ...tenantColumns(),
    resource: text().notNull(),
    record_id: integer().notNull(),
    action: text().notNull(),
    from_status: text(),
    to_status: text(),
    note: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    user_id: integer(),
  },
  (t) => [tenantPrimaryKey(t), index().on(t.company_id, t.resource, t.record_id, t.id)],
);

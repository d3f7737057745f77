import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * An employee's pay from a date on. Rows are never changed: a raise or a correction is a new row,
 * so the history stays; the current pay is the latest row already in effect.
 */
export const hrCompensations = pgTable(
  'hr_compensations',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    /** `hourly` or `salaried` */
    pay_type: text().notNull(),
    /** In cents: per hour when hourly, per year when salaried. */
    rate_cents: integer().notNull(),
    effective_from: date({ mode: 'string' }).notNull(),
    note: text(),
    created_by: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.user_id, t.effective_from),
  ],
);

/** A file kept on an employee's record, uploaded through a signed URL (platform/uploads.ts). */
export const hrEmployeeDocuments = pgTable(
  'hr_employee_documents',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    title: text().notNull(),
    /** The upload's key: `<company>/<folder>/<uuid>-<name>.<ext>`. */
    file_key: text().notNull(),
    content_type: text().notNull(),
    size: integer().notNull(),
    uploaded_by: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.uploaded_by, users),
    index().on(t.company_id, t.user_id),
  ],
);

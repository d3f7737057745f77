import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { hrTimecardBreaks, hrTimecards } from '../hr/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A request to correct a timecard (its clock-in and/or clock-out) or one of its breaks, from the
 * employee, for a manager to approve or reject. The auto clock-out's "real end time" requests
 * (hr_timecards.requested_clock_out) are written here too, as `source = 'auto_clockout'`, so managers
 * work one queue. At most one pending request per timecard.
 */
export const hrTimesheetCorrections = pgTable(
  'hr_timesheet_corrections',
  {
    ...tenantColumns(),
    timecard_id: integer().notNull(),
    /** set when the request is about a break of the timecard */
    break_id: integer(),
    /** the employee whose timecard it is */
    user_id: integer().notNull(),
    requested_by: integer().notNull(),
    /** `employee` or `auto_clockout` */
    source: text().notNull().default('employee'),
    /** timecard: clock_in/clock_out; break: break_start/break_end (null = unchanged) */
    requested_start: isoTimestamp('requested_start'),
    requested_end: isoTimestamp('requested_end'),
    reason: text(),
    /** `pending`, `approved` or `rejected` */
    status: text().notNull().default('pending'),
    decided_by: integer(),
    decided_at: isoTimestamp('decided_at'),
    decision_reason: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.timecard_id, hrTimecards),
    tenantForeignKey(t.company_id, t.break_id, hrTimecardBreaks),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.requested_by, users),
    tenantForeignKey(t.company_id, t.decided_by, users),
    uniqueIndex('hr_timesheet_corrections_one_pending')
      .on(t.company_id, t.timecard_id)
      .where(sql`status = 'pending'`),
    index().on(t.company_id, t.status, t.created_at),
  ],
);

/**
 * Every change made to a timecard or a break after the fact (an approved correction, a manager's
 * edit): who, when, what, and the row's fields before and after.
 */
export const hrTimecardAudit = pgTable(
  'hr_timecard_audit',
  {
    ...tenantColumns(),
    timecard_id: integer().notNull(),
    break_id: integer(),
    /** `timecard` or `break` */
    entity: text().notNull(),
    /** `correction_approved` or `manager_edit` */
    action: text().notNull(),
    correction_id: integer(),
    changed_by: integer().notNull(),
    before: jsonb().$type<Record<string, unknown>>().notNull(),
    after: jsonb().$type<Record<string, unknown>>().notNull(),
    reason: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.timecard_id, hrTimecards),
    tenantForeignKey(t.company_id, t.changed_by, users),
    index().on(t.company_id, t.timecard_id),
  ],
);

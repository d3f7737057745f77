import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  activeFlag,
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Kinds of time off a company offers (Vacation, Sick, Personal, Unpaid). Amounts are kept in
 * minutes (whole numbers, exact); the API speaks hours. A null allowance means unlimited (Unpaid).
 */
export const hrTimeoffTypes = pgTable(
  'hr_timeoff_types',
  {
    ...tenantColumns(),
    name: text().notNull(),
    is_paid: boolean().notNull().default(true),
    /** Hours a year an employee may take, in minutes; null: no limit. */
    yearly_allowance_minutes: integer(),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

/** An employee's own allowance of one type for one year, overriding the type's default. */
export const hrTimeoffAllowances = pgTable(
  'hr_timeoff_allowances',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    type_id: integer().notNull(),
    year: integer().notNull(),
    allowance_minutes: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.type_id, hrTimeoffTypes),
    unique().on(t.company_id, t.user_id, t.type_id, t.year),
  ],
);

/**
 * A request for time off: whole days from start_date to end_date (inclusive, the employee's
 * calendar dates), or part of one day when `minutes` is given with start_date = end_date.
 * status: pending, approved, rejected or cancelled.
 */
export const hrTimeoffRequests = pgTable(
  'hr_timeoff_requests',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    type_id: integer().notNull(),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    /** What the request takes from the balance, in minutes. */
    minutes: integer().notNull(),
    partial_day: boolean().notNull().default(false),
    notes: text(),
    status: text().notNull().default('pending'),
    decided_by: integer(),
    decided_at: isoTimestamp('decided_at'),
    decision_reason: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.type_id, hrTimeoffTypes),
    tenantForeignKey(t.company_id, t.decided_by, users),
    index().on(t.company_id, t.user_id, t.start_date),
    index('hr_timeoff_requests_by_status').on(t.company_id, t.status, t.start_date),
  ],
);

/** Every step of a request (requested, approved, rejected, cancelled): who, when and why. */
export const hrTimeoffEvents = pgTable(
  'hr_timeoff_events',
  {
    ...tenantColumns(),
    request_id: integer().notNull(),
    actor_id: integer().notNull(),
    action: text().notNull(),
    from_status: text(),
    to_status: text().notNull(),
    reason: text(),
    at: isoTimestamp('at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.request_id, hrTimeoffRequests),
    tenantForeignKey(t.company_id, t.actor_id, users),
    index().on(t.company_id, t.request_id),
  ],
);

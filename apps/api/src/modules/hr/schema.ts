import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  activeFlag,
  isoTimestamp,
  tenantColumns,
  tenantPrimaryKey,
  updatedAt,
  tenantForeignKey,
} from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** One row per company: the HR policies every store inherits unless it sets its own. */
export const hrCompanySettings = pgTable(
  'hr_company_settings',
  {
    company_id: integer().notNull(),
    geolocation_restriction_required: boolean().notNull().default(false),
    /** `warn`: accept and flag a punch outside the geofence; `block`: refuse it. */
    geofence_mode: text().notNull().default('warn'),
    auto_clockout_grace_minutes: integer().notNull().default(60),
    max_shift_hours: integer().notNull().default(16),
    /** Face check on every punch (clock in/out, break start/end); stores may override. */
    face_check_required: boolean().notNull().default(false),
    /** `block`: refuse a different person; `flag`: accept the punch and flag it for review. */
    face_check_mode: text().notNull().default('block'),
    /** Timesheets: minutes a day, then a week, after which time is overtime (0 = none). */
    overtime_daily_minutes: integer().notNull().default(480),
    overtime_weekly_minutes: integer().notNull().default(2400),
    /** 0 Sunday … 6 Saturday: the first day of the overtime week. */
    week_start_day: integer().notNull().default(0),
    /** `weekly`, `biweekly` or `semimonthly`; weekly periods repeat from the anchor date. */
    pay_period: text().notNull().default('biweekly'),
    pay_period_anchor: date({ mode: 'string' }).notNull().default('2026-01-04'),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id] }),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
  ],
);

/** A store's own HR policies; null columns fall back to the company's. */
export const hrStoreSettings = pgTable(
  'hr_store_settings',
  {
    company_id: integer().notNull(),
    store_id: integer().notNull(),
    geolocation_restriction_required: boolean(),
    geofence_mode: text(),
    geofence_latitude: doublePrecision(),
    geofence_longitude: doublePrecision(),
    /** metres */
    geofence_radius: integer(),
    /** null: the company's face policy applies */
    face_check_required: boolean(),
    face_check_mode: text(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.store_id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
  ],
);

/**
 * The breaks a store offers (SPEC.md "Break setting"); the row id is the `settings_store_id` a break
 * start names. A kind that is removed is deactivated, so past breaks keep their setting.
 */
export const hrBreakSettings = pgTable(
  'hr_break_settings',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    short_description: text().notNull(),
    /** minutes */
    duration: integer().notNull(),
    is_paid: boolean().notNull().default(false),
    is_mandatory: boolean().notNull().default(false),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.store_id, stores),
    unique().on(t.company_id, t.store_id, t.short_description),
  ],
);

/**
 * HR's record of a person who works for the company (SPEC.md "Employee state": empDetail_id). Only
 * hourly employees are offered the clock-in prompt at sign-in; anyone with the clock permissions
 * can still punch from the top bar.
 */
export const hrEmployeeDetails = pgTable(
  'hr_employee_details',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    /** `hourly` or `salaried` */
    pay_type: text().notNull().default('hourly'),
    supervisor_id: integer(),
    hire_date: date({ mode: 'string' }),
    /** Set when the employee is terminated; cleared by a reactivation. */
    terminated_at: isoTimestamp('terminated_at'),
    termination_notes: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.supervisor_id, users),
    unique().on(t.company_id, t.user_id),
  ],
);

/** Department roles a shift is worked as (HR select list). */
export const hrDepartmentRoles = pgTable(
  'hr_department_roles',
  {
    ...tenantColumns(),
    name: text().notNull(),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

/** A scheduled shift: what a clock-in's schedule_id names and what auto clock-out ends at. */
export const hrSchedules = pgTable(
  'hr_schedules',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    store_id: integer().notNull(),
    department_role_id: integer(),
    shift_start: isoTimestamp('shift_start').notNull(),
    shift_end: isoTimestamp('shift_end').notNull(),
    /**
     * When the shift was published; null is a draft, seen by managers only (the clock and employees
     * see published shifts). Rows written before scheduling existed count as published.
     */
    published_at: isoTimestamp('published_at').default(sql`now()`),
    /** The shift template it was made from (kept if the template is deleted, so no foreign key). */
    shift_template_id: integer(),
    notes: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.department_role_id, hrDepartmentRoles),
    index().on(t.company_id, t.user_id, t.shift_start),
    index().on(t.company_id, t.store_id, t.shift_start),
  ],
);

/**
 * A worked shift. Times are UTC instants with the store's time zone beside them. The partial unique
 * index is the invariant "at most one open timecard per user": a second concurrent clock-in
 * conflicts in the database, whatever the application does.
 */
export const hrTimecards = pgTable(
  'hr_timecards',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    store_id: integer().notNull(),
    schedule_id: integer(),
    department_role_id: integer(),
    clock_in: isoTimestamp('clock_in')
      .notNull()
      .default(sql`now()`),
    clock_out: isoTimestamp('clock_out'),
    time_zone: text().notNull(),
    user_comment: text(),
    clock_out_comment: text(),
    image_url: text(),
    clock_in_latitude: doublePrecision(),
    clock_in_longitude: doublePrecision(),
    clock_in_accuracy: doublePrecision(),
    clock_out_latitude: doublePrecision(),
    clock_out_longitude: doublePrecision(),
    clock_out_accuracy: doublePrecision(),
    /** The browser's GeolocationPositionError code, when it gave no position (1 = denied). */
    location_error: integer(),
    clock_out_location_error: integer(),
    /** Why a punch was accepted but flagged for review (outside the geofence, no location). */
    location_flag: text(),
    /** Why the face check flagged a punch of this timecard (face policy `flag`). */
    face_flag: text(),
    auto_clocked_out: boolean().notNull().default(false),
    /** Auto clocked out and the employee has not yet given the real end time. */
    not_corrected: boolean().notNull().default(false),
    edit_request_sent: boolean().notNull().default(false),
    requested_clock_out: isoTimestamp('requested_clock_out'),
    correction_comment: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.schedule_id, hrSchedules),
    tenantForeignKey(t.company_id, t.department_role_id, hrDepartmentRoles),
    uniqueIndex('hr_timecards_one_open_per_user')
      .on(t.company_id, t.user_id)
      .where(sql`clock_out is null`),
    index().on(t.company_id, t.user_id, t.clock_in),
    index('hr_timecards_open')
      .on(t.company_id, t.clock_in)
      .where(sql`clock_out is null`),
  ],
);

/**
 * A break inside a timecard. The partial unique index keeps at most one open break per timecard;
 * the kind, duration, paid and mandatory flags are copied from the setting when it starts.
 */
export const hrTimecardBreaks = pgTable(
  'hr_timecard_breaks',
  {
    ...tenantColumns(),
    timecard_id: integer().notNull(),
    user_id: integer().notNull(),
    break_setting_id: integer().notNull(),
    short_description: text().notNull(),
    duration: integer().notNull(),
    is_paid: boolean().notNull(),
    is_mandatory: boolean().notNull(),
    break_start: isoTimestamp('break_start')
      .notNull()
      .default(sql`now()`),
    break_end: isoTimestamp('break_end'),
    user_comment: text(),
    end_comment: text(),
    /** Why the face check flagged this break's start or end (face policy `flag`). */
    face_flag: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.timecard_id, hrTimecards),
    tenantForeignKey(t.company_id, t.break_setting_id, hrBreakSettings),
    uniqueIndex('hr_timecard_breaks_one_open')
      .on(t.company_id, t.timecard_id)
      .where(sql`break_end is null`),
    index().on(t.company_id, t.timecard_id),
  ],
);

/**
 * Clocking rights at a store other than the employee's own (hr/store-access.ts; granted on the
 * employee record, hr-records), for a date range (inclusive, in the
 * store's time zone). Nothing ends it: outside the range it simply no longer counts.
 */
export const hrStoreTempAccess = pgTable(
  'hr_store_temp_access',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    store_id: integer().notNull(),
    starts_on: date({ mode: 'string' }).notNull(),
    ends_on: date({ mode: 'string' }).notNull(),
    granted_by: integer().notNull(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.granted_by, users),
    index().on(t.company_id, t.user_id, t.store_id),
  ],
);

// The hr module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { currentStoreOf, userEmailOf } from '../users/api.ts';
import { hrDepartmentRoles, hrEmployeeDetails, hrSchedules, hrTimecards } from './schema.ts';

export { loginClockFieldsFor } from './login-fields.ts';
export { findStore, getCompanySettings, listBreakSettings } from './settings.ts';
export { clockIn, clockOut, currentScheduleId, endBreak, sessionOf, startBreak } from './clock.ts';
export { mayClockAt, worksAt } from './store-access.ts';
export { getEmployee } from './employees.ts';
export { setEmployeePayType, storeTempAccessService } from './store-temp-access.ts';
export { currentStaff, type StaffMember, type StaffQuery } from './store-access.ts';
export { supervisorsOf } from './org.ts';
export { daySnapshot, type DayRow } from './snapshot.ts';
export {
  activeEmployees,
  endOpenClock,
  openBreaksOf,
  openTimecardOf,
  openTimecardsOf,
  publishedShiftsOfDay,
  timecardsOfDay,
  upcomingShiftsOf,
} from './dashboard-figures.ts';
export {
  deleteSchedules,
  publishSchedules,
  scheduledShifts,
  scheduleOnTimecard,
  scheduleOwners,
  updateSchedule,
  type ScheduledShiftRow,
  type ShiftFilter,
} from './schedule-rows.ts';
export { peopleAtStoresWithin, punchesWithin, type PunchWindow } from './punches.ts';
export {
  companyBreaks,
  lockBreak,
  lockTimecard,
  setBreakTimes,
  setEditRequestSent,
  setTimecardTimes,
  supervisedBy,
  timecardOfBreak,
} from './timecard-edits.ts';

/**
 * The company's timecards as a subquery aliased `timecard` (person, store, clock in and out, time
 * zone), for a query that joins its own rows to their timecards in one statement.
 */
export const companyTimecards = (db: Executor, companyId: number) =>
  db
    .select({
      company_id: hrTimecards.company_id,
      id: hrTimecards.id,
      user_id: hrTimecards.user_id,
      store_id: hrTimecards.store_id,
      clock_in: hrTimecards.clock_in,
      clock_out: hrTimecards.clock_out,
      time_zone: hrTimecards.time_zone,
    })
    .from(hrTimecards)
    .where(tenantScope(hrTimecards, companyId))
    .as('timecard');

/** The supervisor of the person in `userId` (null when none), as a scalar SQL piece for a select. */
export const supervisorIdOf = (companyId: AnyPgColumn, userId: AnyPgColumn): SQL<number | null> =>
  sql<
    number | null
  >`(select ${hrEmployeeDetails.supervisor_id} from ${hrEmployeeDetails} where ${tenantScope(hrEmployeeDetails, companyId)} and ${hrEmployeeDetails.user_id} = ${userId})`;

/** A condition: the person in `userId` has an employee record and is not terminated. */
export const isEmployed = (companyId: AnyPgColumn, userId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${hrEmployeeDetails} where ${tenantScope(hrEmployeeDetails, companyId)} and ${hrEmployeeDetails.user_id} = ${userId} and ${hrEmployeeDetails.terminated_at} is null)`;

/** One employee's supervisor (null when none or no employee record). */
export async function supervisorOf(db: Executor, companyId: number, userId: number) {
  const [row] = await db
    .select({ supervisor_id: hrEmployeeDetails.supervisor_id })
    .from(hrEmployeeDetails)
    .where(and(tenantScope(hrEmployeeDetails, companyId), eq(hrEmployeeDetails.user_id, userId)));
  return row?.supervisor_id ?? null;
}

/** Sets who an employee reports to. */
export async function setSupervisor(
  db: Executor,
  companyId: number,
  userId: number,
  supervisorId: number | null,
) {
  await db
    .update(hrEmployeeDetails)
    .set({ supervisor_id: supervisorId })
    .where(and(tenantScope(hrEmployeeDetails, companyId), eq(hrEmployeeDetails.user_id, userId)));
}

/** Whether the company has the department role `roleId` (active or not). */
export async function departmentRoleExists(
  db: Executor,
  companyId: number,
  roleId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: hrDepartmentRoles.id })
    .from(hrDepartmentRoles)
    .where(and(tenantScope(hrDepartmentRoles, companyId), eq(hrDepartmentRoles.id, roleId)));
  return row !== undefined;
}

/** The company's department roles (active or not) by name: id, name and whether active. */
export const departmentRolesOf = (db: Executor, companyId: number) =>
  db
    .select({
      id: hrDepartmentRoles.id,
      name: hrDepartmentRoles.name,
      is_active: hrDepartmentRoles.is_active,
    })
    .from(hrDepartmentRoles)
    .where(tenantScope(hrDepartmentRoles, companyId))
    .orderBy(asc(hrDepartmentRoles.name));

/**
 * The company's employees with pay type `payType` (terminated ones too), by user id: their id,
 * email and current store (demo seeding).
 */
export const employeesPaid = (db: Executor, companyId: number, payType: 'hourly' | 'salaried') =>
  db
    .select({
      id: hrEmployeeDetails.user_id,
      email: userEmailOf(hrEmployeeDetails.company_id, hrEmployeeDetails.user_id),
      store: currentStoreOf(hrEmployeeDetails.company_id, hrEmployeeDetails.user_id),
    })
    .from(hrEmployeeDetails)
    .where(and(tenantScope(hrEmployeeDetails, companyId), eq(hrEmployeeDetails.pay_type, payType)))
    .orderBy(asc(hrEmployeeDetails.user_id));

/** A shift another module schedules (the scheduling module). */
export type NewSchedule = Omit<typeof hrSchedules.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

/** Adds shifts, in one statement; answers their ids in the order given. */
export async function insertSchedules(
  db: Executor,
  rows: readonly NewSchedule[],
): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db
    .insert(hrSchedules)
    .values([...rows])
    .returning({ id: hrSchedules.id });
  return inserted.map((row) => row.id);
}

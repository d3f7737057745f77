// Shifts (hr_schedules) as the scheduling module reads, writes and publishes them (exported by
// api.ts): scheduling keeps its checks, conflicts and replies and calls these.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { storesToJoin } from '../organisation/api.ts';
import { hrDepartmentRoles, hrSchedules, hrTimecards } from './schema.ts';

/** Which shifts to read; every given part must hold. */
export interface ShiftFilter {
  ids?: readonly number[];
  storeId?: number;
  /** At this store, or of one of these people (at any store). */
  storeOrUsers?: { storeId: number; userIds: readonly number[] };
  userIds?: readonly number[];
  /** Overlapping [from, to). */
  overlaps?: { from: string; to: string };
  /** Starting within [from, to). */
  startsWithin?: { from: string; to: string };
  publishedOnly?: boolean;
}

const orNone = (ids: readonly number[]) => (ids.length ? [...ids] : [0]);

const shiftCondition = (filter: ShiftFilter) =>
  and(
    filter.ids ? inArray(hrSchedules.id, orNone(filter.ids)) : undefined,
    filter.storeId !== undefined ? eq(hrSchedules.store_id, filter.storeId) : undefined,
    filter.storeOrUsers
      ? or(
          eq(hrSchedules.store_id, filter.storeOrUsers.storeId),
          inArray(hrSchedules.user_id, orNone(filter.storeOrUsers.userIds)),
        )
      : undefined,
    filter.userIds ? inArray(hrSchedules.user_id, orNone(filter.userIds)) : undefined,
    filter.overlaps ? lt(hrSchedules.shift_start, filter.overlaps.to) : undefined,
    filter.overlaps ? gt(hrSchedules.shift_end, filter.overlaps.from) : undefined,
    filter.startsWithin
      ? sql`${hrSchedules.shift_start} >= ${filter.startsWithin.from}`
      : undefined,
    filter.startsWithin ? lt(hrSchedules.shift_start, filter.startsWithin.to) : undefined,
    filter.publishedOnly ? isNotNull(hrSchedules.published_at) : undefined,
  );

/** Shifts of the company matching `filter`, with their store's and department role's names. */
export async function scheduledShifts(db: Executor, companyId: number, filter: ShiftFilter) {
  const store = storesToJoin(db);
  return db
    .select({
      id: hrSchedules.id,
      user_id: hrSchedules.user_id,
      store_id: hrSchedules.store_id,
      store_name: store.name,
      time_zone: store.time_zone,
      department_role_id: hrSchedules.department_role_id,
      department_role_name: hrDepartmentRoles.name,
      shift_template_id: hrSchedules.shift_template_id,
      shift_start: hrSchedules.shift_start,
      shift_end: hrSchedules.shift_end,
      published_at: hrSchedules.published_at,
      notes: hrSchedules.notes,
    })
    .from(hrSchedules)
    .innerJoin(store, tenantJoin(store, hrSchedules.company_id, hrSchedules.store_id))
    .leftJoin(
      hrDepartmentRoles,
      tenantJoin(hrDepartmentRoles, hrSchedules.company_id, hrSchedules.department_role_id),
    )
    .where(and(tenantScope(hrSchedules, companyId), shiftCondition(filter)))
    .orderBy(asc(hrSchedules.shift_start), asc(hrSchedules.id));
}

/** A shift as scheduledShifts reads it. */
export type ScheduledShiftRow = Awaited<ReturnType<typeof scheduledShifts>>[number];

/** The people these shifts are for (one row per shift). */
export async function scheduleOwners(db: Executor, companyId: number, ids: readonly number[]) {
  const rows = await db
    .select({ user_id: hrSchedules.user_id })
    .from(hrSchedules)
    .where(and(tenantScope(hrSchedules, companyId), inArray(hrSchedules.id, [...ids])));
  return rows.map((row) => row.user_id);
}

/** One of these shifts that a timecard names (null when none does). */
export async function scheduleOnTimecard(
  db: Executor,
  companyId: number,
  ids: readonly number[],
): Promise<number | null> {
  const [used] = await db
    .select({ id: hrTimecards.schedule_id })
    .from(hrTimecards)
    .where(and(tenantScope(hrTimecards, companyId), inArray(hrTimecards.schedule_id, [...ids])))
    .limit(1);
  return used ? used.id : null;
}

/** Deletes these shifts, in one statement. */
export async function deleteSchedules(
  db: Executor,
  companyId: number,
  ids: readonly number[],
): Promise<void> {
  await db
    .delete(hrSchedules)
    .where(and(tenantScope(hrSchedules, companyId), inArray(hrSchedules.id, [...ids])));
}

/** New values of one shift (its person, role, template, notes and times). */
export async function updateSchedule(
  db: Executor,
  companyId: number,
  id: number,
  values: {
    user_id: number;
    department_role_id: number | null;
    shift_template_id: number | null;
    notes: string | null;
    shift_start: string;
    shift_end: string;
  },
): Promise<void> {
  await db
    .update(hrSchedules)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(tenantScope(hrSchedules, companyId), eq(hrSchedules.id, id)));
}

/** Publishes a store's draft shifts starting within [from, to); answers how many. */
export async function publishSchedules(
  db: Executor,
  companyId: number,
  storeId: number,
  from: string,
  to: string,
): Promise<number> {
  const published = await db
    .update(hrSchedules)
    .set({ published_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        tenantScope(hrSchedules, companyId),
        eq(hrSchedules.store_id, storeId),
        isNull(hrSchedules.published_at),
        sql`${hrSchedules.shift_start} >= ${from}`,
        lt(hrSchedules.shift_start, to),
      ),
    )
    .returning({ id: hrSchedules.id });
  return published.length;
}

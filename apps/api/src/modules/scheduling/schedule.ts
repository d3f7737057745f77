import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatInZone, zonedTimeToUtc } from '@portal/contract/hr';
import {
  addDays,
  hoursBetween,
  scheduleMessages,
  shiftInstants,
  weekDays,
  weekStartOf,
  type ScheduleConflict,
  type ScheduleCopyResult,
  type ScheduleEmployee,
  type ScheduleSaveResult,
  type ScheduleShift,
  type ScheduleWeek,
  type ScheduleTimeOff,
} from '@portal/contract/hr-schedules';
import type { z } from 'zod';
import type { scheduleChangesSchema } from '@portal/contract/hr-schedules';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  currentStaff,
  deleteSchedules,
  departmentRolesOf,
  getCompanySettings,
  insertSchedules,
  publishSchedules,
  scheduledShifts,
  scheduleOnTimecard,
  scheduleOwners,
  updateSchedule,
  type NewSchedule,
  type ScheduledShiftRow,
  type ShiftFilter,
} from '../hr/api.ts';
import { storeHoursOf } from '../organisation/api.ts';
import { peopleToJoin } from '../users/api.ts';
import { hrShiftTemplates } from './schema.ts';
import { assertDepartmentRole } from './services.ts';
import { approvedTimeOff, type ApprovedTimeOff } from './time-off.ts';
import { tenantScope } from '../../db/columns.ts';

type ChangesInput = z.output<typeof scheduleChangesSchema>;
type Change = ChangesInput['changes'][number];

export interface StoreInfo {
  id: number;
  name: string;
  time_zone: string;
}

// ---- Reading

export async function storeOf(db: Executor, companyId: number, storeId: number) {
  const store = await storeHoursOf(db, companyId, storeId);
  if (!store) throw AppError.notFound('Store');
  return { id: storeId, name: store.name, time_zone: store.time_zone };
}

/** The company's schedule week holding a date: it starts on HR settings' week_start_day. */
async function companyWeekStart(db: Executor, companyId: number, anyDate: string) {
  const settings = await getCompanySettings(db, companyId);
  return weekStartOf(anyDate, settings.week_start_day);
}

/** The UTC range of a local week at a store: its first day 00:00 to the next week's 00:00. */
function weekRange(weekStart: string, timeZone: string) {
  return {
    from: zonedTimeToUtc(`${weekStart}T00:00`, timeZone).toISOString(),
    to: zonedTimeToUtc(`${addDays(weekStart, 7)}T00:00`, timeZone).toISOString(),
  };
}

/**
 * The store's employees: active users of the company assigned to it (Store Assignments) or whose
 * current store it is, and not terminated.
 */
export async function storeEmployees(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<ScheduleEmployee[]> {
  // Only employees (a record in Employees) are scheduled: the two screens show the same people.
  const rows = await currentStaff(db, companyId, { storeId, withRecordOnly: true });
  return rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
  }));
}

/** Shifts of the company matching `filter`, with their store and role names (hr/api.ts). */
const findShifts = scheduledShifts;
type ShiftRow = ScheduledShiftRow;

/** A stored shift as the grid shows it: local date and times at its own store. */
function present(row: ShiftRow): ScheduleShift {
  const start = formatInZone(row.shift_start, row.time_zone);
  const end = formatInZone(row.shift_end, row.time_zone);
  return {
    id: row.id,
    user_id: row.user_id,
    store_id: row.store_id,
    store_name: row.store_name,
    department_role_id: row.department_role_id,
    department_role_name: row.department_role_name,
    shift_template_id: row.shift_template_id,
    date: start.slice(0, 10),
    start_time: start.slice(11, 16),
    end_time: end.slice(11, 16),
    shift_start: row.shift_start,
    shift_end: row.shift_end,
    hours: hoursBetween(row.shift_start, row.shift_end),
    published_at: row.published_at,
    notes: row.notes,
  };
}

/** Shifts of these users overlapping [from, to) at any store. */
const overlapping = (userIds: readonly number[], from: string, to: string): ShiftFilter => ({
  userIds,
  overlaps: { from, to },
});

// ---- Conflicts

/** A shift as the conflict check sees it (saved, or proposed). */
interface Slot {
  ref: string;
  id: number | null;
  user_id: number;
  store_id: number;
  store_name: string;
  date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  shift_start: string;
  shift_end: string;
}

const slotOf = (shift: ScheduleShift): Slot => ({
  ref: `shift-${shift.id}`,
  id: shift.id,
  user_id: shift.user_id,
  store_id: shift.store_id,
  store_name: shift.store_name,
  date: shift.date,
  end_date: formatDateAt(shift),
  start_time: shift.start_time,
  end_time: shift.end_time,
  shift_start: shift.shift_start,
  shift_end: shift.shift_end,
});

function formatDateAt(shift: ScheduleShift) {
  return shift.end_time <= shift.start_time ? addDays(shift.date, 1) : shift.date;
}

/**
 * Overlaps of each candidate with any other shift of the same employee (at any store), and
 * candidates falling on approved time off.
 */
function conflictsOf(
  candidates: readonly Slot[],
  all: readonly Slot[],
  timeOff: readonly ApprovedTimeOff[],
  names: ReadonlyMap<number, string>,
): ScheduleConflict[] {
  const conflicts: ScheduleConflict[] = [];
  for (const c of candidates) {
    const who = names.get(c.user_id) ?? 'This employee';
    for (const o of all) {
      if (o.ref === c.ref || o.user_id !== c.user_id) continue;
      if (o.shift_start < c.shift_end && c.shift_start < o.shift_end)
        conflicts.push({
          ref: c.ref,
          user_id: c.user_id,
          date: c.date,
          kind: 'overlap',
          message: `${who} is already scheduled ${o.date} ${o.start_time}-${o.end_time} at ${o.store_name}`,
          other_shift_id: o.id,
          other_store_id: o.store_id,
        });
    }
    for (const off of timeOff) {
      if (off.user_id !== c.user_id) continue;
      if (off.start_date <= c.end_date && c.date <= off.end_date)
        conflicts.push({
          ref: c.ref,
          user_id: c.user_id,
          date: c.date,
          kind: 'time_off',
          message: `${who} has approved ${off.type_name} time off from ${off.start_date} to ${off.end_date}`,
          other_shift_id: null,
          other_store_id: null,
        });
    }
  }
  return conflicts;
}

/** The week of a store as the grid draws it. */
export async function scheduleWeek(
  db: Executor,
  ctx: RequestContext,
  storeId: number,
  anyDate: string,
): Promise<ScheduleWeek> {
  const store = await storeOf(db, ctx.companyId, storeId);
  const weekStart = await companyWeekStart(db, ctx.companyId, anyDate);
  const { from, to } = weekRange(weekStart, store.time_zone);
  const employees = await storeEmployees(db, ctx.companyId, store.id);
  const ids = employees.map((e) => e.id);
  const rows = await findShifts(db, ctx.companyId, {
    storeOrUsers: { storeId: store.id, userIds: ids },
    overlaps: { from, to },
  });
  // Someone no longer at the store keeps their row while they have shifts here this week.
  const missing = [...new Set(rows.map((r) => r.user_id))].filter((id) => !ids.includes(id));
  if (missing.length) {
    const person = peopleToJoin(db, 'person', ctx.companyId);
    const extra = await db
      .select({
        id: person.id,
        first_name: person.first_name,
        last_name: person.last_name,
        email: person.email,
      })
      .from(person)
      .where(inArray(person.id, missing));
    employees.push(
      ...extra.map((u) => ({
        id: u.id,
        name: `${u.first_name} ${u.last_name}`.trim() || u.email,
        email: u.email,
      })),
    );
  }
  const shifts = rows.map(present);
  const days = weekDays(weekStart);
  const timeOff = await approvedTimeOff(
    db,
    ctx.companyId,
    employees.map((e) => e.id),
    addDays(weekStart, -1),
    addDays(weekStart, 7),
  );
  const slots = shifts.map(slotOf);
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const here = slots.filter((s) => s.store_id === store.id);
  return {
    store,
    week_start: weekStart,
    days,
    employees,
    shifts,
    time_off: timeOff.rows.map((row): ScheduleTimeOff => ({
      user_id: row.user_id,
      start_date: row.start_date,
      end_date: row.end_date,
      type_name: row.type_name,
    })),
    conflicts: conflictsOf(here, slots, timeOff.rows, names),
  };
}

/** The caller's published shifts with a local date in `from`..`to` (my schedule). */
export async function myShifts(
  db: Executor,
  ctx: RequestContext,
  from: string,
  to: string,
): Promise<ScheduleShift[]> {
  const rows = await findShifts(db, ctx.companyId, {
    publishedOnly: true,
    ...overlapping(
      [ctx.userId],
      new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString(),
      new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000).toISOString(),
    ),
  });
  return rows.map(present).filter((s) => s.date >= from && s.date <= to);
}

// ---- Checking and saving changes

/** Takes a transaction lock per employee, so two saves cannot both add overlapping shifts. */
async function lockEmployees(tx: Tx, companyId: number, userIds: Iterable<number>) {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b))
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`hr_schedules:${companyId}:${userId}`}))`,
    );
}

interface Plan {
  store: StoreInfo;
  creates: { ref: string; change: Extract<Change, { op: 'create' }>; slot: Slot }[];
  updates: { change: Extract<Change, { op: 'update' }>; slot: Slot }[];
  deletes: number[];
  /** Saved shifts given to another employee. */
  reassigned: number[];
  conflicts: ScheduleConflict[];
}

/** Validates a set of changes of a store's schedule and finds their conflicts (nothing written). */
async function plan(db: Executor, ctx: RequestContext, input: ChangesInput): Promise<Plan> {
  const store = await storeOf(db, ctx.companyId, input.store_id);
  const employees = await storeEmployees(db, ctx.companyId, store.id);
  const atStore = new Set(employees.map((e) => e.id));
  const names = new Map(employees.map((e) => [e.id, e.name]));

  const touchedIds = input.changes.flatMap((c) => (c.op === 'create' ? [] : [c.id]));
  const existing = touchedIds.length
    ? (await findShifts(db, ctx.companyId, { ids: touchedIds })).map(present)
    : [];
  const byId = new Map(existing.map((s) => [s.id, s]));
  const seen = new Set<number>();

  const result: Plan = {
    store,
    creates: [],
    updates: [],
    deletes: [],
    reassigned: [],
    conflicts: [],
  };
  for (const [index, change] of input.changes.entries()) {
    const field = (name: string) => `changes.${index}.${name}`;
    if (change.op !== 'create') {
      const found = byId.get(change.id);
      if (!found) throw AppError.notFound('Shift');
      if (found.store_id !== store.id)
        throw AppError.badRequest(scheduleMessages.otherStore, {
          [field('id')]: [scheduleMessages.otherStore],
        });
      if (seen.has(change.id))
        throw AppError.badRequest('A shift can change only once per save', {
          [field('id')]: ['A shift can change only once per save'],
        });
      seen.add(change.id);
      if (change.op === 'delete') {
        result.deletes.push(change.id);
        continue;
      }
    }
    if (change.start_time === change.end_time)
      throw AppError.badRequest(scheduleMessages.endEqualsStart, {
        [field('end_time')]: [scheduleMessages.endEqualsStart],
      });
    const unchangedUser = change.op === 'update' && byId.get(change.id)?.user_id === change.user_id;
    if (!atStore.has(change.user_id) && !unchangedUser)
      throw AppError.badRequest(scheduleMessages.notAtStore, {
        [field('user_id')]: [scheduleMessages.notAtStore],
      });
    await assertDepartmentRole(
      db,
      ctx.companyId,
      change.department_role_id,
      field('department_role_id'),
    );
    if (change.shift_template_id != null) {
      const [template] = await db
        .select({ id: hrShiftTemplates.id })
        .from(hrShiftTemplates)
        .where(
          and(
            tenantScope(hrShiftTemplates, ctx.companyId),
            eq(hrShiftTemplates.id, change.shift_template_id),
            eq(hrShiftTemplates.store_id, store.id),
          ),
        );
      if (!template)
        throw AppError.badRequest(scheduleMessages.unknownTemplate, {
          [field('shift_template_id')]: [scheduleMessages.unknownTemplate],
        });
    }
    const instants = shiftInstants(
      change.date,
      change.start_time,
      change.end_time,
      store.time_zone,
    );
    const slot: Slot = {
      ref: change.op === 'create' ? (change.ref ?? `new-${index}`) : `shift-${change.id}`,
      id: change.op === 'create' ? null : change.id,
      user_id: change.user_id,
      store_id: store.id,
      store_name: store.name,
      date: change.date,
      end_date: change.end_time <= change.start_time ? addDays(change.date, 1) : change.date,
      start_time: change.start_time,
      end_time: change.end_time,
      ...instants,
    };
    if (change.op === 'create') result.creates.push({ ref: slot.ref, change, slot });
    else {
      result.updates.push({ change, slot });
      if (!unchangedUser) result.reassigned.push(change.id);
    }
  }

  const candidates = [...result.creates, ...result.updates].map((c) => c.slot);
  if (candidates.length) {
    const userIds = [...new Set(candidates.map((c) => c.user_id))];
    const from = candidates.reduce((m, c) => (c.shift_start < m ? c.shift_start : m), '9999');
    const to = candidates.reduce((m, c) => (c.shift_end > m ? c.shift_end : m), '');
    const replaced = new Set([...result.deletes, ...result.updates.map((u) => u.change.id)]);
    const others = (await findShifts(db, ctx.companyId, overlapping(userIds, from, to)))
      .map(present)
      .filter((s) => !replaced.has(s.id))
      .map(slotOf);
    const dates = candidates.flatMap((c) => [c.date, c.end_date]).sort();
    const timeOff = await approvedTimeOff(
      db,
      ctx.companyId,
      userIds,
      dates[0] ?? '',
      dates[dates.length - 1] ?? '',
    );
    if (userIds.some((id) => !names.has(id))) {
      const person = peopleToJoin(db, 'person', ctx.companyId);
      const extra = await db
        .select({ id: person.id, first_name: person.first_name, last_name: person.last_name })
        .from(person)
        .where(inArray(person.id, userIds));
      for (const u of extra) names.set(u.id, `${u.first_name} ${u.last_name}`.trim());
    }
    result.conflicts = conflictsOf(candidates, [...others, ...candidates], timeOff.rows, names);
  }
  return result;
}

/** The conflicts a set of changes would bring, before saving (POST /hr-schedules/check). */
export async function checkChanges(db: Database, ctx: RequestContext, input: ChangesInput) {
  const { conflicts } = await plan(db, ctx, input);
  return { conflicts };
}

/** Refuses deleting shifts a timecard names (the clock's record keeps its schedule). */
async function assertNotClockedIn(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
  message: string = scheduleMessages.clockedIn,
) {
  if (!ids.length) return;
  const used = await scheduleOnTimecard(tx, companyId, ids);
  if (used !== null) throw AppError.conflict(message, { shift_id: used });
}

/**
 * Saves a set of changes in one transaction: refuses overlaps (409 with the conflicts) and, unless
 * confirmed, shifts on approved time off. New shifts are drafts; edited ones keep their state.
 */
export async function saveChanges(
  db: Database,
  ctx: RequestContext,
  input: ChangesInput,
): Promise<ScheduleSaveResult> {
  return db.transaction(async (tx) => {
    const userIds = input.changes.flatMap((c) => ('user_id' in c ? [c.user_id] : []));
    const updateIds = input.changes.flatMap((c) => (c.op === 'update' ? [c.id] : []));
    if (updateIds.length) {
      userIds.push(...(await scheduleOwners(tx, ctx.companyId, updateIds)));
    }
    await lockEmployees(tx, ctx.companyId, userIds);
    const planned = await plan(tx, ctx, input);
    const overlaps = planned.conflicts.filter((c) => c.kind === 'overlap');
    if (overlaps.length)
      throw AppError.conflict(
        `${scheduleMessages.overlaps}. ${overlaps[0]?.message ?? ''}`.trim(),
        {
          conflicts: planned.conflicts,
        },
      );
    const timeOff = planned.conflicts.filter((c) => c.kind === 'time_off');
    if (timeOff.length && !input.confirm_time_off)
      throw AppError.conflict(
        `${scheduleMessages.timeOffNeedsConfirm}. ${timeOff[0]?.message ?? ''}`,
        {
          conflicts: planned.conflicts,
          requires_confirmation: true,
        },
      );

    await assertNotClockedIn(tx, ctx.companyId, planned.deletes);
    await assertNotClockedIn(
      tx,
      ctx.companyId,
      planned.reassigned,
      scheduleMessages.clockedInReassign,
    );
    if (planned.deletes.length) await deleteSchedules(tx, ctx.companyId, planned.deletes);
    const updatedIds: number[] = [];
    for (const { change, slot } of planned.updates) {
      await updateSchedule(tx, ctx.companyId, change.id, {
        user_id: change.user_id,
        department_role_id: change.department_role_id,
        shift_template_id: change.shift_template_id,
        notes: change.notes,
        shift_start: slot.shift_start,
        shift_end: slot.shift_end,
      });
      updatedIds.push(change.id);
    }
    const createdIds: number[] = [];
    if (planned.creates.length) {
      const inserted = await insertSchedules(
        tx,
        planned.creates.map(({ change, slot }) => ({
          company_id: ctx.companyId,
          user_id: change.user_id,
          store_id: planned.store.id,
          department_role_id: change.department_role_id,
          shift_template_id: change.shift_template_id,
          notes: change.notes,
          shift_start: slot.shift_start,
          shift_end: slot.shift_end,
          published_at: null,
        })),
      );
      createdIds.push(...inserted);
    }
    const saved = new Map(
      (await findShifts(tx, ctx.companyId, { ids: [...createdIds, ...updatedIds] })).map((row) => [
        row.id,
        present(row),
      ]),
    );
    const pick = (ids: number[]) => ids.flatMap((id) => saved.get(id) ?? []);
    return {
      created: pick(createdIds),
      updated: pick(updatedIds),
      deleted: planned.deletes,
      conflicts: planned.conflicts,
    };
  });
}

/** Deletes one shift of the company (DELETE /hr-schedules/{id}). */
export async function deleteShift(db: Database, ctx: RequestContext, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await findShifts(tx, ctx.companyId, { ids: [id] });
    if (!row) throw AppError.notFound('Shift');
    await assertNotClockedIn(tx, ctx.companyId, [id]);
    await deleteSchedules(tx, ctx.companyId, [id]);
    return present(row);
  });
}

// ---- Whole-week actions

/**
 * Copies last week's shifts of the store into this week as drafts, at the same local times (a DST
 * change between the weeks keeps the wall-clock times). Shifts that would overlap one already there
 * (at any store), or whose employee no longer works at the store, are skipped and reported.
 */
export async function copyLastWeek(
  db: Database,
  ctx: RequestContext,
  storeId: number,
  anyDate: string,
): Promise<ScheduleCopyResult> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx.companyId, storeId);
    const weekStart = await companyWeekStart(tx, ctx.companyId, anyDate);
    const last = weekRange(addDays(weekStart, -7), store.time_zone);
    const source = (
      await findShifts(tx, ctx.companyId, { storeId: store.id, startsWithin: last })
    ).map(present);
    const atStore = new Set((await storeEmployees(tx, ctx.companyId, store.id)).map((e) => e.id));
    await lockEmployees(
      tx,
      ctx.companyId,
      source.map((s) => s.user_id),
    );
    const { from, to } = weekRange(weekStart, store.time_zone);
    const userIds = [...new Set(source.map((s) => s.user_id))];
    const taken = (
      await findShifts(
        tx,
        ctx.companyId,
        overlapping(
          userIds,
          new Date(Date.parse(from) - 86_400_000).toISOString(),
          new Date(Date.parse(to) + 86_400_000).toISOString(),
        ),
      )
    ).map((row) => ({ user_id: row.user_id, start: row.shift_start, end: row.shift_end }));
    const skipped: ScheduleCopyResult['skipped'] = [];
    const values: NewSchedule[] = [];
    for (const shift of source) {
      const date = addDays(shift.date, 7);
      if (!atStore.has(shift.user_id)) {
        skipped.push({ user_id: shift.user_id, date, reason: 'No longer works at this store' });
        continue;
      }
      const instants = shiftInstants(date, shift.start_time, shift.end_time, store.time_zone);
      const clash = taken.some(
        (t) =>
          t.user_id === shift.user_id &&
          t.start < instants.shift_end &&
          instants.shift_start < t.end,
      );
      if (clash) {
        skipped.push({ user_id: shift.user_id, date, reason: 'Already scheduled at that time' });
        continue;
      }
      taken.push({ user_id: shift.user_id, start: instants.shift_start, end: instants.shift_end });
      values.push({
        company_id: ctx.companyId,
        user_id: shift.user_id,
        store_id: store.id,
        department_role_id: shift.department_role_id,
        shift_template_id: shift.shift_template_id,
        notes: shift.notes,
        ...instants,
        published_at: null,
      });
    }
    await insertSchedules(tx, values);
    return { created: values.length, skipped };
  });
}

/** Publishes the store's draft shifts of the week: the clock and the employees now see them. */
export async function publishWeek(
  db: Database,
  ctx: RequestContext,
  storeId: number,
  anyDate: string,
): Promise<{ published: number }> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx.companyId, storeId);
    const weekStart = await companyWeekStart(tx, ctx.companyId, anyDate);
    const { from, to } = weekRange(weekStart, store.time_zone);
    const published = await publishSchedules(tx, ctx.companyId, store.id, from, to);
    if (!published) throw AppError.badRequest(scheduleMessages.nothingToPublish);
    return { published };
  });
}

/** Active department roles of the company, as the engine lists rows. */
export async function departmentRoles(db: Executor, ctx: RequestContext) {
  const results = await departmentRolesOf(db, ctx.companyId);
  return { results, total: results.length };
}

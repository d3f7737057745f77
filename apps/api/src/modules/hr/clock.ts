import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  clockStatus,
  formatInZone,
  hrMessages,
  type ActiveSession,
  type BreakActionData,
  type BreakEndRequest,
  type BreakSettingsData,
  type BreakStartRequest,
  type ClockActionData,
  type ClockInRequest,
  type ClockOutRequest,
  type ClockSession,
  type StoreTime,
  type Timecard,
  type TimecardBreak,
} from '@portal/contract/hr';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { linkFaceCheck, type PunchFaceResult } from '../hr-face/api.ts';
import { checkOpenTimecardFace, checkStorePunchFace } from './face-check.ts';
import { checkLocation } from './geofence.ts';
import { dayBounds, todayIn } from './local-day.ts';
import { personOf } from '../users/api.ts';
import { mayClockAt } from './store-access.ts';
import { hrDepartmentRoles, hrSchedules, hrTimecardBreaks, hrTimecards } from './schema.ts';
import {
  findBreakSetting,
  findStore,
  listBreakSettings,
  locationPolicy,
  storeWithPolicy,
} from './settings.ts';
import { tenantScope } from '../../db/columns.ts';

// ---- Reading

const timecardColumns = {
  id: hrTimecards.id,
  user_id: hrTimecards.user_id,
  store_id: hrTimecards.store_id,
  schedule_id: hrTimecards.schedule_id,
  department_role_id: hrTimecards.department_role_id,
  clock_in: hrTimecards.clock_in,
  clock_out: hrTimecards.clock_out,
  time_zone: hrTimecards.time_zone,
  user_comment: hrTimecards.user_comment,
  clock_out_comment: hrTimecards.clock_out_comment,
  image_url: hrTimecards.image_url,
  location_flag: hrTimecards.location_flag,
  face_flag: hrTimecards.face_flag,
  location_error: hrTimecards.location_error,
  auto_clocked_out: hrTimecards.auto_clocked_out,
  not_corrected: hrTimecards.not_corrected,
  edit_request_sent: hrTimecards.edit_request_sent,
};

const breakColumns = {
  id: hrTimecardBreaks.id,
  timecard_id: hrTimecardBreaks.timecard_id,
  user_id: hrTimecardBreaks.user_id,
  settings_store_id: hrTimecardBreaks.break_setting_id,
  short_description: hrTimecardBreaks.short_description,
  duration: hrTimecardBreaks.duration,
  is_paid: hrTimecardBreaks.is_paid,
  is_mandatory: hrTimecardBreaks.is_mandatory,
  break_start: hrTimecardBreaks.break_start,
  break_end: hrTimecardBreaks.break_end,
  user_comment: hrTimecardBreaks.user_comment,
  end_comment: hrTimecardBreaks.end_comment,
  face_flag: hrTimecardBreaks.face_flag,
};

async function findTimecard(
  db: Executor,
  companyId: number,
  userId: number,
  id: number,
  lock = false,
) {
  const query = db
    .select(timecardColumns)
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, companyId),
        eq(hrTimecards.id, id),
        eq(hrTimecards.user_id, userId),
      ),
    );
  const [card] = await (lock ? query.for('update') : query);
  if (!card) throw AppError.notFound('Timecard');
  return card;
}

/** A person's open timecard (placeholders `company`, `user`): every punch and sign-in reads it. */
const openTimecardRows = preparedQuery('open_timecard', (db) =>
  db
    .select(timecardColumns)
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, sql.placeholder('company')),
        eq(hrTimecards.user_id, sql.placeholder('user')),
        isNull(hrTimecards.clock_out),
      ),
    ),
);

async function openTimecard(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<Timecard | null> {
  const [card] = await openTimecardRows(db).execute({ company: companyId, user: userId });
  return card ?? null;
}

export async function breaksOf(
  db: Executor,
  companyId: number,
  timecardIds: number[],
): Promise<TimecardBreak[]> {
  if (!timecardIds.length) return [];
  return db
    .select(breakColumns)
    .from(hrTimecardBreaks)
    .where(
      and(
        tenantScope(hrTimecardBreaks, companyId),
        inArray(hrTimecardBreaks.timecard_id, timecardIds),
      ),
    )
    .orderBy(asc(hrTimecardBreaks.break_start), asc(hrTimecardBreaks.id));
}

/** The user's open timecard with its store and breaks, or null. */
export async function activeSessionOf(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<ActiveSession | null> {
  const card = await openTimecard(db, companyId, userId);
  if (!card) return null;
  const store = await findStore(db, companyId, card.store_id);
  return {
    ...card,
    store: { id: store.id, name: store.name, time_zone: store.time_zone },
    breaks: await breaksOf(db, companyId, [card.id]),
  };
}

/** Clock session (SPEC.md section 3): the status is derived from the rows, never stored. */
export async function sessionOf(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<ClockSession> {
  const active = await activeSessionOf(db, companyId, userId);
  const openBreak = active?.breaks.find((b) => b.break_end === null) ?? null;
  return {
    status: !active
      ? clockStatus.notClockedIn
      : openBreak
        ? clockStatus.onBreak
        : clockStatus.clockedIn,
    timecard_id: active?.id ?? null,
    timecard_break_id: openBreak?.id ?? null,
    settings_store_id: openBreak?.settings_store_id ?? null,
    activeSession: active,
  };
}

/** A user of the caller's company whose clock the caller may read: self, or with read_hr_timecards. */
export async function assertMayRead(db: Executor, ctx: RequestContext, userId: number) {
  if (userId === ctx.userId) return;
  if (!hasPermission(ctx, 'read_hr_timecards')) throw AppError.forbidden();
  if (!(await personOf(db, ctx.companyId, userId))) throw AppError.notFound('User');
}

export async function storeTime(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<StoreTime> {
  const store = await findStore(db, companyId, storeId);
  const now = new Date();
  return {
    store_id: store.id,
    time_zone: store.time_zone,
    now: now.toISOString(),
    local: formatInZone(now, store.time_zone),
  };
}

export async function breakSettingsFor(
  db: Executor,
  ctx: RequestContext,
  storeId: number,
  userId: number,
): Promise<BreakSettingsData> {
  await assertMayRead(db, ctx, userId);
  const results = await listBreakSettings(
    db,
    ctx.companyId,
    (await findStore(db, ctx.companyId, storeId)).id,
  );
  const session = await sessionOf(db, ctx.companyId, userId);
  const activeBreak =
    session.activeSession?.breaks.find((b) => b.id === session.timecard_break_id) ?? null;
  return { store_id: storeId, results, active_break: activeBreak };
}

/** Breaks of several timecards (a timesheet): the caller's own, or anyone's with read_hr_timecards. */
export async function timesheetBreaks(
  db: Executor,
  ctx: RequestContext,
  timecardIds: number[],
): Promise<TimecardBreak[]> {
  const cards = await db
    .select({ id: hrTimecards.id, user_id: hrTimecards.user_id })
    .from(hrTimecards)
    .where(and(tenantScope(hrTimecards, ctx.companyId), inArray(hrTimecards.id, timecardIds)));
  if (cards.length !== new Set(timecardIds).size) throw AppError.notFound('Timecard');
  if (cards.some((card) => card.user_id !== ctx.userId) && !hasPermission(ctx, 'read_hr_timecards'))
    throw AppError.forbidden();
  return breaksOf(db, ctx.companyId, timecardIds);
}

// ---- Writing

/**
 * SPEC.md section 5: clock and break actions need both write_hr_clockin and write_hr_clockin_web
 * (the route checks the second), and people clock only themselves in the web clock.
 */
function assertMayPunch(ctx: RequestContext, userId: number) {
  if (!hasPermission(ctx, 'write_hr_clockin') || !hasPermission(ctx, 'write_hr_clockin_web'))
    throw AppError.forbidden(hrMessages.needsBothClockPermissions);
  if (userId !== ctx.userId) throw AppError.forbidden(hrMessages.otherUser);
}

/**
 * The start every punch on the open timecard shares (clock-out, break start, break end): the caller
 * punches for themselves with both clock permissions, the face check of the open timecard runs
 * before the transaction (the model is slow; no lock waits on it), then `work` in one transaction.
 */
async function punchOnOpenTimecard<T>(
  db: Database,
  ctx: RequestContext,
  input: { user_id: number; faceImage?: string | null | undefined },
  action: 'clock_out' | 'break_start' | 'break_end',
  work: (tx: Tx, face: PunchFaceResult) => Promise<T>,
): Promise<T> {
  assertMayPunch(ctx, input.user_id);
  const face = await checkOpenTimecardFace(db, {
    companyId: ctx.companyId,
    userId: ctx.userId,
    action,
    faceImage: input.faceImage,
  });
  return db.transaction((tx) => work(tx, face));
}

async function assertSchedule(
  db: Executor,
  companyId: number,
  userId: number,
  storeId: number,
  scheduleId: number,
) {
  const [schedule] = await db
    .select({ id: hrSchedules.id })
    .from(hrSchedules)
    .where(
      and(
        tenantScope(hrSchedules, companyId),
        eq(hrSchedules.id, scheduleId),
        eq(hrSchedules.user_id, userId),
        eq(hrSchedules.store_id, storeId),
        isNotNull(hrSchedules.published_at),
      ),
    );
  if (!schedule)
    throw AppError.badRequest(hrMessages.scheduleNotYours, {
      schedule_id: [hrMessages.scheduleNotYours],
    });
}

async function assertDepartmentRole(db: Executor, companyId: number, id: number) {
  const [role] = await db
    .select({ id: hrDepartmentRoles.id })
    .from(hrDepartmentRoles)
    .where(and(tenantScope(hrDepartmentRoles, companyId), eq(hrDepartmentRoles.id, id)));
  if (!role)
    throw AppError.badRequest('Unknown department role', {
      department_role_id: ['Choose a department role'],
    });
}

/**
 * Clock in. The partial unique index allows one open timecard per user, so of two concurrent
 * clock-ins one inserts and the other finds that timecard: a double press or a retry at the same
 * store answers the same timecard; an open timecard at another store is a 409 naming it.
 */
export async function clockIn(
  db: Database,
  ctx: RequestContext,
  input: ClockInRequest,
): Promise<{ data: ClockActionData; created: boolean }> {
  assertMayPunch(ctx, input.user_id);
  const { companyId, userId } = ctx;
  // The store and its location rules, read once. Only at a store the person works at
  // (store-access.ts, the kiosk's rule too), checked before the face check so a refused clock-in
  // runs no inference.
  const { store, policy } = await storeWithPolicy(db, companyId, input.store_id);
  if (!store.is_active) throw AppError.badRequest(hrMessages.storeInactive);
  if (!(await mayClockAt(db, companyId, userId, store)))
    throw AppError.forbidden(hrMessages.notYourStore(store.name));
  // The face check (when the store requires it) runs before the transaction: no lock is held
  // during the inference.
  const face = await checkStorePunchFace(db, {
    companyId,
    userId,
    storeId: input.store_id,
    action: 'clock_in',
    faceImage: input.faceImage,
  });
  return db.transaction(async (tx) => {
    const scheduleId = input.schedule_id || null;
    if (scheduleId) await assertSchedule(tx, companyId, userId, store.id, scheduleId);
    const departmentRoleId = input.department_role_id || null;
    if (departmentRoleId) await assertDepartmentRole(tx, companyId, departmentRoleId);
    const flag = checkLocation(policy, input);

    const [inserted] = await tx
      .insert(hrTimecards)
      .values({
        company_id: companyId,
        user_id: userId,
        store_id: store.id,
        schedule_id: scheduleId,
        department_role_id: departmentRoleId,
        time_zone: store.time_zone,
        user_comment: input.user_comment ?? null,
        image_url: input.imageUrl ?? null,
        clock_in_latitude: input.latitude ?? null,
        clock_in_longitude: input.longitude ?? null,
        clock_in_accuracy: input.accuracy ?? null,
        location_error: input.location_error ?? null,
        location_flag: flag,
        face_flag: face.flag,
      })
      .onConflictDoNothing()
      .returning(timecardColumns);
    const card = inserted ?? (await openTimecard(tx, companyId, userId));
    if (!card) throw new Error('clock-in conflicted but no open timecard was found');
    if (inserted) await linkFaceCheck(tx, companyId, face.checkId, card.id);
    if (card.store_id !== store.id) {
      const active = await activeSessionOf(tx, companyId, userId);
      throw AppError.conflict(
        hrMessages.alreadyClockedInElsewhere(active?.store.name ?? 'another store'),
        {
          activeSession: active,
        },
      );
    }
    // A new timecard has no breaks yet: its session needs no more queries.
    const session: ClockSession = inserted
      ? {
          status: clockStatus.clockedIn,
          timecard_id: card.id,
          timecard_break_id: null,
          settings_store_id: null,
          activeSession: {
            ...card,
            store: { id: store.id, name: store.name, time_zone: store.time_zone },
            breaks: [],
          },
        }
      : await sessionOf(tx, companyId, userId);
    return {
      data: {
        ...session,
        timecard: card,
        warning: inserted
          ? [flag, face.flag].filter(Boolean).join('; ') || null
          : card.location_flag,
      },
      created: Boolean(inserted),
    };
  });
}

/**
 * Clock out: ends any open break and the timecard at the same server instant. A retry of a
 * clock-out that already happened answers the closed timecard. Clock-outs are never refused for
 * location (an employee must always be able to stop the clock); they are flagged instead.
 */
export async function clockOut(
  db: Database,
  ctx: RequestContext,
  input: ClockOutRequest,
): Promise<ClockActionData> {
  const { companyId, userId } = ctx;
  return punchOnOpenTimecard(db, ctx, input, 'clock_out', async (tx, face) => {
    const card = await findTimecard(tx, companyId, userId, input.id, true);
    if (card.clock_out !== null) {
      return { ...(await sessionOf(tx, companyId, userId)), timecard: card, warning: null };
    }
    const flag = checkLocation(await locationPolicy(tx, companyId, card.store_id), input, true);
    await tx
      .update(hrTimecardBreaks)
      .set({ break_end: sql`now()`, updated_at: sql`now()` })
      .where(
        and(
          tenantScope(hrTimecardBreaks, companyId),
          eq(hrTimecardBreaks.timecard_id, card.id),
          isNull(hrTimecardBreaks.break_end),
        ),
      );
    const [closed] = await tx
      .update(hrTimecards)
      .set({
        clock_out: sql`now()`,
        updated_at: sql`now()`,
        clock_out_comment: input.user_comment ?? null,
        clock_out_latitude: input.latitude ?? null,
        clock_out_longitude: input.longitude ?? null,
        clock_out_accuracy: input.accuracy ?? null,
        clock_out_location_error: input.location_error ?? null,
        location_flag: flag
          ? sql`concat_ws('; ', ${hrTimecards.location_flag}, ${`Clock-out: ${flag}`}::text)`
          : hrTimecards.location_flag,
        face_flag: face.flag
          ? sql`concat_ws('; ', ${hrTimecards.face_flag}, ${`Clock-out: ${face.flag}`}::text)`
          : hrTimecards.face_flag,
      })
      .where(and(tenantScope(hrTimecards, companyId), eq(hrTimecards.id, card.id)))
      .returning(timecardColumns);
    if (!closed) throw AppError.notFound('Timecard');
    return {
      ...(await sessionOf(tx, companyId, userId)),
      timecard: closed,
      warning: [flag, face.flag].filter(Boolean).join('; ') || null,
    };
  });
}

/**
 * Start a break: only inside the caller's open timecard (locked, so a concurrent clock-out waits),
 * with a break setting of that store, and only while no break is open. A repeat of the same start
 * answers the running break; a different kind while one runs is refused.
 */
export async function startBreak(
  db: Database,
  ctx: RequestContext,
  input: BreakStartRequest,
): Promise<BreakActionData> {
  const { companyId, userId } = ctx;
  return punchOnOpenTimecard(db, ctx, input, 'break_start', async (tx, face) => {
    const card = await findTimecard(tx, companyId, userId, input.timecard_id, true);
    if (card.clock_out !== null) throw AppError.badRequest(hrMessages.notClockedInForBreak);
    const setting = await findBreakSetting(tx, companyId, card.store_id, input.settings_store_id);
    if (!setting)
      throw AppError.badRequest(hrMessages.unknownBreakSetting, {
        settings_store_id: [hrMessages.unknownBreakSetting],
      });
    const [running] = await tx
      .select(breakColumns)
      .from(hrTimecardBreaks)
      .where(
        and(
          tenantScope(hrTimecardBreaks, companyId),
          eq(hrTimecardBreaks.timecard_id, card.id),
          isNull(hrTimecardBreaks.break_end),
        ),
      );
    let started = running;
    if (running && running.settings_store_id !== setting.id)
      throw AppError.conflict(hrMessages.breakKindLocked, { timecard_break_id: running.id });
    if (!running) {
      [started] = await tx
        .insert(hrTimecardBreaks)
        .values({
          company_id: companyId,
          timecard_id: card.id,
          user_id: userId,
          break_setting_id: setting.id,
          short_description: setting.short_description,
          duration: setting.duration,
          is_paid: setting.is_paid,
          is_mandatory: setting.is_mandatory,
          user_comment: input.user_comment ?? null,
          face_flag: face.flag,
        })
        .returning(breakColumns);
    }
    if (!started) throw new Error('break insert returned nothing');
    return { ...(await sessionOf(tx, companyId, userId)), break: started };
  });
}

/** End a break: the caller's own; ending one that already ended answers it unchanged. */
export async function endBreak(
  db: Database,
  ctx: RequestContext,
  input: BreakEndRequest,
): Promise<BreakActionData> {
  const { companyId, userId } = ctx;
  return punchOnOpenTimecard(db, ctx, input, 'break_end', async (tx, face) => {
    const [found] = await tx
      .select(breakColumns)
      .from(hrTimecardBreaks)
      .where(
        and(
          tenantScope(hrTimecardBreaks, companyId),
          eq(hrTimecardBreaks.id, input.id),
          eq(hrTimecardBreaks.user_id, userId),
        ),
      );
    if (!found) throw AppError.notFound('Break');
    // Lock the timecard so a concurrent clock-out and this end do not interleave.
    await findTimecard(tx, companyId, userId, found.timecard_id, true);
    let ended = found;
    if (found.break_end === null) {
      const [updated] = await tx
        .update(hrTimecardBreaks)
        .set({
          break_end: sql`now()`,
          updated_at: sql`now()`,
          end_comment: input.user_comment ?? null,
          face_flag: face.flag
            ? sql`concat_ws('; ', ${hrTimecardBreaks.face_flag}, ${`End: ${face.flag}`}::text)`
            : hrTimecardBreaks.face_flag,
        })
        .where(
          and(
            tenantScope(hrTimecardBreaks, companyId),
            eq(hrTimecardBreaks.id, found.id),
            isNull(hrTimecardBreaks.break_end),
          ),
        )
        .returning(breakColumns);
      if (updated) ended = updated;
    }
    return { ...(await sessionOf(tx, companyId, userId)), break: ended };
  });
}

/**
 * The published schedule a clock-in at this store would name now: one running, or starting within 2
 * hours (drafts are the manager's; the clock sees published shifts only).
 */
/** The published shift running or starting within 2 hours (placeholders `company`, `user`, `store`). */
const currentSchedule = preparedQuery('current_schedule', (db) =>
  db
    .select({ id: hrSchedules.id })
    .from(hrSchedules)
    .where(
      and(
        tenantScope(hrSchedules, sql.placeholder('company')),
        eq(hrSchedules.user_id, sql.placeholder('user')),
        eq(hrSchedules.store_id, sql.placeholder('store')),
        isNotNull(hrSchedules.published_at),
        lte(hrSchedules.shift_start, sql`now() + interval '2 hours'`),
        gte(hrSchedules.shift_end, sql`now()`),
      ),
    )
    .orderBy(desc(hrSchedules.shift_start))
    .limit(1),
);

export async function currentScheduleId(
  db: Executor,
  companyId: number,
  userId: number,
  storeId: number,
): Promise<number | null> {
  const [schedule] = await currentSchedule(db).execute({
    company: companyId,
    user: userId,
    store: storeId,
  });
  return schedule?.id ?? null;
}

/**
 * Today's schedules of a user at a store (in the store's zone), for the schedule-shift select list:
 * every published shift that overlaps the store's today, so a night shift that began before
 * midnight can still be picked after it.
 */
export async function schedulesToday(
  db: Executor,
  companyId: number,
  userId: number,
  storeId: number,
) {
  const store = await findStore(db, companyId, storeId);
  const today = dayBounds(todayIn(store.time_zone), store.time_zone);
  const rows = await db
    .select({
      id: hrSchedules.id,
      shift_start: hrSchedules.shift_start,
      shift_end: hrSchedules.shift_end,
    })
    .from(hrSchedules)
    .where(
      and(
        tenantScope(hrSchedules, companyId),
        eq(hrSchedules.user_id, userId),
        eq(hrSchedules.store_id, store.id),
        isNotNull(hrSchedules.published_at),
        lt(hrSchedules.shift_start, today.end),
        gt(hrSchedules.shift_end, today.start),
      ),
    )
    .orderBy(asc(hrSchedules.shift_start));
  return rows.map((row) => ({
    value: row.id,
    label: `${formatInZone(row.shift_start, store.time_zone).slice(11, 16)} - ${formatInZone(row.shift_end, store.time_zone).slice(11, 16)}`,
  }));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  LATE_GRACE_MINUTES,
  type MyView,
  type StoreEmployee,
  type StoreEmployeeStatus,
  type StoreView,
  type TeamMember,
  type TeamMemberDetail,
} from '@portal/contract/hr-dashboard';
import { DEFAULT_TIMEZONE } from '@portal/contract/constants';
import { clockStatus } from '@portal/contract/hr';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../platform/database.ts';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  activeEmployees,
  endOpenClock,
  findStore,
  getCompanySettings,
  openBreaksOf,
  openTimecardOf,
  openTimecardsOf,
  publishedShiftsOfDay,
  timecardsOfDay,
  upcomingShiftsOf,
} from '../hr/api.ts';
import { storesToJoin } from '../organisation/api.ts';
import { peopleToJoin } from '../users/api.ts';
import {
  addDays,
  computeTimesheets,
  correctionRequestsOf,
  localDate,
  payPeriodOf,
  weekStartOf,
} from '../timesheets/api.ts';
import {
  balances,
  listApprovedTimeOff,
  listRequests,
  pendingRequestCounts,
} from '../timeoff/api.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

const fullName = (person: { first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  sql<string>`${person.first_name} || ' ' || ${person.last_name}`;
const MINUTE = 60_000;

// ---- Store view

interface Shift {
  id: number;
  user_id: number;
  shift_start: string;
  shift_end: string;
}

/** The shift that matters now: the running one, else the next, else the last that ended. */
function relevantShift(shifts: Shift[], now: number): Shift | null {
  const running = shifts.find(
    (s) => Date.parse(s.shift_start) <= now && now < Date.parse(s.shift_end),
  );
  if (running) return running;
  const next = shifts.find((s) => Date.parse(s.shift_start) > now);
  return next ?? shifts[shifts.length - 1] ?? null;
}

interface StoreRow {
  id: number;
  name: string;
  time_zone: string;
}

/**
 * Who is where at a store today (the store's local day), against the schedule: clocked in, on a
 * break, late (a shift started more than LATE_GRACE_MINUTES ago and no clock-in), absent (a shift
 * ended with no clock-in), scheduled (later today), clocked out, or on approved time off.
 */
export async function storeView(
  db: Executor,
  ctx: RequestContext,
  storeId: number,
  nowDate: Date = new Date(),
): Promise<StoreView> {
  const store = await findStore(db, ctx.companyId, storeId);
  const [view] = await viewsInZone(db, ctx, store.time_zone, [store], nowDate);
  if (!view) throw AppError.notFound('Store');
  return view;
}

/**
 * The store view of many stores at once (OneView's company or region scope), in the order given,
 * equal to storeView of each: the same queries over all the stores of one time zone together,
 * filtered by store id, each zone read in its own local day. Unknown ids are left out.
 */
export async function storeViews(
  db: Executor,
  ctx: RequestContext,
  storeIds: readonly number[],
  nowDate: Date = new Date(),
): Promise<StoreView[]> {
  if (!storeIds.length) return [];
  const store = storesToJoin(db);
  const found = await db
    .select({ id: store.id, name: store.name, time_zone: store.time_zone })
    .from(store)
    .where(and(tenantScope(store, ctx.companyId), inArray(store.id, [...storeIds])));
  const byZone = new Map<string, StoreRow[]>();
  for (const store of found)
    byZone.set(store.time_zone, [...(byZone.get(store.time_zone) ?? []), store]);
  const zones = await Promise.all(
    [...byZone].map(([tz, zoneStores]) => viewsInZone(db, ctx, tz, zoneStores, nowDate)),
  );
  const byId = new Map(zones.flat().map((view) => [view.store.id, view]));
  return storeIds.flatMap((id) => byId.get(id) ?? []);
}

/** The store views of stores sharing one time zone (so one local "today"). */
async function viewsInZone(
  db: Executor,
  ctx: RequestContext,
  tz: string,
  zoneStores: readonly StoreRow[],
  nowDate: Date,
): Promise<StoreView[]> {
  const now = nowDate.getTime();
  const today = localDate(nowDate.toISOString(), tz);
  const storeIds = zoneStores.map((s) => s.id);

  const [allShifts, allCards] = await Promise.all([
    publishedShiftsOfDay(db, ctx.companyId, storeIds, today, tz),
    timecardsOfDay(db, ctx.companyId, storeIds, today, tz),
  ]);
  const openCardIds = allCards.filter((c) => c.clock_out === null).map((c) => c.id);
  const allUserIds = [
    ...new Set([...allShifts.map((s) => s.user_id), ...allCards.map((c) => c.user_id)]),
  ];
  const person = peopleToJoin(db, 'person', ctx.companyId);
  const [openBreaks, allPeople, timeOff] = await Promise.all([
    openCardIds.length ? openBreaksOf(db, ctx.companyId, openCardIds) : [],
    allUserIds.length
      ? db
          .select({ id: person.id, name: fullName(person) })
          .from(person)
          .where(inArray(person.id, allUserIds))
      : [],
    listApprovedTimeOff(db, ctx.companyId, { from: today, to: today, userIds: allUserIds }),
  ]);

  return zoneStores.map((store): StoreView => {
    const shifts = allShifts.filter((s) => s.store_id === store.id);
    const cards = allCards.filter((c) => c.store_id === store.id);
    const userIds = new Set([...shifts.map((s) => s.user_id), ...cards.map((c) => c.user_id)]);
    const people = allPeople.filter((person) => userIds.has(person.id));
    return {
      store: { id: store.id, name: store.name, time_zone: store.time_zone },
      now: nowDate.toISOString(),
      date: today,
      ...employeesAt(shifts, cards, openBreaks, people, timeOff, now),
    };
  });
}

/** Each person's status at one store, from that store's shifts and timecards of the day. */
function employeesAt(
  shifts: readonly Shift[],
  cards: readonly { id: number; user_id: number; clock_in: string; clock_out: string | null }[],
  openBreaks: readonly {
    timecard_id: number;
    break_start: string;
    short_description: string | null;
  }[],
  people: readonly { id: number; name: string }[],
  timeOff: Awaited<ReturnType<typeof listApprovedTimeOff>>,
  now: number,
) {
  const employees: StoreEmployee[] = people.map((person) => {
    const mine = shifts.filter((s) => s.user_id === person.id);
    const shift = relevantShift(mine, now);
    const myCards = cards.filter((c) => c.user_id === person.id);
    const open = myCards.find((c) => c.clock_out === null) ?? null;
    const last = myCards[myCards.length - 1] ?? null;
    const onBreak = open ? openBreaks.find((b) => b.timecard_id === open.id) : undefined;
    const absence = timeOff.find((t) => t.user_id === person.id && !t.partial_day);
    const start = shift ? Date.parse(shift.shift_start) : null;
    const end = shift ? Date.parse(shift.shift_end) : null;
    const punchedForShift =
      shift !== null &&
      myCards.some(
        (c) =>
          Date.parse(c.clock_in) < (end ?? 0) &&
          (c.clock_out === null || Date.parse(c.clock_out) > (start ?? 0) - 4 * 60 * MINUTE),
      );

    let status: StoreEmployeeStatus;
    let lateMinutes = 0;
    if (open) {
      status = onBreak ? 'on_break' : 'clocked_in';
      if (start !== null && Date.parse(open.clock_in) > start + LATE_GRACE_MINUTES * MINUTE)
        lateMinutes = Math.floor((Date.parse(open.clock_in) - start) / MINUTE);
    } else if (absence) status = 'time_off';
    else if (start === null || end === null) status = 'clocked_out';
    else if (punchedForShift) status = 'clocked_out';
    else if (now < start + LATE_GRACE_MINUTES * MINUTE) status = 'scheduled';
    else if (now < end) {
      status = 'late';
      lateMinutes = Math.floor((now - start) / MINUTE);
    } else status = 'absent';

    const card = open ?? last;
    return {
      user_id: person.id,
      name: person.name,
      status,
      shift_start: shift?.shift_start ?? null,
      shift_end: shift?.shift_end ?? null,
      clock_in: card?.clock_in ?? null,
      clock_out: open ? null : (card?.clock_out ?? null),
      break_start: onBreak?.break_start ?? null,
      break_name: onBreak?.short_description ?? null,
      late_minutes: lateMinutes,
      timecard_id: card?.id ?? null,
      time_off_type: absence?.type_name ?? null,
    };
  });
  const order: StoreEmployeeStatus[] = [
    'late',
    'absent',
    'on_break',
    'clocked_in',
    'scheduled',
    'clocked_out',
    'time_off',
  ];
  employees.sort(
    (a, b) => order.indexOf(a.status) - order.indexOf(b.status) || a.name.localeCompare(b.name),
  );
  const counts: Record<StoreEmployeeStatus, number> = {
    clocked_in: 0,
    on_break: 0,
    late: 0,
    absent: 0,
    scheduled: 0,
    clocked_out: 0,
    time_off: 0,
  };
  for (const e of employees) counts[e.status] += 1;
  return { counts, employees };
}

// ---- My view

async function timeZoneOf(db: Executor, companyId: number, userId: number) {
  const person = peopleToJoin(db, 'person', companyId);
  const store = storesToJoin(db);
  const [row] = await db
    .select({ time_zone: store.time_zone })
    .from(person)
    .innerJoin(store, tenantJoin(store, person.company_id, person.current_store))
    .where(eq(person.id, userId));
  return row?.time_zone ?? DEFAULT_TIMEZONE;
}

async function hoursBetween(
  db: Executor,
  companyId: number,
  userId: number,
  from: string,
  to: string,
) {
  const result = await computeTimesheets(db, companyId, { from, to, userIds: [userId] });
  const totals = result.employees.find((e) => e.user_id === userId)?.totals;
  return {
    from,
    to,
    worked_minutes: totals?.worked_minutes ?? 0,
    regular_minutes: totals?.regular_minutes ?? 0,
    overtime_minutes: totals?.overtime_minutes ?? 0,
    scheduled_minutes: totals?.scheduled_minutes ?? 0,
  };
}

/** The signed-in user's dashboard: upcoming shifts, hours, requests and balances. */
export async function myView(db: Executor, ctx: RequestContext): Promise<MyView> {
  const tz = await timeZoneOf(db, ctx.companyId, ctx.userId);
  const today = localDate(new Date().toISOString(), tz);
  const settings = await getCompanySettings(db, ctx.companyId);
  const weekFrom = weekStartOf(today, settings.week_start_day);
  const period = payPeriodOf(today, settings.pay_period, settings.pay_period_anchor);

  const upcoming = await upcomingShiftsOf(db, ctx.companyId, ctx.userId);

  const corrections = await correctionRequestsOf(db, ctx.companyId, ctx.userId);

  return {
    today,
    upcoming_shifts: upcoming,
    week: await hoursBetween(db, ctx.companyId, ctx.userId, weekFrom, addDays(weekFrom, 6)),
    pay_period: await hoursBetween(db, ctx.companyId, ctx.userId, period.from, period.to),
    timeoff_requests: (await listRequests(db, ctx, { scope: 'mine' })).slice(0, 20),
    balances: await balances(db, ctx, ctx.userId, Number(today.slice(0, 4))),
    correction_requests: corrections,
  };
}

// ---- Team

/** The caller's team: those they supervise, or (with read_employees) the whole company. */
export async function listTeam(
  db: Executor,
  ctx: RequestContext,
  scope: 'reports' | 'all',
): Promise<TeamMember[]> {
  if (scope === 'all' && !hasPermission(ctx, 'read_employees')) throw AppError.forbidden();
  return queryTeam(db, ctx.companyId, scope === 'reports' ? { supervisorId: ctx.userId } : {});
}

/** Active employees of a company with their clock status and pending time off; no access check. */
async function queryTeam(
  db: Executor,
  companyId: number,
  filter: { supervisorId?: number; userId?: number },
): Promise<TeamMember[]> {
  const rows = await activeEmployees(db, companyId, filter);
  const ids = rows.map((r) => r.user_id);
  if (!ids.length) return [];
  const open = await openTimecardsOf(db, companyId, ids);
  const pending = await pendingRequestCounts(db, companyId, ids);
  return rows.map((row) => {
    const card = open.find((o) => o.user_id === row.user_id);
    return {
      ...row,
      clock_status: !card
        ? clockStatus.notClockedIn
        : card.on_break
          ? clockStatus.onBreak
          : clockStatus.clockedIn,
      clocked_in_store: card?.store_name ?? null,
      pending_timeoff: pending.get(row.user_id) ?? 0,
    };
  });
}

/** May the caller act on this member's clock: their supervisor, or a holder of write_employees. */
const mayManage = (ctx: RequestContext, member: TeamMember) =>
  member.user_id !== ctx.userId &&
  (member.supervisor_id === ctx.userId || hasPermission(ctx, 'write_employees'));

/** One team member: profile, clock, balances and requests (their supervisor or HR readers). */
export async function teamMember(
  db: Executor,
  ctx: RequestContext,
  userId: number,
): Promise<TeamMemberDetail> {
  const [member] = await queryTeam(db, ctx.companyId, { userId });
  if (!member) throw AppError.notFound('Team member');
  if (
    member.supervisor_id !== ctx.userId &&
    member.user_id !== ctx.userId &&
    !hasPermission(ctx, 'read_employees')
  )
    throw AppError.forbidden();
  const card = await openTimecardOf(db, ctx.companyId, userId);
  const hrReader = hasPermission(ctx, 'read_hr_timeoff') || hasPermission(ctx, 'write_hr_timeoff');
  const seesTimeoff = hrReader || member.supervisor_id === ctx.userId || userId === ctx.userId;
  return {
    ...member,
    balances: seesTimeoff ? await balances(db, ctx, userId, new Date().getUTCFullYear()) : [],
    requests: seesTimeoff
      ? (
          await listRequests(db, ctx, {
            scope: userId === ctx.userId ? 'mine' : hrReader ? 'all' : 'team',
            user_id: userId,
          })
        ).slice(0, 20)
      : [],
    open_timecard: card
      ? {
          id: card.id,
          store_name: card.store_name,
          clock_in: card.clock_in,
          on_break: card.break_id !== null,
          break_id: card.break_id === null ? null : Number(card.break_id),
        }
      : null,
    can_manage_clock: mayManage(ctx, member),
  };
}

/**
 * A manager ends a team member's open break, or clocks them out (ending any open break), with a
 * reason kept on the timecard. Under a lock on the timecard, like the clock's own actions; the
 * clock's change trigger tells the store view.
 */
export async function teamClockAction(
  db: Database,
  ctx: RequestContext,
  userId: number,
  input: { action: 'end_break' | 'clock_out'; reason: string },
): Promise<TeamMemberDetail> {
  const [member] = await queryTeam(db, ctx.companyId, { userId });
  if (!member) throw AppError.notFound('Team member');
  if (!mayManage(ctx, member))
    throw AppError.forbidden("Only the employee's supervisor or an HR manager can do this");
  const person = peopleToJoin(db, 'person', ctx.companyId);
  const [me] = await db
    .select({ name: fullName(person) })
    .from(person)
    .where(eq(person.id, ctx.userId));
  const note = `${input.action === 'clock_out' ? 'Clocked out' : 'Break ended'} by ${me?.name ?? 'a manager'}: ${input.reason}`;
  await endOpenClock(db, ctx.companyId, userId, input.action, note);
  return teamMember(db, ctx, userId);
}

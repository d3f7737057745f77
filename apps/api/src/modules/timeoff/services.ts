import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  HOURS_PER_DAY,
  timeoffMessages,
  type ApprovedTimeoff,
  type LeavesReportRow,
  type TimeoffBalance,
  type TimeoffRequest,
  type TimeoffRequestCreate,
  type TimeoffRequestDetail,
  type TimeoffStatus,
} from '@portal/contract/hr-timeoff';
import type { Database, Executor } from '../../platform/database.ts';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { notify } from '../notifications/api.ts';
import { isEmployed, supervisorIdOf, supervisorOf } from '../hr/api.ts';
import { lockUser, peopleToJoin, userCompanyOf } from '../users/api.ts';
import {
  hrTimeoffAllowances,
  hrTimeoffEvents,
  hrTimeoffRequests,
  hrTimeoffTypes,
} from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

// ---- Units: the tables keep whole minutes, the API speaks hours (two decimals).

export const toHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
export const toMinutes = (hours: number) => Math.round(hours * 60);
const DAY_MS = 86_400_000;
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
const todayUtc = () => new Date().toISOString().slice(0, 10);

// ---- The schedule's view: approved time off of a company's users in a date range.

/**
 * Approved time off of a company's users that touches [from, to] (dates `YYYY-MM-DD`, inclusive),
 * optionally only of some users: what the schedule grid shows and flags as a conflict.
 */
export async function listApprovedTimeOff(
  db: Executor,
  companyId: number,
  range: { from: string; to: string; userIds?: readonly number[] },
): Promise<ApprovedTimeoff[]> {
  if (range.userIds && !range.userIds.length) return [];
  const rows = await db
    .select({
      id: hrTimeoffRequests.id,
      user_id: hrTimeoffRequests.user_id,
      type_id: hrTimeoffRequests.type_id,
      type_name: hrTimeoffTypes.name,
      start_date: hrTimeoffRequests.start_date,
      end_date: hrTimeoffRequests.end_date,
      minutes: hrTimeoffRequests.minutes,
      partial_day: hrTimeoffRequests.partial_day,
    })
    .from(hrTimeoffRequests)
    .innerJoin(
      hrTimeoffTypes,
      tenantJoin(hrTimeoffTypes, hrTimeoffRequests.company_id, hrTimeoffRequests.type_id),
    )
    .where(
      and(
        tenantScope(hrTimeoffRequests, companyId),
        eq(hrTimeoffRequests.status, 'approved'),
        lte(hrTimeoffRequests.start_date, range.to),
        gte(hrTimeoffRequests.end_date, range.from),
        range.userIds ? inArray(hrTimeoffRequests.user_id, [...range.userIds]) : undefined,
      ),
    )
    .orderBy(asc(hrTimeoffRequests.start_date), asc(hrTimeoffRequests.id));
  return rows.map(({ minutes, ...row }) => ({ ...row, hours: toHours(minutes) }));
}

// ---- Types (served by the engine, types.ts); the columns the requests and balances read.

const typeColumns = {
  id: hrTimeoffTypes.id,
  name: hrTimeoffTypes.name,
  is_paid: hrTimeoffTypes.is_paid,
  yearly_allowance_minutes: hrTimeoffTypes.yearly_allowance_minutes,
  is_active: hrTimeoffTypes.is_active,
};

// ---- Who may see and decide

/** A holder of write_hr_timeoff, or the employee's supervisor; never for one's own request. */
const mayDecide = (ctx: RequestContext, userId: number, supervisorId: number | null) =>
  userId !== ctx.userId &&
  (hasPermission(ctx, 'write_hr_timeoff') ||
    (supervisorId !== null && supervisorId === ctx.userId));

/** Self, the supervisor, or a holder of read_hr_timeoff or write_hr_timeoff. */
const mayRead = (ctx: RequestContext, userId: number, supervisorId: number | null) =>
  userId === ctx.userId ||
  supervisorId === ctx.userId ||
  hasPermission(ctx, 'read_hr_timeoff') ||
  hasPermission(ctx, 'write_hr_timeoff');

async function assertUserInCompany(db: Executor, companyId: number, userId: number) {
  if ((await userCompanyOf(db, userId, companyId)) === null) throw AppError.notFound('Employee');
}

/** The employee whose balance or requests the caller asks for; 404 outside the company, 403 if not theirs to see. */
export async function assertMayReadEmployee(db: Executor, ctx: RequestContext, userId: number) {
  if (userId === ctx.userId) return;
  await assertUserInCompany(db, ctx.companyId, userId);
  if (!mayRead(ctx, userId, await supervisorOf(db, ctx.companyId, userId)))
    throw AppError.forbidden();
}

// ---- Requests: reading

function selectRequests(db: Executor, where: SQL | undefined) {
  const person = peopleToJoin(db, 'person');
  const decider = peopleToJoin(db, 'decider');
  return db
    .select({
      id: hrTimeoffRequests.id,
      user_id: hrTimeoffRequests.user_id,
      employee_name: sql<string>`${person.first_name} || ' ' || ${person.last_name}`,
      supervisor_id: supervisorIdOf(hrTimeoffRequests.company_id, hrTimeoffRequests.user_id),
      type_id: hrTimeoffRequests.type_id,
      type_name: hrTimeoffTypes.name,
      is_paid: hrTimeoffTypes.is_paid,
      start_date: hrTimeoffRequests.start_date,
      end_date: hrTimeoffRequests.end_date,
      minutes: hrTimeoffRequests.minutes,
      partial_day: hrTimeoffRequests.partial_day,
      notes: hrTimeoffRequests.notes,
      status: hrTimeoffRequests.status,
      decided_by: hrTimeoffRequests.decided_by,
      decided_by_name: sql<string | null>`${decider.first_name} || ' ' || ${decider.last_name}`,
      decided_at: hrTimeoffRequests.decided_at,
      decision_reason: hrTimeoffRequests.decision_reason,
      created_at: hrTimeoffRequests.created_at,
    })
    .from(hrTimeoffRequests)
    .innerJoin(person, tenantJoin(person, hrTimeoffRequests.company_id, hrTimeoffRequests.user_id))
    .innerJoin(
      hrTimeoffTypes,
      tenantJoin(hrTimeoffTypes, hrTimeoffRequests.company_id, hrTimeoffRequests.type_id),
    )
    .leftJoin(
      decider,
      tenantJoin(decider, hrTimeoffRequests.company_id, hrTimeoffRequests.decided_by),
    )
    .where(where);
}
interface RequestRow {
  id: number;
  user_id: number;
  employee_name: string;
  supervisor_id: number | null;
  type_id: number;
  type_name: string;
  is_paid: boolean;
  start_date: string;
  end_date: string;
  minutes: number;
  partial_day: boolean;
  notes: string | null;
  status: string;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  created_at: string;
}

const isStatus = (value: string): value is TimeoffStatus =>
  ['pending', 'approved', 'rejected', 'cancelled'].includes(value);

function requestOut(ctx: RequestContext, row: RequestRow): TimeoffRequest {
  const { minutes, supervisor_id, status, ...rest } = row;
  const known = isStatus(status) ? status : 'pending';
  return {
    ...rest,
    status: known,
    hours: toHours(minutes),
    can_decide: known === 'pending' && mayDecide(ctx, row.user_id, supervisor_id),
    can_cancel:
      row.user_id === ctx.userId &&
      (known === 'pending' || (known === 'approved' && row.start_date > todayUtc())),
  };
}

export async function listRequests(
  db: Executor,
  ctx: RequestContext,
  query: {
    scope: 'mine' | 'team' | 'all';
    status?: TimeoffStatus;
    user_id?: number;
    year?: number;
  },
): Promise<TimeoffRequest[]> {
  let who: SQL | undefined;
  if (query.scope === 'mine') who = eq(hrTimeoffRequests.user_id, ctx.userId);
  else if (query.scope === 'team')
    // Those the caller may decide: their reports, or everyone's with write_hr_timeoff.
    who = and(
      ne(hrTimeoffRequests.user_id, ctx.userId),
      hasPermission(ctx, 'write_hr_timeoff')
        ? undefined
        : eq(supervisorIdOf(hrTimeoffRequests.company_id, hrTimeoffRequests.user_id), ctx.userId),
    );
  else if (!hasPermission(ctx, 'read_hr_timeoff') && !hasPermission(ctx, 'write_hr_timeoff'))
    throw AppError.forbidden();
  if (query.user_id) await assertMayReadEmployee(db, ctx, query.user_id);
  const rows = await selectRequests(
    db,
    and(
      tenantScope(hrTimeoffRequests, ctx.companyId),
      who,
      query.status ? eq(hrTimeoffRequests.status, query.status) : undefined,
      query.user_id ? eq(hrTimeoffRequests.user_id, query.user_id) : undefined,
      query.year
        ? and(
            gte(hrTimeoffRequests.start_date, `${query.year}-01-01`),
            lte(hrTimeoffRequests.start_date, `${query.year}-12-31`),
          )
        : undefined,
    ),
  )
    .orderBy(desc(hrTimeoffRequests.start_date), desc(hrTimeoffRequests.id))
    .limit(500);
  return rows.map((row) => requestOut(ctx, row));
}

/** How many pending requests the caller may decide (the manager's badge). */
export async function pendingCount(db: Executor, ctx: RequestContext): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(hrTimeoffRequests)
    .where(
      and(
        tenantScope(hrTimeoffRequests, ctx.companyId),
        eq(hrTimeoffRequests.status, 'pending'),
        ne(hrTimeoffRequests.user_id, ctx.userId),
        hasPermission(ctx, 'write_hr_timeoff')
          ? undefined
          : eq(supervisorIdOf(hrTimeoffRequests.company_id, hrTimeoffRequests.user_id), ctx.userId),
      ),
    );
  return Number(row?.total ?? 0);
}

async function findRequest(db: Executor, ctx: RequestContext, id: number): Promise<RequestRow> {
  const rows: RequestRow[] = await selectRequests(
    db,
    and(tenantScope(hrTimeoffRequests, ctx.companyId), eq(hrTimeoffRequests.id, id)),
  );
  const row = rows[0];
  if (!row) throw AppError.notFound('Time off request');
  return row;
}

export async function getRequest(
  db: Executor,
  ctx: RequestContext,
  id: number,
): Promise<TimeoffRequestDetail> {
  const row = await findRequest(db, ctx, id);
  if (!mayRead(ctx, row.user_id, row.supervisor_id)) throw AppError.forbidden();
  const actor = peopleToJoin(db, 'actor');
  const history = await db
    .select({
      id: hrTimeoffEvents.id,
      action: hrTimeoffEvents.action,
      from_status: hrTimeoffEvents.from_status,
      to_status: hrTimeoffEvents.to_status,
      reason: hrTimeoffEvents.reason,
      at: hrTimeoffEvents.at,
      actor_id: hrTimeoffEvents.actor_id,
      actor_name: sql<string>`${actor.first_name} || ' ' || ${actor.last_name}`,
    })
    .from(hrTimeoffEvents)
    .innerJoin(actor, tenantJoin(actor, hrTimeoffEvents.company_id, hrTimeoffEvents.actor_id))
    .where(and(tenantScope(hrTimeoffEvents, ctx.companyId), eq(hrTimeoffEvents.request_id, id)))
    .orderBy(asc(hrTimeoffEvents.at), asc(hrTimeoffEvents.id));
  return { ...requestOut(ctx, row), history };
}

// ---- Balances

interface Usage {
  approved: number;
  pending: number;
  requests: number;
}

/** Minutes approved and pending per user and type in a year. */
async function usageOf(db: Executor, companyId: number, year: number, userIds?: number[]) {
  const rows = await db
    .select({
      user_id: hrTimeoffRequests.user_id,
      type_id: hrTimeoffRequests.type_id,
      approved: sql<number>`coalesce(sum(${hrTimeoffRequests.minutes}) filter (where ${hrTimeoffRequests.status} = 'approved'), 0)::int`,
      pending: sql<number>`coalesce(sum(${hrTimeoffRequests.minutes}) filter (where ${hrTimeoffRequests.status} = 'pending'), 0)::int`,
      requests: sql<number>`count(*) filter (where ${hrTimeoffRequests.status} in ('approved', 'pending'))::int`,
    })
    .from(hrTimeoffRequests)
    .where(
      and(
        tenantScope(hrTimeoffRequests, companyId),
        gte(hrTimeoffRequests.start_date, `${year}-01-01`),
        lte(hrTimeoffRequests.start_date, `${year}-12-31`),
        userIds ? inArray(hrTimeoffRequests.user_id, userIds) : undefined,
      ),
    )
    .groupBy(hrTimeoffRequests.user_id, hrTimeoffRequests.type_id);
  const usage = new Map<string, Usage>();
  for (const row of rows)
    usage.set(`${row.user_id}:${row.type_id}`, {
      approved: Number(row.approved),
      pending: Number(row.pending),
      requests: Number(row.requests),
    });
  return usage;
}

/** Allowance overrides per user and type in a year (minutes). */
async function allowancesOf(db: Executor, companyId: number, year: number, userIds?: number[]) {
  const rows = await db
    .select({
      user_id: hrTimeoffAllowances.user_id,
      type_id: hrTimeoffAllowances.type_id,
      minutes: hrTimeoffAllowances.allowance_minutes,
    })
    .from(hrTimeoffAllowances)
    .where(
      and(
        tenantScope(hrTimeoffAllowances, companyId),
        eq(hrTimeoffAllowances.year, year),
        userIds ? inArray(hrTimeoffAllowances.user_id, userIds) : undefined,
      ),
    );
  return new Map(rows.map((row) => [`${row.user_id}:${row.type_id}`, row.minutes]));
}

function balanceOf(
  type: { id: number; name: string; is_paid: boolean; yearly_allowance_minutes: number | null },
  year: number,
  allowanceMinutes: number | null,
  usage: Usage | undefined,
): TimeoffBalance {
  const approved = usage?.approved ?? 0;
  const pending = usage?.pending ?? 0;
  return {
    type_id: type.id,
    type_name: type.name,
    is_paid: type.is_paid,
    year,
    allowance: allowanceMinutes === null ? null : toHours(allowanceMinutes),
    approved: toHours(approved),
    pending: toHours(pending),
    remaining: allowanceMinutes === null ? null : toHours(allowanceMinutes - approved),
    available: allowanceMinutes === null ? null : toHours(allowanceMinutes - approved - pending),
  };
}

export async function balances(
  db: Executor,
  ctx: RequestContext,
  userId: number,
  year: number,
): Promise<TimeoffBalance[]> {
  await assertMayReadEmployee(db, ctx, userId);
  const types = await db
    .select(typeColumns)
    .from(hrTimeoffTypes)
    .where(and(tenantScope(hrTimeoffTypes, ctx.companyId), eq(hrTimeoffTypes.is_active, true)))
    .orderBy(asc(hrTimeoffTypes.name));
  const usage = await usageOf(db, ctx.companyId, year, [userId]);
  const overrides = await allowancesOf(db, ctx.companyId, year, [userId]);
  return types.map((type) => {
    const key = `${userId}:${type.id}`;
    return balanceOf(
      type,
      year,
      overrides.get(key) ?? type.yearly_allowance_minutes,
      usage.get(key),
    );
  });
}

export async function setAllowance(
  db: Database,
  ctx: RequestContext,
  input: { user_id: number; type_id: number; year: number; hours: number },
): Promise<TimeoffBalance[]> {
  await db.transaction(async (tx) => {
    await assertUserInCompany(tx, ctx.companyId, input.user_id);
    await findType(tx, ctx.companyId, input.type_id);
    await tx
      .insert(hrTimeoffAllowances)
      .values({
        company_id: ctx.companyId,
        user_id: input.user_id,
        type_id: input.type_id,
        year: input.year,
        allowance_minutes: toMinutes(input.hours),
      })
      .onConflictDoUpdate({
        target: [
          hrTimeoffAllowances.company_id,
          hrTimeoffAllowances.user_id,
          hrTimeoffAllowances.type_id,
          hrTimeoffAllowances.year,
        ],
        set: { allowance_minutes: toMinutes(input.hours), updated_at: sql`now()` },
      });
  });
  return balances(db, ctx, input.user_id, input.year);
}

/** The Employee Leaves Report: every employee's hours per type in a year. */
export async function leavesReport(
  db: Executor,
  ctx: RequestContext,
  year: number,
): Promise<LeavesReportRow[]> {
  const person = peopleToJoin(db, 'person', ctx.companyId);
  const staff = await db
    .select({
      user_id: person.id,
      employee_name: sql<string>`${person.first_name} || ' ' || ${person.last_name}`,
    })
    .from(person)
    .where(isEmployed(person.company_id, person.id))
    .orderBy(asc(person.last_name), asc(person.first_name));
  const types = await db
    .select(typeColumns)
    .from(hrTimeoffTypes)
    .where(and(tenantScope(hrTimeoffTypes, ctx.companyId), eq(hrTimeoffTypes.is_active, true)))
    .orderBy(asc(hrTimeoffTypes.name));
  const usage = await usageOf(db, ctx.companyId, year);
  const overrides = await allowancesOf(db, ctx.companyId, year);
  return staff.flatMap((person) =>
    types.map((type) => {
      const key = `${person.user_id}:${type.id}`;
      const balance = balanceOf(
        type,
        year,
        overrides.get(key) ?? type.yearly_allowance_minutes,
        usage.get(key),
      );
      return {
        ...person,
        type_name: type.name,
        allowance: balance.allowance,
        approved: balance.approved,
        pending: balance.pending,
        remaining: balance.remaining,
        requests: usage.get(key)?.requests ?? 0,
      };
    }),
  );
}

// ---- Requests: writing

async function findType(db: Executor, companyId: number, typeId: number) {
  const [type] = await db
    .select(typeColumns)
    .from(hrTimeoffTypes)
    .where(and(tenantScope(hrTimeoffTypes, companyId), eq(hrTimeoffTypes.id, typeId)));
  if (!type) throw AppError.badRequest('Unknown time off type', { type_id: ['Choose a type'] });
  return type;
}

/** Who hears about a request: its employee, their supervisor and HR approvers. */
const audienceOf = (userId: number, supervisorId: number | null) => ({
  userIds: supervisorId ? [userId, supervisorId] : [userId],
  permission: 'write_hr_timeoff' as const,
});

async function addEvent(
  db: Executor,
  companyId: number,
  event: {
    request_id: number;
    actor_id: number;
    action: string;
    from_status: string | null;
    to_status: string;
    reason?: string | null;
  },
) {
  await db
    .insert(hrTimeoffEvents)
    .values({ company_id: companyId, ...event, reason: event.reason ?? null });
}

/**
 * Request time off for oneself. Under a lock on the employee's user row (so two concurrent requests
 * are checked one after the other): no overlap with a pending or approved request, and no more
 * than the balance available (allowance - approved - pending) for types with an allowance.
 */
export async function createRequest(
  db: Database,
  ctx: RequestContext,
  input: TimeoffRequestCreate,
): Promise<TimeoffRequestDetail> {
  const year = Number(input.start_date.slice(0, 4));
  const partial = input.hours != null;
  const minutes = partial
    ? toMinutes(input.hours ?? 0)
    : daysBetween(input.start_date, input.end_date) * HOURS_PER_DAY * 60;
  const id = await db.transaction(async (tx) => {
    if (!(await lockUser(tx, ctx.companyId, ctx.userId))) throw AppError.notFound('Employee');
    const type = await findType(tx, ctx.companyId, input.type_id);
    if (!type.is_active)
      throw AppError.badRequest(timeoffMessages.typeInactive, {
        type_id: [timeoffMessages.typeInactive],
      });

    const [overlap] = await tx
      .select({ start: hrTimeoffRequests.start_date, end: hrTimeoffRequests.end_date })
      .from(hrTimeoffRequests)
      .where(
        and(
          tenantScope(hrTimeoffRequests, ctx.companyId),
          eq(hrTimeoffRequests.user_id, ctx.userId),
          inArray(hrTimeoffRequests.status, ['pending', 'approved']),
          lte(hrTimeoffRequests.start_date, input.end_date),
          gte(hrTimeoffRequests.end_date, input.start_date),
        ),
      )
      .limit(1);
    if (overlap) throw AppError.conflict(timeoffMessages.overlaps(overlap.start, overlap.end));

    const overrides = await allowancesOf(tx, ctx.companyId, year, [ctx.userId]);
    const allowance = overrides.get(`${ctx.userId}:${type.id}`) ?? type.yearly_allowance_minutes;
    if (allowance !== null) {
      const used = (await usageOf(tx, ctx.companyId, year, [ctx.userId])).get(
        `${ctx.userId}:${type.id}`,
      );
      const available = allowance - (used?.approved ?? 0) - (used?.pending ?? 0);
      if (minutes > available) {
        const message = timeoffMessages.overBalance(toHours(Math.max(available, 0)), type.name);
        throw AppError.badRequest(message, { [partial ? 'hours' : 'end_date']: [message] });
      }
    }

    const [created] = await tx
      .insert(hrTimeoffRequests)
      .values({
        company_id: ctx.companyId,
        user_id: ctx.userId,
        type_id: type.id,
        start_date: input.start_date,
        end_date: input.end_date,
        minutes,
        partial_day: partial,
        notes: input.notes || null,
      })
      .returning({ id: hrTimeoffRequests.id });
    if (!created) throw new Error('time off insert returned nothing');
    await addEvent(tx, ctx.companyId, {
      request_id: created.id,
      actor_id: ctx.userId,
      action: 'requested',
      from_status: null,
      to_status: 'pending',
      reason: input.notes ?? null,
    });
    const supervisorId = await supervisorOf(tx, ctx.companyId, ctx.userId);
    await publish(tx, ctx.companyId, {
      type: 'timeoff.requested',
      audience: audienceOf(ctx.userId, supervisorId),
      request_id: created.id,
      user_id: ctx.userId,
    });
    return created.id;
  });
  return getRequest(db, ctx, id);
}

/**
 * Approve or reject a pending request: the employee's supervisor or a holder of write_hr_timeoff,
 * never the employee. A rejection needs a reason. An approval re-checks the allowance (it may have
 * been lowered since the request).
 */
export async function decideRequest(
  db: Database,
  ctx: RequestContext,
  id: number,
  decision: 'approved' | 'rejected',
  reason: string | null | undefined,
): Promise<TimeoffRequestDetail> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: hrTimeoffRequests.id })
      .from(hrTimeoffRequests)
      .where(and(tenantScope(hrTimeoffRequests, ctx.companyId), eq(hrTimeoffRequests.id, id)))
      .for('update');
    if (!locked) throw AppError.notFound('Time off request');
    const row = await findRequest(tx, ctx, id);
    if (row.user_id === ctx.userId) throw AppError.forbidden(timeoffMessages.ownRequest);
    if (!mayDecide(ctx, row.user_id, row.supervisor_id))
      throw AppError.forbidden(timeoffMessages.mayNotDecide);
    if (row.status !== 'pending') throw AppError.conflict(timeoffMessages.notPending(row.status));
    if (decision === 'rejected' && !reason?.trim())
      throw AppError.badRequest(timeoffMessages.reasonRequired, {
        reason: [timeoffMessages.reasonRequired],
      });
    if (decision === 'approved') {
      const year = Number(row.start_date.slice(0, 4));
      const type = await findType(tx, ctx.companyId, row.type_id);
      const allowance =
        (await allowancesOf(tx, ctx.companyId, year, [row.user_id])).get(
          `${row.user_id}:${row.type_id}`,
        ) ?? type.yearly_allowance_minutes;
      const used = (await usageOf(tx, ctx.companyId, year, [row.user_id])).get(
        `${row.user_id}:${row.type_id}`,
      );
      if (allowance !== null && (used?.approved ?? 0) + row.minutes > allowance)
        throw AppError.conflict(
          timeoffMessages.overBalance(toHours(allowance - (used?.approved ?? 0)), type.name),
        );
    }
    await tx
      .update(hrTimeoffRequests)
      .set({
        status: decision,
        decided_by: ctx.userId,
        decided_at: sql`now()`,
        decision_reason: reason?.trim() || null,
        updated_at: sql`now()`,
      })
      .where(and(tenantScope(hrTimeoffRequests, ctx.companyId), eq(hrTimeoffRequests.id, id)));
    await addEvent(tx, ctx.companyId, {
      request_id: id,
      actor_id: ctx.userId,
      action: decision === 'approved' ? 'approved' : 'rejected',
      from_status: 'pending',
      to_status: decision,
      reason: reason?.trim() || null,
    });
    await publish(tx, ctx.companyId, {
      type: 'timeoff.decided',
      audience: audienceOf(row.user_id, row.supervisor_id),
      request_id: id,
      user_id: row.user_id,
      status: decision,
    });
    await notify(tx, ctx.companyId, {
      kind: 'timeoff.decided',
      userIds: [row.user_id],
      title: decision === 'approved' ? 'Time off approved' : 'Time off rejected',
      body:
        `${row.type_name}, ${row.start_date} to ${row.end_date}: ` +
        (decision === 'approved' ? 'approved' : `rejected (${reason?.trim() ?? ''})`),
      link: '/hr/dashboard/timeoff',
    });
  });
  return getRequest(db, ctx, id);
}

/** Cancel one's own request: pending, or approved and not yet started. */
export async function cancelRequest(
  db: Database,
  ctx: RequestContext,
  id: number,
  reason: string | null | undefined,
): Promise<TimeoffRequestDetail> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: hrTimeoffRequests.id })
      .from(hrTimeoffRequests)
      .where(and(tenantScope(hrTimeoffRequests, ctx.companyId), eq(hrTimeoffRequests.id, id)))
      .for('update');
    if (!locked) throw AppError.notFound('Time off request');
    const row = await findRequest(tx, ctx, id);
    if (row.user_id !== ctx.userId) {
      if (!mayRead(ctx, row.user_id, row.supervisor_id))
        throw AppError.notFound('Time off request');
      throw AppError.forbidden(timeoffMessages.notYours);
    }
    if (row.status !== 'pending' && !(row.status === 'approved' && row.start_date > todayUtc()))
      throw AppError.conflict(
        row.status === 'approved'
          ? 'Time off that has started cannot be cancelled; ask your manager'
          : timeoffMessages.notPending(row.status),
      );
    await tx
      .update(hrTimeoffRequests)
      .set({ status: 'cancelled', updated_at: sql`now()` })
      .where(and(tenantScope(hrTimeoffRequests, ctx.companyId), eq(hrTimeoffRequests.id, id)));
    await addEvent(tx, ctx.companyId, {
      request_id: id,
      actor_id: ctx.userId,
      action: 'cancelled',
      from_status: row.status,
      to_status: 'cancelled',
      reason: reason?.trim() || null,
    });
    await publish(tx, ctx.companyId, {
      type: 'timeoff.cancelled',
      audience: audienceOf(row.user_id, row.supervisor_id),
      request_id: id,
      user_id: row.user_id,
    });
  });
  return getRequest(db, ctx, id);
}

/** How many pending requests each of the given people of a company has (absent: none), in one query. */
export async function pendingRequestCounts(
  db: Executor,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ user_id: hrTimeoffRequests.user_id, total: sql<number>`count(*)::int` })
    .from(hrTimeoffRequests)
    .where(
      and(
        tenantScope(hrTimeoffRequests, companyId),
        inArray(hrTimeoffRequests.user_id, [...userIds]),
        eq(hrTimeoffRequests.status, 'pending'),
      ),
    )
    .groupBy(hrTimeoffRequests.user_id);
  return new Map(rows.map((row) => [row.user_id, Number(row.total)]));
}

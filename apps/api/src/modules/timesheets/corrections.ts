import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  timesheetMessages,
  type AuditEntry,
  type Correction,
  type CorrectionCreate,
} from '@portal/contract/hr-timesheets';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { storesToJoin } from '../organisation/api.ts';
import { peopleToJoin } from '../users/api.ts';
import {
  companyBreaks,
  companyTimecards,
  lockBreak,
  lockTimecard,
  setBreakTimes,
  setEditRequestSent,
  setTimecardTimes,
  supervisedBy,
  supervisorOf,
  timecardOfBreak,
} from '../hr/api.ts';
import { hrTimecardAudit, hrTimesheetCorrections } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/**
 * Corrections of timecards and breaks: an employee asks (times + reason), the supervisor or a holder
 * of write_hr_timesheets approves (the change applies in the same transaction, with an audit row)
 * or rejects with a reason (nothing changes). A manager's direct edit writes an audit row too.
 */

export const mayReadAll = (ctx: RequestContext) =>
  hasPermission(ctx, 'read_hr_timesheets') || hasPermission(ctx, 'write_hr_timesheets');
export const mayWrite = (ctx: RequestContext) => hasPermission(ctx, 'write_hr_timesheets');

const nowIso = () => new Date().toISOString();
const later = (a: string, b: string) => new Date(a).getTime() > new Date(b).getTime();

/** Tells the employee's supervisor and the timesheet managers that a correction waits for them. */
async function announceRequest(
  tx: Executor,
  companyId: number,
  correctionId: number,
  employeeId: number,
) {
  const supervisorId = await supervisorOf(tx, companyId, employeeId);
  // Published inside the transaction: it leaves only if the request is committed.
  await publish(tx, companyId, {
    type: 'timesheet.correction_requested',
    correction_id: correctionId,
    user_id: employeeId,
    audience: {
      userIds: supervisorId ? [supervisorId] : [],
      permission: 'write_hr_timesheets',
    },
  });
}

/**
 * The auto clock-out dialog's real end time (POST /hr-timecards/correction-request) joins the
 * corrections queue as `source = 'auto_clockout'`. Runs inside the transaction that marks the
 * timecard edit_request_sent, with the timecard locked.
 */
export async function queueAutoClockoutCorrection(
  tx: Executor,
  ctx: RequestContext,
  card: { id: number; user_id: number; requested_end: string; comment: string | null },
): Promise<{ id: number }> {
  const [row] = await tx
    .insert(hrTimesheetCorrections)
    .values({
      company_id: ctx.companyId,
      timecard_id: card.id,
      user_id: card.user_id,
      requested_by: ctx.userId,
      source: 'auto_clockout',
      requested_end: card.requested_end,
      reason: card.comment || 'Real end time after an automatic clock-out',
    })
    .returning({ id: hrTimesheetCorrections.id });
  if (!row) throw new Error('correction not inserted');
  await announceRequest(tx, ctx.companyId, row.id, card.user_id);
  return row;
}

async function lockCard(tx: Executor, companyId: number, timecardId: number) {
  const card = await lockTimecard(tx, companyId, timecardId);
  if (!card) throw AppError.notFound('Timecard');
  return card;
}

async function findBreak(tx: Executor, companyId: number, timecardId: number, breakId: number) {
  const row = await lockBreak(tx, companyId, timecardId, breakId);
  if (!row) throw AppError.notFound('Break');
  return row;
}

function checkSpan(start: string, end: string | null, field: string) {
  if (end && !later(end, start))
    throw AppError.badRequest(timesheetMessages.endBeforeStart, {
      [field]: [timesheetMessages.endBeforeStart],
    });
  if (later(start, nowIso()) || (end && later(end, nowIso())))
    throw AppError.badRequest(timesheetMessages.inFuture, {
      [field]: [timesheetMessages.inFuture],
    });
}

/** An employee asks for a timecard or one of its breaks to be corrected. */
export async function requestCorrection(
  db: Database,
  ctx: RequestContext,
  input: CorrectionCreate,
): Promise<{ id: number }> {
  const created = await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx.companyId, input.timecard_id);
    if (card.user_id !== ctx.userId)
      throw AppError.forbidden('You can only ask for corrections of your own timecards');
    const [pending] = await tx
      .select({ id: hrTimesheetCorrections.id })
      .from(hrTimesheetCorrections)
      .where(
        and(
          tenantScope(hrTimesheetCorrections, ctx.companyId),
          eq(hrTimesheetCorrections.timecard_id, card.id),
          eq(hrTimesheetCorrections.status, 'pending'),
        ),
      );
    if (pending) throw AppError.conflict(timesheetMessages.correctionPending);
    const start = input.requested_start ? new Date(input.requested_start).toISOString() : null;
    const end = input.requested_end ? new Date(input.requested_end).toISOString() : null;
    if (input.break_id) {
      const b = await findBreak(tx, ctx.companyId, card.id, input.break_id);
      const newStart = start ?? b.break_start;
      const newEnd = end ?? b.break_end;
      checkSpan(newStart, newEnd, 'requested_end');
      const cardEnd = card.clock_out ?? nowIso();
      if (later(card.clock_in, newStart) || (newEnd && later(newEnd, cardEnd)))
        throw AppError.badRequest(timesheetMessages.breakOutsideTimecard, {
          requested_start: [timesheetMessages.breakOutsideTimecard],
        });
    } else {
      if (!card.clock_out) throw AppError.badRequest(timesheetMessages.timecardOpen);
      checkSpan(start ?? card.clock_in, end ?? card.clock_out, 'requested_end');
    }
    const [row] = await tx
      .insert(hrTimesheetCorrections)
      .values({
        company_id: ctx.companyId,
        timecard_id: card.id,
        break_id: input.break_id ?? null,
        user_id: card.user_id,
        requested_by: ctx.userId,
        source: 'employee',
        requested_start: start,
        requested_end: end,
        reason: input.reason,
      })
      .returning({ id: hrTimesheetCorrections.id });
    if (!row) throw new Error('correction not inserted');
    await setEditRequestSent(tx, ctx.companyId, card.id, true, nowIso());
    await announceRequest(tx, ctx.companyId, row.id, card.user_id);
    return row;
  });
  return created;
}

/** The supervisor of the employee, or a holder of write_hr_timesheets; never the employee. */
async function assertMayDecide(tx: Executor, ctx: RequestContext, employeeId: number) {
  if (employeeId === ctx.userId && ctx.baseRole !== 'super_admin')
    throw AppError.forbidden('You cannot decide your own correction');
  if (mayWrite(ctx)) return;
  if ((await supervisorOf(tx, ctx.companyId, employeeId)) !== ctx.userId)
    throw AppError.forbidden(timesheetMessages.notYourManager);
}

async function lockCorrection(tx: Executor, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select()
    .from(hrTimesheetCorrections)
    .where(
      and(tenantScope(hrTimesheetCorrections, ctx.companyId), eq(hrTimesheetCorrections.id, id)),
    )
    .for('update');
  if (!row) throw AppError.notFound('Correction');
  await assertMayDecide(tx, ctx, row.user_id);
  if (row.status !== 'pending') throw AppError.conflict(timesheetMessages.notPending);
  return row;
}

const cardSnapshot = (c: {
  clock_in: string;
  clock_out: string | null;
  not_corrected: boolean;
}) => ({
  clock_in: c.clock_in,
  clock_out: c.clock_out,
  not_corrected: c.not_corrected,
});
const breakSnapshot = (b: { break_start: string; break_end: string | null }) => ({
  break_start: b.break_start,
  break_end: b.break_end,
});

interface Change {
  timecardId: number;
  breakId: number | null;
  start: string | null;
  end: string | null;
  action: 'correction_approved' | 'manager_edit';
  correctionId: number | null;
  reason: string | null;
}

/** Applies new times to a timecard or a break, with its audit row. Runs inside a transaction. */
async function applyChange(tx: Executor, ctx: RequestContext, change: Change) {
  const card = await lockCard(tx, ctx.companyId, change.timecardId);
  if (change.breakId) {
    const b = await findBreak(tx, ctx.companyId, card.id, change.breakId);
    const start = change.start ?? b.break_start;
    const end = change.end ?? b.break_end;
    checkSpan(start, end, 'break_end');
    if (later(card.clock_in, start) || (end && card.clock_out && later(end, card.clock_out)))
      throw AppError.badRequest(timesheetMessages.breakOutsideTimecard, {
        break_start: [timesheetMessages.breakOutsideTimecard],
      });
    const after = await setBreakTimes(tx, ctx.companyId, b.id, {
      break_start: start,
      break_end: end,
      updated_at: nowIso(),
    });
    if (!after) throw AppError.notFound('Break');
    await tx.insert(hrTimecardAudit).values({
      company_id: ctx.companyId,
      timecard_id: card.id,
      break_id: b.id,
      entity: 'break',
      action: change.action,
      correction_id: change.correctionId,
      changed_by: ctx.userId,
      before: breakSnapshot(b),
      after: breakSnapshot(after),
      reason: change.reason,
    });
    return;
  }
  const start = change.start ?? card.clock_in;
  const end = change.end ?? card.clock_out;
  if (!end) throw AppError.badRequest(timesheetMessages.timecardOpen);
  checkSpan(start, end, 'clock_out');
  const after = await setTimecardTimes(tx, ctx.companyId, card.id, {
    clock_in: start,
    clock_out: end,
    // A corrected end time is no longer the auto clock-out's guess.
    not_corrected: change.end ? false : card.not_corrected,
    updated_at: nowIso(),
  });
  if (!after) throw AppError.notFound('Timecard');
  await tx.insert(hrTimecardAudit).values({
    company_id: ctx.companyId,
    timecard_id: card.id,
    break_id: null,
    entity: 'timecard',
    action: change.action,
    correction_id: change.correctionId,
    changed_by: ctx.userId,
    before: cardSnapshot(card),
    after: cardSnapshot(after),
    reason: change.reason,
  });
}

export async function approveCorrection(
  db: Database,
  ctx: RequestContext,
  id: number,
  reason: string | undefined,
) {
  await db.transaction(async (tx) => {
    const row = await lockCorrection(tx, ctx, id);
    await applyChange(tx, ctx, {
      timecardId: row.timecard_id,
      breakId: row.break_id,
      start: row.requested_start,
      end: row.requested_end,
      action: 'correction_approved',
      correctionId: row.id,
      reason: reason || row.reason,
    });
    await setEditRequestSent(tx, ctx.companyId, row.timecard_id, false);
    await decide(tx, ctx, row.id, 'approved', reason ?? null);
    await publish(tx, ctx.companyId, {
      type: 'timesheet.correction_decided',
      correction_id: row.id,
      status: 'approved',
      audience: { userIds: [row.user_id], permission: 'write_hr_timesheets' },
    });
  });
}

export async function rejectCorrection(
  db: Database,
  ctx: RequestContext,
  id: number,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const row = await lockCorrection(tx, ctx, id);
    // The timecard keeps its times; an auto clocked-out one stays not corrected, so the employee
    // is asked again for the real end time.
    await setEditRequestSent(tx, ctx.companyId, row.timecard_id, false, nowIso());
    await decide(tx, ctx, row.id, 'rejected', reason);
    await publish(tx, ctx.companyId, {
      type: 'timesheet.correction_decided',
      correction_id: row.id,
      status: 'rejected',
      audience: { userIds: [row.user_id], permission: 'write_hr_timesheets' },
    });
  });
}

async function decide(
  tx: Executor,
  ctx: RequestContext,
  id: number,
  status: 'approved' | 'rejected',
  reason: string | null,
) {
  await tx
    .update(hrTimesheetCorrections)
    .set({
      status,
      decided_by: ctx.userId,
      decided_at: nowIso(),
      decision_reason: reason,
      updated_at: nowIso(),
    })
    .where(
      and(tenantScope(hrTimesheetCorrections, ctx.companyId), eq(hrTimesheetCorrections.id, id)),
    );
}

/** A manager's direct edit of a timecard (write_hr_timesheets). */
export async function editTimecard(
  db: Database,
  ctx: RequestContext,
  timecardId: number,
  input: { clock_in?: string; clock_out?: string; reason: string },
) {
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx.companyId, timecardId);
    if (!card.clock_out) throw AppError.badRequest(timesheetMessages.timecardOpen);
    await applyChange(tx, ctx, {
      timecardId,
      breakId: null,
      start: input.clock_in ? new Date(input.clock_in).toISOString() : null,
      end: input.clock_out ? new Date(input.clock_out).toISOString() : null,
      action: 'manager_edit',
      correctionId: null,
      reason: input.reason,
    });
  });
}

/** A manager's direct edit of a break (write_hr_timesheets). */
export async function editBreak(
  db: Database,
  ctx: RequestContext,
  breakId: number,
  input: { break_start?: string; break_end?: string; reason: string },
) {
  await db.transaction(async (tx) => {
    const timecardId = await timecardOfBreak(tx, ctx.companyId, breakId);
    if (timecardId === null) throw AppError.notFound('Break');
    await applyChange(tx, ctx, {
      timecardId,
      breakId,
      start: input.break_start ? new Date(input.break_start).toISOString() : null,
      end: input.break_end ? new Date(input.break_end).toISOString() : null,
      action: 'manager_edit',
      correctionId: null,
      reason: input.reason,
    });
  });
}

const fullName = (t: { first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  sql<string>`${t.first_name} || ' ' || ${t.last_name}`;

/**
 * The corrections queue: everyone's for HR (read or write timesheets), the caller's own and their
 * supervised employees' otherwise.
 */
export async function listCorrections(
  db: Database,
  ctx: RequestContext,
  query: { status?: 'pending' | 'approved' | 'rejected'; user_id?: number },
): Promise<Correction[]> {
  let visible: ReturnType<typeof or> | undefined;
  if (!mayReadAll(ctx)) {
    const supervised = supervisedBy(db, ctx.companyId, ctx.userId);
    visible = or(
      eq(hrTimesheetCorrections.user_id, ctx.userId),
      inArray(hrTimesheetCorrections.user_id, supervised),
    );
  }
  const employee = peopleToJoin(db, 'employee');
  const decider = peopleToJoin(db, 'decider');
  const store = storesToJoin(db);
  const timecard = companyTimecards(db, ctx.companyId);
  const timecardBreak = companyBreaks(db, ctx.companyId);
  const rows = await db
    .select({
      id: hrTimesheetCorrections.id,
      timecard_id: hrTimesheetCorrections.timecard_id,
      break_id: hrTimesheetCorrections.break_id,
      user_id: hrTimesheetCorrections.user_id,
      employee_name: fullName(employee),
      store_name: store.name,
      time_zone: timecard.time_zone,
      source: hrTimesheetCorrections.source,
      clock_in: timecard.clock_in,
      clock_out: timecard.clock_out,
      break_start: timecardBreak.break_start,
      break_end: timecardBreak.break_end,
      requested_start: hrTimesheetCorrections.requested_start,
      requested_end: hrTimesheetCorrections.requested_end,
      reason: hrTimesheetCorrections.reason,
      status: hrTimesheetCorrections.status,
      decided_by_name: sql<
        string | null
      >`case when ${decider.id} is null then null else ${fullName(decider)} end`,
      decided_at: hrTimesheetCorrections.decided_at,
      decision_reason: hrTimesheetCorrections.decision_reason,
      created_at: hrTimesheetCorrections.created_at,
    })
    .from(hrTimesheetCorrections)
    .innerJoin(
      timecard,
      tenantJoin(timecard, hrTimesheetCorrections.company_id, hrTimesheetCorrections.timecard_id),
    )
    .innerJoin(store, tenantJoin(store, timecard.company_id, timecard.store_id))
    .innerJoin(
      employee,
      tenantJoin(employee, hrTimesheetCorrections.company_id, hrTimesheetCorrections.user_id),
    )
    .leftJoin(
      decider,
      tenantJoin(decider, hrTimesheetCorrections.company_id, hrTimesheetCorrections.decided_by),
    )
    .leftJoin(
      timecardBreak,
      tenantJoin(timecardBreak, hrTimesheetCorrections.company_id, hrTimesheetCorrections.break_id),
    )
    .where(
      and(
        tenantScope(hrTimesheetCorrections, ctx.companyId),
        query.status ? eq(hrTimesheetCorrections.status, query.status) : undefined,
        query.user_id ? eq(hrTimesheetCorrections.user_id, query.user_id) : undefined,
        visible,
      ),
    )
    .orderBy(desc(hrTimesheetCorrections.created_at), desc(hrTimesheetCorrections.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    timecard_id: r.timecard_id,
    break_id: r.break_id,
    user_id: r.user_id,
    employee_name: r.employee_name,
    store_name: r.store_name,
    time_zone: r.time_zone,
    source: r.source,
    current_start: r.break_id ? r.break_start : r.clock_in,
    current_end: r.break_id ? r.break_end : r.clock_out,
    requested_start: r.requested_start,
    requested_end: r.requested_end,
    reason: r.reason,
    status: r.status === 'approved' || r.status === 'rejected' ? r.status : 'pending',
    decided_by_name: r.decided_by_name,
    decided_at: r.decided_at,
    decision_reason: r.decision_reason,
    created_at: r.created_at,
  }));
}

/** The audit trail of some timecards, newest first. */
export async function auditTrail(
  db: Executor,
  companyId: number,
  timecardIds: number[],
): Promise<AuditEntry[]> {
  if (timecardIds.length === 0) return [];
  const changer = peopleToJoin(db, 'changer');
  return db
    .select({
      id: hrTimecardAudit.id,
      timecard_id: hrTimecardAudit.timecard_id,
      break_id: hrTimecardAudit.break_id,
      entity: hrTimecardAudit.entity,
      action: hrTimecardAudit.action,
      correction_id: hrTimecardAudit.correction_id,
      changed_by: hrTimecardAudit.changed_by,
      changed_by_name: fullName(changer),
      before: hrTimecardAudit.before,
      after: hrTimecardAudit.after,
      reason: hrTimecardAudit.reason,
      created_at: hrTimecardAudit.created_at,
    })
    .from(hrTimecardAudit)
    .innerJoin(changer, tenantJoin(changer, hrTimecardAudit.company_id, hrTimecardAudit.changed_by))
    .where(
      and(
        tenantScope(hrTimecardAudit, companyId),
        inArray(hrTimecardAudit.timecard_id, timecardIds),
      ),
    )
    .orderBy(desc(hrTimecardAudit.created_at), desc(hrTimecardAudit.id));
}

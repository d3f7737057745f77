// Timecards and breaks as the timesheet corrections read, lock and change them (exported by api.ts).
import { and, eq } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { hrEmployeeDetails, hrTimecardBreaks, hrTimecards } from './schema.ts';

/** One timecard of the company, locked until the transaction ends (null when there is none). */
export async function lockTimecard(tx: Executor, companyId: number, timecardId: number) {
  const [card] = await tx
    .select()
    .from(hrTimecards)
    .where(and(tenantScope(hrTimecards, companyId), eq(hrTimecards.id, timecardId)))
    .for('update');
  return card ?? null;
}

/** One break of a timecard, locked until the transaction ends (null when there is none). */
export async function lockBreak(
  tx: Executor,
  companyId: number,
  timecardId: number,
  breakId: number,
) {
  const [row] = await tx
    .select()
    .from(hrTimecardBreaks)
    .where(
      and(
        tenantScope(hrTimecardBreaks, companyId),
        eq(hrTimecardBreaks.id, breakId),
        eq(hrTimecardBreaks.timecard_id, timecardId),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The timecard of a break of the company (null when there is no such break). */
export async function timecardOfBreak(
  db: Executor,
  companyId: number,
  breakId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ timecard_id: hrTimecardBreaks.timecard_id })
    .from(hrTimecardBreaks)
    .where(and(tenantScope(hrTimecardBreaks, companyId), eq(hrTimecardBreaks.id, breakId)));
  return row?.timecard_id ?? null;
}

/**
 * Marks whether a correction of the timecard waits (edit_request_sent), and with `updatedAt` sets
 * its update time too.
 */
export async function setEditRequestSent(
  tx: Executor,
  companyId: number,
  timecardId: number,
  sent: boolean,
  updatedAt?: string,
): Promise<void> {
  await tx
    .update(hrTimecards)
    .set(
      updatedAt === undefined
        ? { edit_request_sent: sent }
        : { edit_request_sent: sent, updated_at: updatedAt },
    )
    .where(and(tenantScope(hrTimecards, companyId), eq(hrTimecards.id, timecardId)));
}

/** New times of a timecard; answers the changed row (null when there is none). */
export async function setTimecardTimes(
  tx: Executor,
  companyId: number,
  timecardId: number,
  values: { clock_in: string; clock_out: string; not_corrected: boolean; updated_at: string },
) {
  const [after] = await tx
    .update(hrTimecards)
    .set(values)
    .where(and(tenantScope(hrTimecards, companyId), eq(hrTimecards.id, timecardId)))
    .returning();
  return after ?? null;
}

/** New times of a break; answers the changed row (null when there is none). */
export async function setBreakTimes(
  tx: Executor,
  companyId: number,
  breakId: number,
  values: { break_start: string; break_end: string | null; updated_at: string },
) {
  const [after] = await tx
    .update(hrTimecardBreaks)
    .set(values)
    .where(and(tenantScope(hrTimecardBreaks, companyId), eq(hrTimecardBreaks.id, breakId)))
    .returning();
  return after ?? null;
}

/** The ids of the people `supervisorId` supervises, as a query for an `in` condition. */
export const supervisedBy = (db: Executor, companyId: number, supervisorId: number) =>
  db
    .select({ id: hrEmployeeDetails.user_id })
    .from(hrEmployeeDetails)
    .where(
      and(
        tenantScope(hrEmployeeDetails, companyId),
        eq(hrEmployeeDetails.supervisor_id, supervisorId),
      ),
    );

/**
 * The company's timecard breaks as a subquery aliased `timecard_break` (id, start and end), for a
 * query that joins its rows to a break in one statement.
 */
export const companyBreaks = (db: Executor, companyId: number) =>
  db
    .select({
      company_id: hrTimecardBreaks.company_id,
      id: hrTimecardBreaks.id,
      break_start: hrTimecardBreaks.break_start,
      break_end: hrTimecardBreaks.break_end,
    })
    .from(hrTimecardBreaks)
    .where(tenantScope(hrTimecardBreaks, companyId))
    .as('timecard_break');

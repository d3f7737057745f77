import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  formatInZone,
  hrMessages,
  type AutoClockedOutQuery,
  type AutoClockedOutRecord,
  type CorrectionRequest,
  type Timecard,
} from '@portal/contract/hr';
import type { Database, Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob } from '../../platform/jobs.ts';
import { placeNameOf } from '../organisation/api.ts';
import { correctionRequested } from './hooks.ts';
import { assertMayRead } from './clock.ts';
import { hrCompanySettings, hrSchedules, hrTimecardBreaks, hrTimecards } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/** One key for the job: of several API instances, one runs a pass at a time. */
const AUTO_CLOCKOUT_LOCK_KEY = 727_006;
const BATCH = 500;

const DEFAULT_GRACE_MINUTES = 60;
const DEFAULT_MAX_SHIFT_HOURS = 16;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first row of a raw `execute` result (PGlite and node-postgres both answer `{ rows }`). */
function firstRow(result: unknown): Record<string, unknown> | undefined {
  const rows = isRecord(result) ? result.rows : undefined;
  const [row] = Array.isArray(rows) ? rows : [];
  return isRecord(row) ? row : undefined;
}

/**
 * One pass of the auto clock-out job: timecards still open past their schedule's end (or, with no
 * schedule, past the company's longest shift) plus the grace period are closed at that end, with
 * their open breaks, and marked auto clocked out and not corrected. Safe with several instances:
 * a transaction-scoped advisory lock lets one pass run at a time, and rows are taken with
 * `for update skip locked`, so a timecard being punched right now is left for the next pass.
 * Returns how many timecards it closed.
 */
export async function runAutoClockout(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const lock = firstRow(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${AUTO_CLOCKOUT_LOCK_KEY}) as locked`),
    );
    if (lock?.locked !== true) return 0;
    const endAt = sql`coalesce(${hrSchedules.shift_end}, ${hrTimecards.clock_in} + make_interval(hours => coalesce(${hrCompanySettings.max_shift_hours}, ${DEFAULT_MAX_SHIFT_HOURS})))`;
    const due = await tx
      .select({
        company_id: hrTimecards.company_id,
        id: hrTimecards.id,
        end_at: sql`greatest(${endAt}, ${hrTimecards.clock_in})`.mapWith(hrTimecards.clock_in),
      })
      .from(hrTimecards)
      .leftJoin(
        hrSchedules,
        tenantJoin(hrSchedules, hrTimecards.company_id, hrTimecards.schedule_id),
      )
      .leftJoin(hrCompanySettings, tenantScope(hrCompanySettings, hrTimecards.company_id))
      .where(
        and(
          isNull(hrTimecards.clock_out),
          sql`${endAt} + make_interval(mins => coalesce(${hrCompanySettings.auto_clockout_grace_minutes}, ${DEFAULT_GRACE_MINUTES})) < now()`,
        ),
      )
      .orderBy(hrTimecards.clock_in)
      .limit(BATCH)
      .for('update', { of: hrTimecards, skipLocked: true });
    for (const card of due) {
      await tx
        .update(hrTimecardBreaks)
        .set({
          break_end: sql`greatest(${card.end_at}::timestamptz, ${hrTimecardBreaks.break_start})`,
          updated_at: sql`now()`,
        })
        .where(
          and(
            tenantScope(hrTimecardBreaks, card.company_id),
            eq(hrTimecardBreaks.timecard_id, card.id),
            isNull(hrTimecardBreaks.break_end),
          ),
        );
      await tx
        .update(hrTimecards)
        .set({
          clock_out: card.end_at,
          auto_clocked_out: true,
          not_corrected: true,
          edit_request_sent: false,
          updated_at: sql`now()`,
        })
        .where(
          and(
            tenantScope(hrTimecards, card.company_id),
            eq(hrTimecards.id, card.id),
            isNull(hrTimecards.clock_out),
          ),
        );
    }
    return due.length;
  });
}

/**
 * The auto clock-out as a platform job (platform/jobs.ts), every `intervalSeconds`: one instance
 * runs a pass at a time; a failed pass is logged and stored, and the next interval tries again
 * (no quicker retries: the next pass picks up whatever this one left).
 */
export const autoClockoutJob = (intervalSeconds: number) =>
  defineJob({
    name: 'hr.auto_clockout',
    intervalSeconds,
    retries: 0,
    async handler({ db, log }) {
      const closed = await runAutoClockout(db);
      if (closed) log.info({ closed }, 'auto clocked out timecards left open');
    },
  });

/** The Auto Clocked Out Schedules dialog's rows (SPEC.md section 3), newest first. */
export async function autoClockedOut(
  db: Executor,
  ctx: RequestContext,
  query: AutoClockedOutQuery,
): Promise<{ results: AutoClockedOutRecord[]; total: number }> {
  const userId = query.user_id;
  await assertMayRead(db, ctx, userId);
  const where = and(
    tenantScope(hrTimecards, ctx.companyId),
    eq(hrTimecards.user_id, userId),
    eq(hrTimecards.auto_clocked_out, true),
    eq(hrTimecards.not_corrected, query.not_corrected ?? true),
    eq(hrTimecards.edit_request_sent, query.edit_request_sent ?? false),
    query.store_id ? eq(hrTimecards.store_id, query.store_id) : undefined,
  );
  const pageSize = query.page_size ?? 5;
  const pageNumber = query.page_number ?? 1;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        timecard_id: hrTimecards.id,
        clock_in: hrTimecards.clock_in,
        clock_out: hrTimecards.clock_out,
        time_zone: hrTimecards.time_zone,
        schedule_id: hrTimecards.schedule_id,
        shift_start: hrSchedules.shift_start,
        shift_end: hrSchedules.shift_end,
        store_name: sql<string>`${placeNameOf('store', hrTimecards.company_id, hrTimecards.store_id)}`,
      })
      .from(hrTimecards)
      .leftJoin(
        hrSchedules,
        tenantJoin(hrSchedules, hrTimecards.company_id, hrTimecards.schedule_id),
      )
      .where(where)
      .orderBy(desc(hrTimecards.clock_in), desc(hrTimecards.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(hrTimecards).where(where),
  ]);
  const total = Number(totals?.total ?? 0);
  const local = (instant: string | null, zone: string) =>
    instant ? formatInZone(instant, zone) : null;
  return {
    total,
    results: rows.map((row) => ({
      timecard_id: row.timecard_id,
      date: formatInZone(row.clock_in, row.time_zone).slice(0, 10),
      store_name: row.store_name,
      schedule_id: row.schedule_id,
      schedule_start_time: local(row.shift_start, row.time_zone),
      schedule_end_time: local(row.shift_end, row.time_zone),
      clock_in: formatInZone(row.clock_in, row.time_zone),
      clock_out: local(row.clock_out, row.time_zone) ?? '',
      time_zone: row.time_zone,
      total_count: total,
    })),
  };
}

/**
 * The employee's real end time for an auto clocked-out timecard. It does not change the timecard:
 * in one transaction the timecard is marked edit_request_sent and a pending correction
 * (source auto_clockout) joins the corrections queue for the manager to accept, who is told live.
 */
export async function requestCorrection(
  db: Database,
  ctx: RequestContext,
  input: CorrectionRequest,
): Promise<Timecard> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(hrTimecards)
      .where(
        and(
          tenantScope(hrTimecards, ctx.companyId),
          eq(hrTimecards.id, input.timecard_id),
          eq(hrTimecards.user_id, ctx.userId),
        ),
      )
      .for('update');
    if (!card) throw AppError.notFound('Timecard');
    if (!card.auto_clocked_out || !card.not_corrected)
      throw AppError.badRequest(hrMessages.correctionNotAuto);
    if (card.edit_request_sent) throw AppError.conflict(hrMessages.correctionAlreadySent);
    const end = new Date(input.clock_out);
    if (end.getTime() <= new Date(card.clock_in).getTime())
      throw AppError.badRequest(hrMessages.correctionAfterClockIn, {
        clock_out: [hrMessages.correctionAfterClockIn],
      });
    if (end.getTime() > Date.now())
      throw AppError.badRequest(hrMessages.correctionInFuture, {
        clock_out: [hrMessages.correctionInFuture],
      });
    const [updated] = await tx
      .update(hrTimecards)
      .set({
        requested_clock_out: end.toISOString(),
        correction_comment: input.user_comment ?? null,
        edit_request_sent: true,
        updated_at: sql`now()`,
      })
      .where(and(tenantScope(hrTimecards, ctx.companyId), eq(hrTimecards.id, card.id)))
      .returning();
    if (!updated) throw AppError.notFound('Timecard');
    await correctionRequested.run(tx, ctx, {
      id: updated.id,
      user_id: updated.user_id,
      requested_end: end.toISOString(),
      comment: updated.correction_comment,
    });
    return {
      id: updated.id,
      user_id: updated.user_id,
      store_id: updated.store_id,
      schedule_id: updated.schedule_id,
      department_role_id: updated.department_role_id,
      clock_in: updated.clock_in,
      clock_out: updated.clock_out,
      time_zone: updated.time_zone,
      user_comment: updated.user_comment,
      clock_out_comment: updated.clock_out_comment,
      image_url: updated.image_url,
      location_flag: updated.location_flag,
      location_error: updated.location_error,
      auto_clocked_out: updated.auto_clocked_out,
      not_corrected: updated.not_corrected,
      edit_request_sent: updated.edit_request_sent,
    };
  });
}

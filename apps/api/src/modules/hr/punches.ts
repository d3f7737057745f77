// Worked and planned time of a company's people over a window: what timesheets compute from.
import { and, asc, count, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { storesToJoin } from '../organisation/api.ts';
import { hrBreakSettings, hrSchedules, hrTimecardBreaks, hrTimecards } from './schema.ts';

/** A window of UTC instants [from, to), optionally of some people only. */
export interface PunchWindow {
  from: string;
  to: string;
  userIds?: readonly number[] | undefined;
}

/**
 * The people who clocked in, or have a shift starting, at one of `storeIds` within the window (two
 * statements, run together).
 */
export async function peopleAtStoresWithin(
  db: Executor,
  companyId: number,
  storeIds: readonly number[],
  window: PunchWindow,
): Promise<Set<number>> {
  const [worked, planned] = await Promise.all([
    db
      .selectDistinct({ user_id: hrTimecards.user_id })
      .from(hrTimecards)
      .where(
        and(
          tenantScope(hrTimecards, companyId),
          inArray(hrTimecards.store_id, [...storeIds]),
          gte(hrTimecards.clock_in, window.from),
          lt(hrTimecards.clock_in, window.to),
        ),
      ),
    db
      .selectDistinct({ user_id: hrSchedules.user_id })
      .from(hrSchedules)
      .where(
        and(
          tenantScope(hrSchedules, companyId),
          inArray(hrSchedules.store_id, [...storeIds]),
          gte(hrSchedules.shift_start, window.from),
          lt(hrSchedules.shift_start, window.to),
        ),
      ),
  ]);
  return new Set([...worked, ...planned].map((r) => r.user_id));
}

/**
 * The timecards started within the window (by clock in), their breaks (by start), the published
 * shifts starting within it with their store's time zone, and per store the number of active
 * mandatory breaks: four statements, run together.
 */
export async function punchesWithin(db: Executor, companyId: number, window: PunchWindow) {
  const cardScope = and(
    tenantScope(hrTimecards, companyId),
    gte(hrTimecards.clock_in, window.from),
    lt(hrTimecards.clock_in, window.to),
    window.userIds ? inArray(hrTimecards.user_id, [...window.userIds]) : undefined,
  );
  const store = storesToJoin(db);
  const [cards, breaks, shifts, mandatory] = await Promise.all([
    db
      .select({
        id: hrTimecards.id,
        user_id: hrTimecards.user_id,
        store_id: hrTimecards.store_id,
        schedule_id: hrTimecards.schedule_id,
        time_zone: hrTimecards.time_zone,
        clock_in: hrTimecards.clock_in,
        clock_out: hrTimecards.clock_out,
        auto_clocked_out: hrTimecards.auto_clocked_out,
        not_corrected: hrTimecards.not_corrected,
        edit_request_sent: hrTimecards.edit_request_sent,
      })
      .from(hrTimecards)
      .where(cardScope)
      .orderBy(asc(hrTimecards.clock_in)),
    db
      .select({
        id: hrTimecardBreaks.id,
        timecard_id: hrTimecardBreaks.timecard_id,
        short_description: hrTimecardBreaks.short_description,
        break_start: hrTimecardBreaks.break_start,
        break_end: hrTimecardBreaks.break_end,
        is_paid: hrTimecardBreaks.is_paid,
        is_mandatory: hrTimecardBreaks.is_mandatory,
        duration: hrTimecardBreaks.duration,
      })
      .from(hrTimecardBreaks)
      .innerJoin(
        hrTimecards,
        tenantJoin(hrTimecards, hrTimecardBreaks.company_id, hrTimecardBreaks.timecard_id),
      )
      .where(and(tenantScope(hrTimecardBreaks, companyId), cardScope))
      .orderBy(asc(hrTimecardBreaks.break_start)),
    db
      .select({
        id: hrSchedules.id,
        user_id: hrSchedules.user_id,
        store_id: hrSchedules.store_id,
        time_zone: store.time_zone,
        shift_start: hrSchedules.shift_start,
        shift_end: hrSchedules.shift_end,
      })
      .from(hrSchedules)
      .innerJoin(store, tenantJoin(store, hrSchedules.company_id, hrSchedules.store_id))
      .where(
        and(
          tenantScope(hrSchedules, companyId),
          gte(hrSchedules.shift_start, window.from),
          lt(hrSchedules.shift_start, window.to),
          window.userIds ? inArray(hrSchedules.user_id, [...window.userIds]) : undefined,
          // Only published shifts are the plan; drafts (null) are the manager's work in progress.
          isNotNull(hrSchedules.published_at),
        ),
      ),
    db
      .select({ store_id: hrBreakSettings.store_id, n: count() })
      .from(hrBreakSettings)
      .where(
        and(
          tenantScope(hrBreakSettings, companyId),
          eq(hrBreakSettings.is_active, true),
          eq(hrBreakSettings.is_mandatory, true),
        ),
      )
      .groupBy(hrBreakSettings.store_id),
  ]);

  return { cards, breaks, shifts, mandatory };
}

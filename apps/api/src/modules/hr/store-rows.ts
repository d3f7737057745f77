import { and, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeTimeZoneOf } from '../organisation/api.ts';
import { hrSchedules, hrTimecards } from './schema.ts';

/** Instants (ISO) from `start` (inclusive) to `end` (exclusive). */
export interface InstantRange {
  start: string;
  end: string;
}

/** UTC bounds wide enough for every local date in [from, to], whatever the store's zone. */
export function instantBounds({ from, to }: { from: string; to: string }): InstantRange {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 1);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 2);
  return { start: start.toISOString(), end: end.toISOString() };
}

/** The shifts (drafts and published) of these stores starting in the range, with the store's zone. */
export function shiftsOfStores(
  db: Executor,
  companyId: number,
  storeIds: readonly number[],
  { start, end }: InstantRange,
) {
  return db
    .select({
      user_id: hrSchedules.user_id,
      store_id: hrSchedules.store_id,
      shift_start: hrSchedules.shift_start,
      shift_end: hrSchedules.shift_end,
      published_at: hrSchedules.published_at,
      time_zone: storeTimeZoneOf(hrSchedules.company_id, hrSchedules.store_id),
    })
    .from(hrSchedules)
    .where(
      and(
        tenantScope(hrSchedules, companyId),
        inArray(hrSchedules.store_id, [...storeIds]),
        gte(hrSchedules.shift_start, start),
        lt(hrSchedules.shift_start, end),
      ),
    );
}

/** The timecards of these stores clocked in during the range, with the zone they were punched in. */
export function timecardsOfStores(
  db: Executor,
  companyId: number,
  storeIds: readonly number[],
  { start, end }: InstantRange,
) {
  return db
    .select({
      id: hrTimecards.id,
      user_id: hrTimecards.user_id,
      store_id: hrTimecards.store_id,
      clock_in: hrTimecards.clock_in,
      clock_out: hrTimecards.clock_out,
      time_zone: hrTimecards.time_zone,
      auto_clocked_out: hrTimecards.auto_clocked_out,
    })
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, companyId),
        inArray(hrTimecards.store_id, [...storeIds]),
        gte(hrTimecards.clock_in, start),
        lt(hrTimecards.clock_in, end),
      ),
    );
}

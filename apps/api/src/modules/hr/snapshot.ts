import { and, inArray } from 'drizzle-orm';
import { LATE_GRACE_MINUTES } from '@portal/contract/hr-dashboard';
import type { Executor } from '../../platform/database.ts';
import { localDate } from '../../platform/datasets.ts';
import { tenantScope } from '../../db/columns.ts';
import { hrTimecardBreaks } from './schema.ts';
import { instantBounds, shiftsOfStores, timecardsOfStores } from './store-rows.ts';

/** One person's day at one store: their shifts, punches, hours, lateness and breaks. */
export interface DayRow {
  user_id: number;
  store_id: number;
  shift_start: string | null;
  shift_end: string | null;
  clock_in: string | null;
  clock_out: string | null;
  scheduled_minutes: number;
  worked_minutes: number;
  /** Minutes after the first shift's start (beyond the grace) of the first clock-in, or of now. */
  late_minutes: number;
  /** A shift that ended with no clock-in. */
  absent: boolean;
  breaks: number;
  break_minutes: number;
}

const MINUTE = 60_000;
const minutes = (from: string, to: string | null, now: number) =>
  Math.max(0, Math.round(((to ? Date.parse(to) : now) - Date.parse(from)) / MINUTE));

/**
 * The day `date` (local to each store) at the given stores: per person and store, from the
 * published shifts, timecards and breaks of that day.
 */
export async function daySnapshot(
  db: Executor,
  companyId: number,
  storeIds: number[],
  date: string,
): Promise<DayRow[]> {
  if (!storeIds.length) return [];
  const range = instantBounds({ from: date, to: date });
  const [shifts, cards] = await Promise.all([
    shiftsOfStores(db, companyId, storeIds, range),
    timecardsOfStores(db, companyId, storeIds, range),
  ]);
  const dayShifts = shifts.filter(
    (s) => s.published_at !== null && localDate(s.shift_start, s.time_zone) === date,
  );
  const dayCards = cards.filter((c) => localDate(c.clock_in, c.time_zone) === date);
  const breaks = dayCards.length
    ? await db
        .select({
          timecard_id: hrTimecardBreaks.timecard_id,
          break_start: hrTimecardBreaks.break_start,
          break_end: hrTimecardBreaks.break_end,
        })
        .from(hrTimecardBreaks)
        .where(
          and(
            tenantScope(hrTimecardBreaks, companyId),
            inArray(
              hrTimecardBreaks.timecard_id,
              dayCards.map((c) => c.id),
            ),
          ),
        )
    : [];
  const now = Date.now();
  const rows = new Map<string, DayRow>();
  const rowOf = (user_id: number, store_id: number) => {
    const key = `${user_id}:${store_id}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        user_id,
        store_id,
        shift_start: null,
        shift_end: null,
        clock_in: null,
        clock_out: null,
        scheduled_minutes: 0,
        worked_minutes: 0,
        late_minutes: 0,
        absent: false,
        breaks: 0,
        break_minutes: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const s of dayShifts) {
    const row = rowOf(s.user_id, s.store_id);
    if (row.shift_start === null || s.shift_start < row.shift_start)
      row.shift_start = s.shift_start;
    if (row.shift_end === null || s.shift_end > row.shift_end) row.shift_end = s.shift_end;
    row.scheduled_minutes += minutes(s.shift_start, s.shift_end, now);
  }
  const cardRow = new Map<number, DayRow>();
  for (const c of dayCards) {
    const row = rowOf(c.user_id, c.store_id);
    cardRow.set(c.id, row);
    if (row.clock_in === null || c.clock_in < row.clock_in) row.clock_in = c.clock_in;
    if (c.clock_out === null) row.clock_out = null;
    else if (row.clock_out === null || c.clock_out > row.clock_out) row.clock_out = c.clock_out;
    row.worked_minutes += minutes(c.clock_in, c.clock_out, now);
  }
  for (const b of breaks) {
    const row = cardRow.get(b.timecard_id);
    if (!row) continue;
    row.breaks += 1;
    row.break_minutes += minutes(b.break_start, b.break_end, now);
  }
  for (const row of rows.values()) {
    if (row.shift_start === null) continue;
    const startAt = Date.parse(row.shift_start);
    const arrived = row.clock_in === null ? null : Date.parse(row.clock_in);
    const graceEnd = startAt + LATE_GRACE_MINUTES * MINUTE;
    if (arrived !== null && arrived > graceEnd)
      row.late_minutes = Math.floor((arrived - startAt) / MINUTE);
    if (arrived === null && now > graceEnd) {
      if (row.shift_end !== null && now > Date.parse(row.shift_end)) row.absent = true;
      else row.late_minutes = Math.floor((now - startAt) / MINUTE);
    }
  }
  return [...rows.values()];
}

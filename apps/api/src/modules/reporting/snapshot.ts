import type { DailySnapshot, DailySnapshotQuery } from '@portal/contract/reporting';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { daySnapshot, type DayRow } from '../hr/api.ts';
import { resolveScope, scopeOptions } from '../oneview/api.ts';
import { namesOf } from '../users/api.ts';

const hours = (minutes: number) => Math.round(minutes / 6) / 10;
const totalsOf = (rows: DayRow[]) => ({
  staff: new Set(rows.map((r) => r.user_id)).size,
  scheduled_hours: hours(rows.reduce((s, r) => s + r.scheduled_minutes, 0)),
  worked_hours: hours(rows.reduce((s, r) => s + r.worked_minutes, 0)),
  late: rows.filter((r) => r.late_minutes > 0).length,
  absent: rows.filter((r) => r.absent).length,
  breaks: rows.reduce((s, r) => s + r.breaks, 0),
  break_hours: hours(rows.reduce((s, r) => s + r.break_minutes, 0)),
});

/**
 * /daily-snapshot: a day of one store or of a district's stores the caller may see (the scope rule
 * of OneView: 403 outside it, 404 for another company's), per store: staff, hours, late, breaks.
 */
export async function dailySnapshot(
  db: Executor,
  ctx: RequestContext,
  query: DailySnapshotQuery,
): Promise<DailySnapshot> {
  const scope = await resolveScope(db, ctx, { level: query.level, id: query.id });
  const [rows, options] = await Promise.all([
    daySnapshot(db, ctx.companyId, scope.storeIds, query.date),
    scopeOptions(db, ctx),
  ]);
  const names = await namesOf(db, ctx.companyId, [...new Set(rows.map((r) => r.user_id))]);
  const stores = options.stores
    .filter((s) => scope.storeIds.includes(s.id))
    .map((store) => {
      const mine = rows.filter((r) => r.store_id === store.id);
      return {
        id: store.id,
        name: store.name,
        totals: totalsOf(mine),
        people: mine
          .map((r) => ({
            user_id: r.user_id,
            name: names.get(r.user_id) ?? '',
            shift_start: r.shift_start,
            shift_end: r.shift_end,
            clock_in: r.clock_in,
            clock_out: r.clock_out,
            scheduled_hours: hours(r.scheduled_minutes),
            worked_hours: hours(r.worked_minutes),
            late_minutes: r.late_minutes,
            absent: r.absent,
            breaks: r.breaks,
            break_minutes: r.break_minutes,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    });
  return {
    date: query.date,
    scope_name: scope.name,
    time_zone: scope.timeZone,
    totals: totalsOf(rows),
    stores,
  };
}

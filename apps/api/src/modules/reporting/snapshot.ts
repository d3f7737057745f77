import type {
  DailySnapshot,
  DailySnapshotQuery,
  SnapshotDatasetFigure,
} from '@portal/contract/reporting';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { daySnapshot, type DayRow } from '../hr/api.ts';
import { resolveScope, scopeOptions } from '../oneview/api.ts';
import { namesOf } from '../users/api.ts';
import { mayUse, rangeOf, type DatasetRegistry } from './charts.ts';

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
 * The day's figures of the datasets the caller may read, for their measures declared `snapshot`
 * (sales and store orders): a function giving one store's figures, or the scope's (null).
 */
async function datasetFigures(
  reg: DatasetRegistry,
  db: Executor,
  ctx: RequestContext,
  storeIds: number[],
  date: string,
): Promise<(storeId: number | null) => SnapshotDatasetFigure[]> {
  const shown = reg.all
    .filter((dataset) => mayUse(ctx, dataset))
    .flatMap((dataset) =>
      dataset.measures.filter((m) => m.snapshot).map((measure) => ({ dataset, measure })),
    );
  if (!shown.length) return () => [];
  const range = await rangeOf(db, ctx, storeIds, date, date);
  const datasets = [...new Set(shown.map((s) => s.dataset))];
  const facts = new Map(
    await Promise.all(datasets.map(async (d) => [d.key, await d.facts(db, ctx, range)] as const)),
  );
  return (storeId) =>
    shown.map(({ dataset, measure }) => ({
      key: `${dataset.key}.${measure.key}`,
      label: measure.label,
      value: (facts.get(dataset.key) ?? [])
        .filter((fact) => storeId === null || fact.store_id === storeId)
        .reduce((sum, fact) => sum + (fact.values[measure.key] ?? 0), 0),
      money: measure.money ?? false,
    }));
}

/**
 * /daily-snapshot: a day of one store or of a district's stores the caller may see (the scope rule
 * of OneView: 403 outside it, 404 for another company's), per store: staff, hours, late, breaks,
 * and the day's sales and store orders where the caller may read them.
 */
export async function dailySnapshot(
  reg: DatasetRegistry,
  db: Executor,
  ctx: RequestContext,
  query: DailySnapshotQuery,
): Promise<DailySnapshot> {
  const scope = await resolveScope(db, ctx, { level: query.level, id: query.id });
  const [rows, options, figuresOf] = await Promise.all([
    daySnapshot(db, ctx.companyId, scope.storeIds, query.date),
    scopeOptions(db, ctx),
    datasetFigures(reg, db, ctx, scope.storeIds, query.date),
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
        figures: figuresOf(store.id),
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
    figures: figuresOf(null),
    stores,
  };
}

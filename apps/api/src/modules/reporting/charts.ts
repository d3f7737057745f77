import {
  chartGroupByLabels,
  reportingMessages,
  type ChartGroupBy,
  type ChartPoint,
  type ChartQuery,
  type ChartResult,
} from '@portal/contract/reporting';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import type { DatasetFact, DatasetRange, ServerDataset } from '../../platform/datasets.ts';
import { AppError } from '../../platform/errors.ts';
import { resolveScope, scopeOptions } from '../oneview/api.ts';
import { directory, namesOf } from '../users/api.ts';

/** The datasets reporting offers: each declared by the module that owns its records. */
export interface DatasetRegistry {
  all: readonly ServerDataset[];
  find(key: string): ServerDataset | undefined;
}

export function datasetRegistry(datasets: readonly ServerDataset[]): DatasetRegistry {
  const byKey = new Map(datasets.map((d) => [d.key, d]));
  if (byKey.size !== datasets.length) throw new Error('reporting: two datasets share a key');
  return { all: datasets, find: (key) => byKey.get(key) };
}

export const mayUse = (ctx: RequestContext, dataset: ServerDataset) =>
  dataset.permission === null || hasPermission(ctx, dataset.permission);

export const catalogueOf = ({ facts: _facts, permission: _p, ...entry }: ServerDataset) => ({
  ...entry,
  groupBys: [...entry.groupBys],
});

/**
 * Checks a chart's dataset, measure, group-by and filters against the dataset's declaration: a
 * 400 with a message naming the field (nothing is saved), a 403 when the caller may not read it.
 */
export function checkQuery(reg: DatasetRegistry, ctx: RequestContext, q: ChartQuery) {
  const dataset = reg.find(q.dataset);
  if (!dataset)
    throw AppError.badRequest(reportingMessages.unknownDataset, {
      dataset: [reportingMessages.unknownDataset],
    });
  if (!mayUse(ctx, dataset)) throw AppError.forbidden();
  const measure = dataset.measures.find((m) => m.key === q.measure);
  if (!measure)
    throw AppError.badRequest(reportingMessages.unknownMeasure, {
      measure: [reportingMessages.unknownMeasure],
    });
  if (!dataset.groupBys.includes(q.group_by))
    throw AppError.badRequest(reportingMessages.unknownGroupBy, {
      group_by: [reportingMessages.unknownGroupBy],
    });
  for (const [key, value] of Object.entries(q.filters)) {
    const filter = dataset.filters.find((f) => f.key === key);
    if (!filter)
      throw AppError.badRequest(reportingMessages.unknownFilter, {
        [`filters.${key}`]: [reportingMessages.unknownFilter],
      });
    if (!filter.options.some((o) => o.value === value))
      throw AppError.badRequest(reportingMessages.unknownFilterValue, {
        [`filters.${key}`]: [reportingMessages.unknownFilterValue],
      });
  }
  return { dataset, measure };
}

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The Monday of a date's ISO week. */
const weekOf = (date: string) => {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
};
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const timeBuckets: Partial<Record<ChartGroupBy, (date: string) => string>> = {
  day: (d) => d,
  week: weekOf,
  month: (d) => d.slice(0, 7),
};

/** What a dataset's facts are asked for: the stores, the people working there, the dates. */
export async function rangeOf(
  db: Executor,
  ctx: RequestContext,
  storeIds: number[],
  from: string,
  to: string,
): Promise<DatasetRange> {
  const people = await directory(db, ctx.companyId, storeIds);
  return { storeIds, people: new Map(people.map((p) => [p.id, p.store_id ?? 0])), from, to };
}

/** Runs a chart for the caller: their scope's facts, filtered, grouped and summed. */
export async function runChart(
  reg: DatasetRegistry,
  db: Executor,
  ctx: RequestContext,
  q: ChartQuery,
): Promise<ChartResult> {
  const { dataset, measure } = checkQuery(reg, ctx, q);
  const scope = await resolveScope(
    db,
    ctx,
    q.scope_level ? { level: q.scope_level, id: q.scope_id ?? undefined } : null,
  );
  const to = todayIn(scope.timeZone);
  const from = addDays(to, 1 - q.days);
  const range = await rangeOf(db, ctx, scope.storeIds, from, to);
  const facts = (await dataset.facts(db, ctx, range)).filter((f) =>
    Object.entries(q.filters).every(([k, v]) => f.attrs[k] === v),
  );

  const options = await scopeOptions(db, ctx);
  const storeById = new Map(options.stores.map((s) => [s.id, s]));
  const districtById = new Map(options.districts.map((d) => [d.id, d]));
  const regionById = new Map(options.regions.map((r) => [r.id, r]));
  const userIds = [...new Set(facts.flatMap((f) => (f.user_id === null ? [] : [f.user_id])))];
  const names = q.group_by === 'employee' ? await namesOf(db, ctx.companyId, userIds) : new Map();

  const bucket = timeBuckets[q.group_by];
  const keyOf = (f: DatasetFact): [string, string] | null => {
    if (bucket) return f.date ? [bucket(f.date), ''] : null;
    if (q.group_by === 'employee')
      return f.user_id === null ? null : [String(f.user_id), names.get(f.user_id) ?? ''];
    const store = f.store_id === null ? undefined : storeById.get(f.store_id);
    if (!store) return ['none', 'No store'];
    if (q.group_by === 'store') return [String(store.id), store.name];
    const district = store.district_id === null ? undefined : districtById.get(store.district_id);
    if (q.group_by === 'district')
      return district ? [String(district.id), district.name] : ['none', 'No district'];
    const region =
      district?.region_id === null || district === undefined
        ? undefined
        : regionById.get(district.region_id);
    return region ? [String(region.id), region.name] : ['none', 'No region'];
  };

  const sums = new Map<string, ChartPoint>();
  if (bucket) {
    // Every period of the range, so lines show the empty days too.
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const k = bucket(d);
      if (!sums.has(k)) sums.set(k, { key: k, label: '', value: 0 });
    }
  }
  for (const fact of facts) {
    const found = keyOf(fact);
    if (!found) continue;
    const [k, label] = found;
    const point = sums.get(k) ?? { key: k, label, value: 0 };
    point.value += fact.values[measure.key] ?? 0;
    sums.set(k, point);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  let points = [...sums.values()].map((p) => ({ ...p, value: round(p.value) }));
  if (bucket) {
    points = points
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((p) => ({
        ...p,
        label:
          q.group_by === 'month'
            ? monthLabel(p.key)
            : q.group_by === 'week'
              ? `Week of ${p.key}`
              : p.key,
      }));
  } else {
    points.sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  }
  return {
    dataset: dataset.key,
    measure: measure.key,
    measure_label: `${measure.label} by ${chartGroupByLabels[q.group_by].toLowerCase()}`,
    money: measure.money ?? false,
    group_by: q.group_by,
    scope_name: scope.name,
    from,
    to,
    points,
    total: round(points.reduce((sum, p) => sum + p.value, 0)),
  };
}

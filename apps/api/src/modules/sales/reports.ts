import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySchema } from '@portal/contract/envelope';
import type { ScopeQuery } from '@portal/contract/oneview';
import {
  salesDetailsQuerySchema,
  salesDetailsSchema,
  salesReportQuerySchema,
  salesReportSchema,
  type SalesDetails,
  type SalesDetailsQuery,
  type SalesReport,
  type SalesReportFigures,
  type SalesReportGroupBy,
  type SalesReportQuery,
  type SalesReportRow,
} from '@portal/contract/sales-reports';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { productFactsTable } from '../catalog/api.ts';
import { resolveScope } from '../oneview/api.ts';
import { storePlacesOf } from '../organisation/api.ts';
import { addDays, computeTimesheets } from '../timesheets/api.ts';
import { namesOf } from '../users/api.ts';
import { activations, customers, saleLines, saleReturns, sales } from './schema.ts';

type Place = Awaited<ReturnType<typeof storePlacesOf>>[number];

/** The scope asked for (level and id), or the caller's default; 403 outside what they may see. */
const scopeOf = (db: Executor, ctx: RequestContext, query: { level?: string; id?: number }) =>
  resolveScope(db, ctx, query.level ? ({ level: query.level, id: query.id } as ScopeQuery) : null);

/**
 * The scope's stores as a derived table (store_id, tz, district_id, region_id): joined on each
 * fact's store, it limits the rows to the scope and gives the store's calendar and places.
 */
const placeTable = (places: Place[]): SQL =>
  sql`(select * from unnest(${sql.param(places.map((p) => p.id))}::int[], ${sql.param(places.map((p) => p.time_zone))}::text[], ${sql.param(places.map((p) => p.district_id))}::int[], ${sql.param(places.map((p) => p.region_id))}::int[]) as u(store_id, tz, district_id, region_id))`;

/**
 * Rows whose instant falls on a local date of the range at their store. The UTC window (a day of
 * margin each side, offsets span -12..+14 h) lets the (company, store, time) indexes do the work;
 * the local date decides.
 */
const inRange = (instant: AnyPgColumn, from: string, to: string) =>
  sql`${instant} >= ${`${addDays(from, -1)}T00:00:00Z`}::timestamptz and ${instant} < ${`${addDays(to, 2)}T00:00:00Z`}::timestamptz and (${instant} at time zone place.tz)::date between ${from}::date and ${to}::date`;

const localDay = (instant: AnyPgColumn) =>
  sql`to_char((${instant} at time zone place.tz)::date, 'YYYY-MM-DD')`;

const rowsOf = (result: unknown) =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Sale lines of completed sales, per group: sales, units, revenue, device and attached sales. */
async function lineFigures(
  db: Executor,
  companyId: number,
  places: Place[],
  query: { from: string; to: string },
  groupBy: SalesReportGroupBy | null,
) {
  const keys: Record<SalesReportGroupBy, SQL> = {
    employee: sql`coalesce(${sales.created_by}::text, '')`,
    store: sql`${sales.store_id}::text`,
    district: sql`coalesce(place.district_id::text, '')`,
    region: sql`coalesce(place.region_id::text, '')`,
    // A sale line carries no carrier: carriers are the activations'.
    carrier: sql`''`,
    category: sql`coalesce(pf.category_id::text, '')`,
    day: localDay(sales.completed_at),
  };
  const key = groupBy ? keys[groupBy] : sql`''`;
  // Per sale (and group) first, so a sale counts once and its device and accessory lines meet.
  const result = await db.execute(sql`
    select g.key, count(*)::int as sales_count, coalesce(sum(g.units), 0)::bigint as units,
      coalesce(sum(g.revenue), 0)::bigint as revenue,
      (count(*) filter (where g.dev))::int as device_sales,
      (count(*) filter (where g.dev and g.acc))::int as attached
    from (
      select ${sales.id} as sale_id, ${key} as key, sum(${saleLines.quantity}) as units,
        sum(${saleLines.total_cents}) as revenue, bool_or(pf.kind = 'device') as dev,
        bool_or(pf.kind = 'accessory') as acc
      from ${sales}
      join ${placeTable(places)} place on place.store_id = ${sales.store_id}
      join ${saleLines} on ${and(tenantScope(saleLines, sales.company_id), sql`${saleLines.sale_id} = ${sales.id}`)}
      join ${productFactsTable(companyId)} pf on pf.id = ${saleLines.product_id}
      where ${tenantScope(sales, companyId)} and ${sales.status} in ('completed', 'returned')
        and ${inRange(sales.completed_at, query.from, query.to)}
      group by 1, 2
    ) g
    group by g.key`);
  return rowsOf(result).map((r) => ({
    key: text(r.key),
    sales_count: Number(r.sales_count),
    units: Number(r.units),
    revenue_cents: Number(r.revenue),
    device_sales: Number(r.device_sales),
    attached: Number(r.attached),
  }));
}

/**
 * Returns made in the range (by their own date), per group: the sale's seller (or the returned
 * activation's), the return's store, the returned line's category, the activation's carrier.
 */
async function returnFigures(
  db: Executor,
  companyId: number,
  places: Place[],
  query: { from: string; to: string },
  groupBy: SalesReportGroupBy,
) {
  const keys: Record<SalesReportGroupBy, SQL> = {
    employee: sql`coalesce(coalesce(${sales.created_by}, ${activations.created_by})::text, '')`,
    store: sql`${saleReturns.store_id}::text`,
    district: sql`coalesce(place.district_id::text, '')`,
    region: sql`coalesce(place.region_id::text, '')`,
    carrier: sql`coalesce(${activations.carrier}, '')`,
    category: sql`coalesce(pf.category_id::text, '')`,
    day: localDay(saleReturns.created_at),
  };
  const result = await db.execute(sql`
    select ${keys[groupBy]} as key, count(*)::int as returns_count,
      coalesce(sum(${saleReturns.refund_cents}), 0)::bigint as refunds
    from ${saleReturns}
    join ${placeTable(places)} place on place.store_id = ${saleReturns.store_id}
    left join ${sales} on ${tenantJoin(sales, saleReturns.company_id, saleReturns.sale_id)}
    left join ${saleLines} on ${tenantJoin(saleLines, saleReturns.company_id, saleReturns.sale_line_id)}
    left join ${productFactsTable(companyId)} pf on pf.id = ${saleLines.product_id}
    left join ${activations} on ${tenantJoin(activations, saleReturns.company_id, saleReturns.activation_id)}
    where ${tenantScope(saleReturns, companyId)}
      and ${inRange(saleReturns.created_at, query.from, query.to)}
    group by 1`);
  return rowsOf(result).map((r) => ({
    key: text(r.key),
    returns_count: Number(r.returns_count),
    refunds_cents: Number(r.refunds),
  }));
}

/** Activations made in the range and not canceled (as the sales center counts them), per group. */
async function activationFigures(
  db: Executor,
  companyId: number,
  places: Place[],
  query: { from: string; to: string },
  groupBy: SalesReportGroupBy,
) {
  const keys: Record<SalesReportGroupBy, SQL> = {
    employee: sql`coalesce(${activations.created_by}::text, '')`,
    store: sql`${activations.store_id}::text`,
    district: sql`coalesce(place.district_id::text, '')`,
    region: sql`coalesce(place.region_id::text, '')`,
    carrier: sql`${activations.carrier}`,
    category: sql`''`,
    day: localDay(activations.created_at),
  };
  const result = await db.execute(sql`
    select ${keys[groupBy]} as key, count(*)::int as activations
    from ${activations}
    join ${placeTable(places)} place on place.store_id = ${activations.store_id}
    where ${tenantScope(activations, companyId)} and ${activations.status} <> 'canceled'
      and ${inRange(activations.created_at, query.from, query.to)}
    group by 1`);
  return rowsOf(result).map((r) => ({ key: text(r.key), activations: Number(r.activations) }));
}

/**
 * Minutes worked at the scope's stores in the range, from the timesheets (clock span less unpaid
 * breaks, a timecard on the local date it started), per group; null for carrier and category,
 * which hours do not belong to.
 */
async function workedMinutes(
  db: Executor,
  companyId: number,
  places: Place[],
  query: { from: string; to: string },
  groupBy: SalesReportGroupBy,
) {
  const byStore = new Map(places.map((p) => [p.id, p]));
  const sheets = await computeTimesheets(db, companyId, {
    from: query.from,
    to: query.to,
    storeIds: places.map((p) => p.id),
  });
  const byKey = new Map<string, number>();
  let total = 0;
  for (const employee of sheets.employees)
    for (const day of employee.days)
      for (const card of day.cards) {
        const place = byStore.get(card.store_id);
        if (!place) continue;
        total += card.worked_minutes;
        const key = {
          employee: String(employee.user_id),
          store: String(card.store_id),
          district: text(place.district_id),
          region: text(place.region_id),
          carrier: null,
          category: null,
          day: day.date,
        }[groupBy];
        if (key !== null) byKey.set(key, (byKey.get(key) ?? 0) + card.worked_minutes);
      }
  return { byKey, total, grouped: groupBy !== 'carrier' && groupBy !== 'category' };
}

const zero = () => ({
  sales_count: 0,
  units: 0,
  revenue_cents: 0,
  returns_count: 0,
  refunds_cents: 0,
  activations: 0,
  device_sales: 0,
  attached: 0,
});
type Sums = ReturnType<typeof zero>;

function figures(sums: Sums, minutes: number | null, withAttach: boolean): SalesReportFigures {
  const net = sums.revenue_cents - sums.refunds_cents;
  const hours = minutes === null ? null : Math.round((minutes / 60) * 100) / 100;
  return {
    sales_count: sums.sales_count,
    units: sums.units,
    revenue_cents: sums.revenue_cents,
    returns_count: sums.returns_count,
    refunds_cents: sums.refunds_cents,
    net_cents: net,
    activations: sums.activations,
    device_sales: sums.device_sales,
    attach_rate:
      withAttach && sums.device_sales > 0
        ? Math.round((sums.attached / sums.device_sales) * 10_000) / 10_000
        : null,
    labor_hours: hours,
    sales_per_labor_hour_cents:
      minutes !== null && minutes > 0 ? Math.round((net * 60) / minutes) : null,
  };
}

/** The names of the groups' keys (people, places, categories); the key itself for a date or carrier. */
async function labelsOf(
  db: Executor,
  companyId: number,
  places: Place[],
  groupBy: SalesReportGroupBy,
  keys: readonly string[],
): Promise<(key: string) => string> {
  const named = (map: Map<string, string>, none: string) => (key: string) =>
    key === '' ? none : (map.get(key) ?? `#${key}`);
  switch (groupBy) {
    case 'employee': {
      const ids = keys.filter(Boolean).map(Number);
      const names = await namesOf(db, companyId, ids);
      return named(new Map([...names].map(([id, name]) => [String(id), name])), 'Unknown');
    }
    case 'store':
      return named(new Map(places.map((p) => [String(p.id), p.name])), 'No store');
    case 'district':
      return named(
        new Map(places.map((p) => [text(p.district_id), p.district_name ?? ''])),
        'No district',
      );
    case 'region':
      return named(
        new Map(places.map((p) => [text(p.region_id), p.region_name ?? ''])),
        'No region',
      );
    case 'category': {
      const result = await db.execute(
        sql`select distinct category_id, category_name from ${productFactsTable(companyId)} pf where category_id is not null`,
      );
      return named(
        new Map(rowsOf(result).map((r) => [text(r.category_id), text(r.category_name)])),
        'No category',
      );
    }
    case 'carrier':
      return (key) => key || 'No carrier';
    case 'day':
      return (key) => key;
  }
}

/**
 * GET /sales-reports: completed sales, returns, activations and hours worked of a scope the caller
 * may see, over local dates of each store, grouped one way. Aggregated in SQL; money in cents.
 */
export async function salesReport(
  db: Executor,
  ctx: RequestContext,
  query: SalesReportQuery,
): Promise<SalesReport> {
  const scope = await scopeOf(db, ctx, query);
  const places = await storePlacesOf(db, ctx.companyId, scope.storeIds);
  const groupBy = query.group_by;
  const head = { from: query.from, to: query.to, group_by: groupBy, scope_name: scope.name };
  if (!places.length) return { ...head, rows: [], totals: figures(zero(), null, true) };
  const c = ctx.companyId;
  // A sale falls in several categories: the totals count each sale once.
  const [lines, returned, activated, hours, allLines] = await Promise.all([
    lineFigures(db, c, places, query, groupBy),
    returnFigures(db, c, places, query, groupBy),
    activationFigures(db, c, places, query, groupBy),
    workedMinutes(db, c, places, query, groupBy),
    groupBy === 'category' ? lineFigures(db, c, places, query, null) : Promise.resolve(null),
  ]);
  const groups = new Map<string, Sums>();
  const at = (key: string) => {
    let sums = groups.get(key);
    if (!sums) {
      sums = zero();
      groups.set(key, sums);
    }
    return sums;
  };
  for (const { key, ...row } of lines) Object.assign(at(key), row);
  for (const row of returned)
    Object.assign(at(row.key), {
      returns_count: row.returns_count,
      refunds_cents: row.refunds_cents,
    });
  for (const row of activated) at(row.key).activations = row.activations;
  if (hours.grouped) for (const key of hours.byKey.keys()) at(key);

  const total = zero();
  for (const sums of groups.values())
    for (const field of Object.keys(total) as (keyof Sums)[]) total[field] += sums[field];
  if (allLines) {
    const all = allLines[0];
    Object.assign(total, {
      sales_count: all?.sales_count ?? 0,
      device_sales: all?.device_sales ?? 0,
      attached: all?.attached ?? 0,
    });
  }
  const label = await labelsOf(db, c, places, groupBy, [...groups.keys()]);
  const lineLevel = groupBy === 'carrier' || groupBy === 'category';
  const rows: SalesReportRow[] = [...groups].map(([key, sums]) => ({
    key,
    label: label(key),
    ...figures(sums, hours.grouped ? (hours.byKey.get(key) ?? 0) : null, !lineLevel),
  }));
  rows.sort((a, b) =>
    groupBy === 'day'
      ? a.key.localeCompare(b.key)
      : b.net_cents - a.net_cents || a.label.localeCompare(b.label),
  );
  return { ...head, rows, totals: figures(total, hours.total, true) };
}

/**
 * GET /sales-reports/details: the sale lines behind the report (completed sales of the scope and
 * range), newest first, a page at a time, with what was refunded on each.
 */
export async function salesDetails(
  db: Executor,
  ctx: RequestContext,
  query: SalesDetailsQuery,
): Promise<SalesDetails> {
  const scope = await scopeOf(db, ctx, query);
  const places = await storePlacesOf(db, ctx.companyId, scope.storeIds);
  if (!places.length) return { scope_name: scope.name, results: [], total: 0 };
  const c = ctx.companyId;
  const from = sql`
    from ${sales}
    join ${placeTable(places)} place on place.store_id = ${sales.store_id}
    join ${saleLines} on ${and(tenantScope(saleLines, sales.company_id), sql`${saleLines.sale_id} = ${sales.id}`)}
    where ${tenantScope(sales, c)} and ${sales.status} in ('completed', 'returned')
      and ${inRange(sales.completed_at, query.from, query.to)}`;
  const [counted, page] = await Promise.all([
    db.execute(sql`select count(*)::int as n ${from}`),
    db.execute(sql`
      select ${saleLines.id} as line_id, ${sales.id} as sale_id, ${sales.store_id} as store_id,
        to_char(${sales.completed_at} at time zone place.tz, 'YYYY-MM-DD HH24:MI') as sold_at,
        ${sales.created_by} as employee_id,
        nullif(trim(concat(${customers.first_name}, ' ', ${customers.last_name})), '') as customer_name,
        pf.name as product_name, pf.sku, pf.kind, pf.category_name, ${saleLines.serial} as serial,
        ${saleLines.quantity} as quantity, ${saleLines.unit_price_cents} as unit_price_cents,
        ${saleLines.tax_cents} as tax_cents, ${saleLines.total_cents} as total_cents,
        ${saleLines.returned} as returned, coalesce(${saleReturns.refund_cents}, 0) as refund_cents
      from (select ${sales.id} as sid, ${saleLines.id} as lid ${from}
            order by ${sales.completed_at} desc, ${saleLines.id} desc
            limit ${query.perPage} offset ${query.page * query.perPage}) picked
      join ${sales} on ${and(tenantScope(sales, c), sql`${sales.id} = picked.sid`)}
      join ${placeTable(places)} place on place.store_id = ${sales.store_id}
      join ${saleLines} on ${and(tenantScope(saleLines, c), sql`${saleLines.id} = picked.lid`)}
      join ${productFactsTable(c)} pf on pf.id = ${saleLines.product_id}
      left join ${customers} on ${tenantJoin(customers, sales.company_id, sales.customer_id)}
      left join ${saleReturns} on ${and(tenantScope(saleReturns, c), sql`${saleReturns.sale_line_id} = ${saleLines.id}`)}
      order by ${sales.completed_at} desc, ${saleLines.id} desc`),
  ]);
  const rows = rowsOf(page);
  const employeeIds = [
    ...new Set(rows.map((r) => r.employee_id).filter((id) => id !== null && id !== undefined)),
  ].map(Number);
  const names = await namesOf(db, c, employeeIds);
  const storeNames = new Map(places.map((p) => [p.id, p.name]));
  return {
    scope_name: scope.name,
    total: Number(rowsOf(counted)[0]?.n ?? 0),
    results: rows.map((r) => {
      const employee = r.employee_id === null ? null : Number(r.employee_id);
      return {
        line_id: Number(r.line_id),
        sale_id: Number(r.sale_id),
        sold_at: text(r.sold_at),
        store_id: Number(r.store_id),
        store_name: storeNames.get(Number(r.store_id)) ?? '',
        employee_id: employee,
        employee_name: employee === null ? null : (names.get(employee) ?? null),
        customer_name: r.customer_name === null ? null : text(r.customer_name),
        product_name: text(r.product_name),
        sku: text(r.sku),
        kind: text(r.kind),
        category_name: r.category_name === null ? null : text(r.category_name),
        serial: r.serial === null ? null : text(r.serial),
        quantity: Number(r.quantity),
        unit_price_cents: Number(r.unit_price_cents),
        tax_cents: Number(r.tax_cents),
        total_cents: Number(r.total_cents),
        returned: r.returned === true || r.returned === 't',
        refund_cents: Number(r.refund_cents),
      };
    }),
  };
}

export function salesReportRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/sales-reports', {
    schema: {
      tags: ['Sales'],
      summary: 'Sales report: a scope and local date range, grouped one way',
      description:
        'Per group: sales, units, revenue, returns and refunds, net, activations, accessory attach rate, hours worked and net sales per labour hour. 403 outside the caller’s scope.',
      querystring: salesReportQuerySchema,
      response: { 200: replySchema(salesReportSchema), ...errorReplies(400, 403, 404) },
    },
    config: { access: 'read_sales_reports' },
    handler: async (request) => ok('', await salesReport(db, callerOf(request), request.query)),
  });
  r.get('/sales-reports/details', {
    schema: {
      tags: ['Sales'],
      summary: 'Sales report details: the sale lines of a scope and local date range, paged',
      querystring: salesDetailsQuerySchema,
      response: { 200: replySchema(salesDetailsSchema), ...errorReplies(400, 403, 404) },
    },
    config: { access: 'read_sales_reports' },
    handler: async (request) => ok('', await salesDetails(db, callerOf(request), request.query)),
  });
}

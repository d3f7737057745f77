import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { orders as orderResource } from '@portal/contract/resources/orders';
import {
  warehouseReportBounds,
  type FulfilmentTimeRow,
  type InTransitRow,
  type OpenOrdersRow,
  type WarehouseReportRange,
} from '@portal/contract/inventory';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { attachReferences } from '../../platform/resources/references.ts';
import { resourceHistory } from '../../platform/resources/schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { orderLines, orderPriceAdjustments, orders } from './schema.ts';

/** An order is open until it is received or canceled. */
const openStatuses = ['open', 'submitted', 'pending_shipment', 'shipped', 'under_review'] as const;
type OpenStatus = (typeof openStatuses)[number];

/** GET /reports/open-orders: the company's open orders per store, by status, with units and value. */
export async function openOrdersByStore(
  db: Executor,
  ctx: RequestContext,
): Promise<OpenOrdersRow[]> {
  const units = db
    .select({
      order_id: orderLines.order_id,
      units: sql<number>`sum(${orderLines.quantity})`.as('units'),
    })
    .from(orderLines)
    .where(tenantScope(orderLines, ctx.companyId))
    .groupBy(orderLines.order_id)
    .as('units');
  const rows = await db
    .select({
      store_id: orders.store_id,
      status: orders.status,
      orders: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum(${units.units}), 0)::int`,
      total_cents: sql<number>`coalesce(sum(${orders.total_cents}), 0)::bigint`,
    })
    .from(orders)
    .leftJoin(units, sql`${units.order_id} = ${orders.id}`)
    .where(and(tenantScope(orders, ctx.companyId), inArray(orders.status, [...openStatuses])))
    .groupBy(orders.store_id, orders.status);
  const byStore = new Map<number, OpenOrdersRow>();
  for (const row of rows) {
    const line = byStore.get(row.store_id) ?? {
      store_id: row.store_id,
      store_name: null,
      open: 0,
      submitted: 0,
      pending_shipment: 0,
      shipped: 0,
      under_review: 0,
      orders: 0,
      units: 0,
      total_cents: 0,
    };
    const status = row.status as OpenStatus;
    if (openStatuses.includes(status)) line[status] += Number(row.orders);
    line.orders += Number(row.orders);
    line.units += Number(row.units);
    line.total_cents += Number(row.total_cents);
    byStore.set(row.store_id, line);
  }
  const result = [...byStore.values()];
  const named: Record<string, unknown>[] = result.map((row) => ({ store_id: row.store_id }));
  const reference = orderResource.references?.store_id;
  if (reference) await attachReferences(db, ctx, named, { store_id: reference });
  result.forEach((row, index) => {
    const name = named[index]?.store_name;
    row.store_name = typeof name === 'string' ? name : null;
  });
  return result.sort((a, b) => (a.store_name ?? '').localeCompare(b.store_name ?? ''));
}

/** The orders' status changes into `status`, one row per order: its first or last such change. */
function statusChanges(ctx: RequestContext, status: string, which: 'first' | 'last', name: string) {
  const at =
    which === 'first'
      ? sql<Date>`min(${resourceHistory.created_at})`
      : sql<Date>`max(${resourceHistory.created_at})`;
  return {
    record_id: resourceHistory.record_id,
    at: at.as(`${name}_at`),
    where: and(
      tenantScope(resourceHistory, ctx.companyId),
      eq(resourceHistory.resource, orderResource.name),
      eq(resourceHistory.to_status, status),
    ),
  };
}

/** Store names for rows that carry a store id (the stores resource's reference). */
async function withStoreNames<Row extends { store_id: number | null; store_name: string | null }>(
  db: Executor,
  ctx: RequestContext,
  rows: Row[],
) {
  const named: Record<string, unknown>[] = rows.map((row) => ({ store_id: row.store_id }));
  const reference = orderResource.references?.store_id;
  if (reference) await attachReferences(db, ctx, named, { store_id: reference });
  rows.forEach((row, index) => {
    const name = named[index]?.store_name;
    row.store_name = typeof name === 'string' ? name : null;
  });
  return rows;
}

const DAY_SECONDS = 86_400;
const days = (seconds: unknown) => Math.round((Number(seconds ?? 0) / DAY_SECONDS) * 100) / 100;

/**
 * GET /reports/fulfilment-time: the orders shipped in the range, per store and overall (store_id
 * null, first), with the days from their first submission to their last shipment (from the orders'
 * status history): average, median and 90th percentile.
 */
export async function fulfilmentTime(
  db: Executor,
  ctx: RequestContext,
  range: WarehouseReportRange,
): Promise<FulfilmentTimeRow[]> {
  const { start, end } = warehouseReportBounds(range);
  const submittedCols = statusChanges(ctx, 'submitted', 'first', 'submitted');
  const submitted = db
    .select({ record_id: submittedCols.record_id, submitted_at: submittedCols.at })
    .from(resourceHistory)
    .where(submittedCols.where)
    .groupBy(resourceHistory.record_id)
    .as('submitted');
  const shippedCols = statusChanges(ctx, 'shipped', 'last', 'shipped');
  const shipped = db
    .select({ record_id: shippedCols.record_id, shipped_at: shippedCols.at })
    .from(resourceHistory)
    .where(shippedCols.where)
    .groupBy(resourceHistory.record_id)
    .as('shipped');
  const seconds = sql`extract(epoch from (${shipped.shipped_at} - ${submitted.submitted_at}))`;
  const rows = await db
    .select({
      store_id: sql<number | null>`${orders.store_id}`,
      overall: sql<number>`grouping(${orders.store_id})::int`,
      orders: sql<number>`count(*)::int`,
      average: sql<number>`avg(${seconds})::float8`,
      median: sql<number>`percentile_cont(0.5) within group (order by ${seconds})::float8`,
      p90: sql<number>`percentile_cont(0.9) within group (order by ${seconds})::float8`,
    })
    .from(orders)
    .innerJoin(submitted, eq(submitted.record_id, orders.id))
    .innerJoin(shipped, eq(shipped.record_id, orders.id))
    .where(
      and(
        tenantScope(orders, ctx.companyId),
        inArray(orders.status, ['shipped', 'under_review', 'received']),
        sql`${shipped.shipped_at} >= ${start.toISOString()}::timestamptz`,
        sql`${shipped.shipped_at} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(sql`grouping sets ((${orders.store_id}), ())`);
  const result: FulfilmentTimeRow[] = rows.map((row) => ({
    store_id: Number(row.overall) ? null : row.store_id,
    store_name: null,
    orders: Number(row.orders),
    average_days: days(row.average),
    median_days: days(row.median),
    p90_days: days(row.p90),
  }));
  const stores = await withStoreNames(
    db,
    ctx,
    result.filter((row) => row.store_id !== null),
  );
  stores.sort((a, b) => (a.store_name ?? '').localeCompare(b.store_name ?? ''));
  const overall = result.find((row) => row.store_id === null);
  return overall ? [{ ...overall, store_name: 'All stores' }, ...stores] : stores;
}

/**
 * GET /reports/in-transit: per store, the shipped orders not yet received, by whole days since
 * their last shipment: 0-2, 3-7 and 8 or more, with the oldest.
 */
export async function inTransit(db: Executor, ctx: RequestContext): Promise<InTransitRow[]> {
  const shippedCols = statusChanges(ctx, 'shipped', 'last', 'shipped');
  const shipped = db
    .select({ record_id: shippedCols.record_id, shipped_at: shippedCols.at })
    .from(resourceHistory)
    .where(shippedCols.where)
    .groupBy(resourceHistory.record_id)
    .as('shipped');
  const age = sql`floor(extract(epoch from (now() - ${shipped.shipped_at})) / ${DAY_SECONDS})::int`;
  const rows = await db
    .select({
      store_id: orders.store_id,
      orders: sql<number>`count(*)::int`,
      days_0_2: sql<number>`(count(*) filter (where ${age} <= 2))::int`,
      days_3_7: sql<number>`(count(*) filter (where ${age} between 3 and 7))::int`,
      days_8_plus: sql<number>`(count(*) filter (where ${age} >= 8))::int`,
      oldest_days: sql<number>`greatest(max(${age}), 0)::int`,
    })
    .from(orders)
    .innerJoin(shipped, eq(shipped.record_id, orders.id))
    .where(and(tenantScope(orders, ctx.companyId), eq(orders.status, 'shipped')))
    .groupBy(orders.store_id);
  const result: InTransitRow[] = rows.map((row) => ({
    store_id: row.store_id,
    store_name: null,
    orders: Number(row.orders),
    days_0_2: Number(row.days_0_2),
    days_3_7: Number(row.days_3_7),
    days_8_plus: Number(row.days_8_plus),
    oldest_days: Number(row.oldest_days),
  }));
  await withStoreNames(db, ctx, result);
  return result.sort((a, b) => (a.store_name ?? '').localeCompare(b.store_name ?? ''));
}

/** A price adjustment as the adjustments report lists it (ids; the caller names them). */
export interface PriceAdjustmentFact {
  id: number;
  order_id: number;
  store_id: number;
  store_name: string | null;
  product_id: number;
  delta_cents: number;
  reason_id: number;
  note: string | null;
  approved_by: number | null;
  created_at: string;
}

/** The company's price adjustments made in [start, end), oldest first, with the order's store. */
export async function priceAdjustmentsBetween(
  db: Executor,
  ctx: RequestContext,
  start: Date,
  end: Date,
): Promise<PriceAdjustmentFact[]> {
  const rows = await db
    .select({
      id: orderPriceAdjustments.id,
      order_id: orderPriceAdjustments.order_id,
      store_id: orders.store_id,
      product_id: orderLines.product_id,
      delta_cents: orderPriceAdjustments.delta_cents,
      reason_id: orderPriceAdjustments.reason_id,
      note: orderPriceAdjustments.note,
      approved_by: orderPriceAdjustments.approved_by,
      created_at: orderPriceAdjustments.created_at,
    })
    .from(orderPriceAdjustments)
    .innerJoin(
      orders,
      tenantJoin(orders, orderPriceAdjustments.company_id, orderPriceAdjustments.order_id),
    )
    .innerJoin(
      orderLines,
      tenantJoin(orderLines, orderPriceAdjustments.company_id, orderPriceAdjustments.order_line_id),
    )
    .where(
      and(
        tenantScope(orderPriceAdjustments, ctx.companyId),
        gte(orderPriceAdjustments.created_at, start.toISOString()),
        lt(orderPriceAdjustments.created_at, end.toISOString()),
      ),
    )
    .orderBy(asc(orderPriceAdjustments.created_at), asc(orderPriceAdjustments.id));
  const facts = rows.map((row) => ({ ...row, store_name: null as string | null }));
  return withStoreNames(db, ctx, facts);
}

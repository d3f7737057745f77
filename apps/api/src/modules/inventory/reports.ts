import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  warehouseReportBounds,
  type AdjustmentReportRow,
  type StockValueRow,
  type WarehouseReportRange,
} from '@portal/contract/inventory';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { adjustmentReasonName, productNamesOf } from '../catalog/api.ts';
import { priceAdjustmentsBetween } from '../orders/api.ts';
import { namesOf } from '../users/api.ts';
import { inventoryItems, stockAdjustments, stockLocations } from './schema.ts';

/**
 * GET /reports/stock-on-hand: serialised units per location (warehouses, stores, in transit) and
 * product, valued at cost and at price, in cents.
 */
export async function stockValue(db: Executor, ctx: RequestContext): Promise<StockValueRow[]> {
  const rows = await db
    .select({
      location_id: stockLocations.id,
      location_name: stockLocations.name,
      location_kind: stockLocations.kind,
      product_id: inventoryItems.product_id,
      units: sql<number>`count(*)::int`,
      cost_cents: sql<number>`sum(${inventoryItems.cost_cents})::bigint`,
      value_cents: sql<number>`sum(${inventoryItems.price_cents})::bigint`,
    })
    .from(inventoryItems)
    .innerJoin(
      stockLocations,
      and(
        tenantScope(stockLocations, inventoryItems.company_id),
        eq(stockLocations.id, inventoryItems.location_id),
      ),
    )
    .where(
      and(
        tenantScope(inventoryItems, ctx.companyId),
        sql`${stockLocations.kind} in ('warehouse', 'store', 'in_transit')`,
      ),
    )
    .groupBy(stockLocations.id, stockLocations.name, stockLocations.kind, inventoryItems.product_id)
    .orderBy(asc(stockLocations.kind), asc(stockLocations.name), asc(inventoryItems.product_id));
  const names = await productNamesOf(
    db,
    ctx.companyId,
    rows.map((row) => row.product_id),
  );
  return rows.map((row) => ({
    ...row,
    product_name: names.get(row.product_id) ?? `#${row.product_id}`,
    units: Number(row.units),
    cost_cents: Number(row.cost_cents),
    value_cents: Number(row.value_cents),
  }));
}

/**
 * GET /reports/adjustments: the stock adjustments (per location, in units) and the orders' price
 * adjustments (per order, in cents) made in the range, oldest first, with product, reason and who.
 */
export async function adjustmentsReport(
  db: Executor,
  ctx: RequestContext,
  range: WarehouseReportRange,
): Promise<AdjustmentReportRow[]> {
  const { start, end } = warehouseReportBounds(range);
  const stock = await db
    .select({
      id: stockAdjustments.id,
      created_at: stockAdjustments.created_at,
      location_name: stockLocations.name,
      product_id: stockAdjustments.product_id,
      reason_id: stockAdjustments.reason_id,
      user_id: stockAdjustments.user_id,
      quantity: stockAdjustments.quantity,
      note: stockAdjustments.note,
    })
    .from(stockAdjustments)
    .innerJoin(
      stockLocations,
      tenantJoin(stockLocations, stockAdjustments.company_id, stockAdjustments.location_id),
    )
    .where(
      and(
        tenantScope(stockAdjustments, ctx.companyId),
        gte(stockAdjustments.created_at, start.toISOString()),
        lt(stockAdjustments.created_at, end.toISOString()),
      ),
    )
    .orderBy(asc(stockAdjustments.created_at), asc(stockAdjustments.id));
  const prices = await priceAdjustmentsBetween(db, ctx, start, end);
  const products = await productNamesOf(db, ctx.companyId, [
    ...stock.map((row) => row.product_id),
    ...prices.map((row) => row.product_id),
  ]);
  const userIds = [
    ...stock.map((row) => row.user_id),
    ...prices.map((row) => row.approved_by),
  ].filter((userId): userId is number => userId !== null);
  const people = await namesOf(db, ctx.companyId, [...new Set(userIds)]);
  const reasons = new Map<number, string | null>();
  for (const reasonId of new Set([
    ...stock.map((row) => row.reason_id),
    ...prices.map((row) => row.reason_id),
  ]))
    reasons.set(reasonId, await adjustmentReasonName(db, ctx.companyId, reasonId));
  const person = (userId: number | null) => (userId === null ? null : (people.get(userId) ?? null));
  const rows: AdjustmentReportRow[] = [
    ...stock.map((row) => ({
      key: `stock-${row.id}`,
      kind: 'stock' as const,
      created_at: row.created_at,
      location_name: row.location_name,
      order_id: null,
      store_name: null,
      product_name: products.get(row.product_id) ?? `#${row.product_id}`,
      reason_name: reasons.get(row.reason_id) ?? null,
      user_name: person(row.user_id),
      quantity: row.quantity,
      amount_cents: null,
      note: row.note,
    })),
    ...prices.map((row) => ({
      key: `price-${row.id}`,
      kind: 'price' as const,
      created_at: row.created_at,
      location_name: null,
      order_id: row.order_id,
      store_name: row.store_name,
      product_name: products.get(row.product_id) ?? `#${row.product_id}`,
      reason_name: reasons.get(row.reason_id) ?? null,
      user_name: person(row.approved_by),
      quantity: null,
      amount_cents: row.delta_cents,
      note: row.note,
    })),
  ];
  return rows.sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.key.localeCompare(b.key),
  );
}

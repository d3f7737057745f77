import { and, asc, eq, sql } from 'drizzle-orm';
import type { StockValueRow } from '@portal/contract/inventory';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { productNamesOf } from '../catalog/api.ts';
import { inventoryItems, stockLocations } from './schema.ts';

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

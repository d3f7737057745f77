import { and, inArray, sql } from 'drizzle-orm';
import type { ProductKind } from '@portal/contract/resources/catalog';
import { shopMessages, type ShopProduct, type ShopQuery } from '@portal/contract/shop';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantScope } from '../../db/columns.ts';
import { productNamesOf, shopCatalogue } from '../catalog/api.ts';
import type { SubmittedOrder } from '../orders/hooks.ts';
import { reservingLines } from '../orders/api.ts';
import { inventoryItems } from './schema.ts';
import { warehouseStock } from './stock.ts';

/**
 * Per product, the warehouse units the company's submitted and pending-shipment orders still
 * hold: each order line's quantity less the units already fulfilled on that order (they left the
 * warehouse's count when they were shipped), never below zero.
 */
export async function heldQuantities(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const lines = await reservingLines(db, companyId, productIds);
  if (!lines.length) return new Map();
  const orderIds = [...new Set(lines.map((line) => line.order_id))];
  const fulfilledRows = await db
    .select({
      order_id: inventoryItems.order_id,
      product_id: inventoryItems.product_id,
      n: sql<number>`count(*)::int`,
    })
    .from(inventoryItems)
    .where(
      and(
        tenantScope(inventoryItems, companyId),
        inArray(inventoryItems.order_id, orderIds),
        inArray(inventoryItems.product_id, [...new Set(lines.map((line) => line.product_id))]),
      ),
    )
    .groupBy(inventoryItems.order_id, inventoryItems.product_id);
  const fulfilled = new Map(
    fulfilledRows.map((row) => [
      `${String(row.order_id)}:${String(row.product_id)}`,
      Number(row.n),
    ]),
  );
  const held = new Map<number, number>();
  for (const line of lines) {
    const done = fulfilled.get(`${String(line.order_id)}:${String(line.product_id)}`) ?? 0;
    const open = Math.max(0, line.quantity - done);
    held.set(line.product_id, (held.get(line.product_id) ?? 0) + open);
  }
  return held;
}

/**
 * GET /shop/products and /shop/accessories: the catalogue's page with the warehouse's stock, less
 * what submitted orders hold (reserved until they ship, are canceled or go back to open).
 */
export async function shopPage(
  db: Executor,
  ctx: RequestContext,
  kind: ProductKind,
  query: ShopQuery,
): Promise<{ results: ShopProduct[]; total: number }> {
  const page = await shopCatalogue(db, ctx.companyId, kind, query);
  const ids = page.results.map((row) => row.id);
  const [stock, reserved] = await Promise.all([
    warehouseStock(db, ctx.companyId, ids),
    heldQuantities(db, ctx.companyId, ids),
  ]);
  return {
    results: page.results.map((row) => {
      const held = reserved.get(row.id) ?? 0;
      return { ...row, in_stock: Math.max(0, (stock.get(row.id) ?? 0) - held), reserved: held };
    }),
    total: page.total,
  };
}

/**
 * The orders module's orderSubmitting hook: an order entering `submitted` (its status already
 * changed in this transaction) must fit the warehouse's available units, on hand less what the
 * other submitted and pending-shipment orders hold, as the shop's `in_stock` shows them. Each
 * product's lock (a transaction advisory lock per company and product, taken in product order)
 * makes concurrent submissions of the same products wait for each other, so two checkouts for the
 * last units cannot both succeed. A line over is a 409 naming the product and what is available.
 */
export async function refuseOverAvailable(tx: Executor, order: SubmittedOrder): Promise<void> {
  const ids = [...order.quantities.keys()].sort((a, b) => a - b);
  if (!ids.length) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`warehouse-stock:${String(order.companyId)}`}), ids.id)
      from (select unnest(${`{${ids.join(',')}}`}::int[]) as id order by 1) ids`,
  );
  const stock = await warehouseStock(tx, order.companyId, ids);
  const held = await heldQuantities(tx, order.companyId, ids);
  const short = ids.flatMap((id) => {
    const ordered = order.quantities.get(id) ?? 0;
    // What the other orders hold: all held less this order's own lines.
    const available = Math.max(0, (stock.get(id) ?? 0) - ((held.get(id) ?? 0) - ordered));
    return ordered > available ? [{ product_id: id, ordered, available }] : [];
  });
  const first = short[0];
  if (!first) return;
  const names = await productNamesOf(
    tx,
    order.companyId,
    short.map((line) => line.product_id),
  );
  const nameOf = (id: number) => names.get(id) ?? `Product #${String(id)}`;
  throw AppError.conflict(
    shopMessages.notAvailable(nameOf(first.product_id), first.ordered, first.available),
    {
      short: short.map((line) => ({ ...line, product_name: nameOf(line.product_id) })),
    },
  );
}

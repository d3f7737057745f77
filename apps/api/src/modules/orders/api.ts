import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orders as orderResource, type Order } from '@portal/contract/resources/orders';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { publish } from '../../platform/events.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { attachReferences } from '../../platform/resources/references.ts';
import { orderLines, orders } from './schema.ts';
import { orderService } from './services.ts';

/** What stock work needs of an order: its store, status and ordered quantity per product. */
export interface OrderForStock {
  id: number;
  store_id: number;
  kind: string;
  status: string;
  total_cents: number;
  created_at: string;
  /** product id -> quantity ordered */
  quantities: Map<number, number>;
}

/**
 * The caller's company's order with its lines, locked (FOR UPDATE, so two clerks working on one
 * order wait for each other) unless `lock` is false; 404 for another company's order or none.
 */
export async function lockOrderForStock(
  tx: Tx,
  ctx: RequestContext,
  id: number,
  lock = true,
): Promise<OrderForStock> {
  const query = tx
    .select({
      id: orders.id,
      store_id: orders.store_id,
      kind: orders.kind,
      status: orders.status,
      total_cents: orders.total_cents,
      created_at: orders.created_at,
    })
    .from(orders)
    .where(and(eq(orders.id, id), tenantScope(orders, ctx.companyId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw AppError.notFound('Order');
  const lines = await tx
    .select({
      product_id: orderLines.product_id,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .where(and(eq(orderLines.order_id, id), tenantScope(orderLines, ctx.companyId)))
    .groupBy(orderLines.product_id);
  return {
    ...order,
    quantities: new Map(lines.map((line) => [line.product_id, Number(line.quantity)])),
  };
}

/**
 * Moves an order through its transition table (the engine's move: permission, history, event)
 * inside the caller's transaction.
 */
export const moveOrder = async (
  tx: Tx,
  ctx: RequestContext,
  id: number,
  to: string,
  note?: string,
): Promise<Order> =>
  // The engine presents the row as the resource's row schema (the lines and names attached).
  (await orderService.transition(tx, ctx, id, { to, note })) as unknown as Order;

/**
 * After a partial shipment of order `sourceId` (locked by the caller), the units not shipped
 * (`remaining`: product id -> quantity) become a new order for the same store and kind, already
 * accepted by the warehouse (`pending_shipment`, so it holds those units in the shop's
 * availability; no availability check: the warehouse accepted them with the source order). Each
 * backordered unit keeps its source line's price and a share of its tax, never re-priced: a
 * product's shipped units are taken from its first lines, the rest of each line is backordered.
 * The source keeps what shipped: its lines lose the backordered units and their share of tax (a
 * line none of whose units shipped stays, at quantity 0, with its price adjustments), so each unit
 * ordered is counted once, on one order or the other.
 * History: "Backorder of order #<id>". Answers the new order's id, or null when nothing remains.
 */
export async function createBackorder(
  tx: Tx,
  ctx: RequestContext,
  sourceId: number,
  remaining: ReadonlyMap<number, number>,
): Promise<number | null> {
  const [source] = await tx
    .select({ store_id: orders.store_id, kind: orders.kind })
    .from(orders)
    .where(and(eq(orders.id, sourceId), tenantScope(orders, ctx.companyId)));
  if (!source) throw AppError.notFound('Order');
  const sourceLines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.order_id, sourceId), tenantScope(orderLines, ctx.companyId)))
    .orderBy(orderLines.id);
  // Per product, the units shipped: the ordered quantity less what remains.
  const shipped = new Map<number, number>();
  for (const line of sourceLines)
    shipped.set(line.product_id, (shipped.get(line.product_id) ?? 0) + line.quantity);
  for (const [productId, quantity] of shipped)
    shipped.set(productId, quantity - Math.min(quantity, remaining.get(productId) ?? 0));
  const split = sourceLines.flatMap((line) => {
    const taken = Math.min(line.quantity, shipped.get(line.product_id) ?? 0);
    shipped.set(line.product_id, (shipped.get(line.product_id) ?? 0) - taken);
    const quantity = line.quantity - taken;
    if (quantity <= 0) return [];
    const subtotal = quantity * line.unit_price_cents;
    const tax = Math.round((line.tax_cents * quantity) / line.quantity);
    const backordered = {
      product_id: line.product_id,
      quantity,
      unit_price_cents: line.unit_price_cents,
      tax_cents: tax,
      total_cents: subtotal + tax,
      subtotal,
    };
    return [{ source: line, backordered }];
  });
  if (!split.length) return null;
  const lines = split.map((part) => part.backordered);
  for (const { source, backordered } of split) {
    const quantity = source.quantity - backordered.quantity;
    const tax = source.tax_cents - backordered.tax_cents;
    await tx
      .update(orderLines)
      .set({
        quantity,
        tax_cents: tax,
        total_cents: quantity * source.unit_price_cents + tax + source.adjustment_cents,
      })
      .where(and(eq(orderLines.id, source.id), tenantScope(orderLines, ctx.companyId)));
  }
  const kept = sql`(select coalesce(sum(${orderLines.quantity} * ${orderLines.unit_price_cents}), 0)::int
    from ${orderLines} where ${tenantScope(orderLines, ctx.companyId)} and ${orderLines.order_id} = ${sourceId})`;
  const keptTax = sql`(select coalesce(sum(${orderLines.tax_cents}), 0)::int
    from ${orderLines} where ${tenantScope(orderLines, ctx.companyId)} and ${orderLines.order_id} = ${sourceId})`;
  await tx
    .update(orders)
    .set({
      subtotal_cents: kept,
      tax_cents: keptTax,
      total_cents: sql`${kept} + ${keptTax} + ${orders.adjustment_cents}`,
    })
    .where(and(eq(orders.id, sourceId), tenantScope(orders, ctx.companyId)));
  const note = `Backorder of order #${String(sourceId)}`;
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax_cents, 0);
  const [made] = await tx
    .insert(orders)
    .values({
      company_id: ctx.companyId,
      store_id: source.store_id,
      kind: source.kind,
      status: 'pending_shipment',
      note,
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: subtotal + tax,
      created_by: ctx.userId,
    })
    .returning({ id: orders.id });
  if (!made) throw AppError.conflict('Backorder not created');
  await tx.insert(orderLines).values(
    lines.map(({ subtotal: _subtotal, ...line }) => ({
      ...line,
      company_id: ctx.companyId,
      order_id: made.id,
    })),
  );
  await recordHistory(tx, ctx, {
    companyId: ctx.companyId,
    resource: orderResource.name,
    recordId: made.id,
    action: 'created',
    to: 'pending_shipment',
    note,
    after: { store_id: source.store_id, kind: source.kind, status: 'pending_shipment', note },
  });
  await publish(tx, ctx.companyId, {
    type: 'order.status_changed',
    audience: { permission: 'read_orders' },
    id: made.id,
    store_id: source.store_id,
    from: null,
    to: 'pending_shipment',
  });
  return made.id;
}

const storeReference = orderResource.references?.store_id ?? {
  resource: 'stores',
  as: 'store_name',
};

/**
 * The caller's company's orders in the given statuses (newest first, at most 500), with their
 * store's name and the quantity ordered; only one kind of order when `kind` is given.
 */
export async function ordersInStatus(
  db: Database | Tx,
  ctx: RequestContext,
  statuses: string[],
  kind?: string,
) {
  const rows = await db
    .select({
      id: orders.id,
      store_id: orders.store_id,
      kind: orders.kind,
      status: orders.status,
      total_cents: orders.total_cents,
      created_at: orders.created_at,
      ordered: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines}
        where ${tenantScope(orderLines, orders.company_id)} and ${orderLines.order_id} = ${orders.id})`,
    })
    .from(orders)
    .where(
      and(
        tenantScope(orders, ctx.companyId),
        sql`${orders.status} in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        kind ? eq(orders.kind, kind) : undefined,
      ),
    )
    .orderBy(sql`${orders.id} desc`)
    .limit(500);
  const named: Record<string, unknown>[] = rows.map((row) => ({ ...row }));
  await attachReferences(db, ctx, named, { store_id: storeReference });
  return rows.map((row, index) => ({
    ...row,
    store_name:
      typeof named[index]?.store_name === 'string' ? String(named[index].store_name) : null,
  }));
}

export { assertMayOrderFor, storesCanOrderFor } from './orderable.ts';
export { demoContext, demoStores } from './demo.ts';
export { priceAdjustmentsBetween, type PriceAdjustmentFact } from './reports.ts';

/** The ids of a store's orders in the given statuses (the suggested order's in-transit units). */
export async function storeOrderIds(
  db: Executor,
  companyId: number,
  storeId: number,
  statuses: readonly string[],
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        tenantScope(orders, companyId),
        eq(orders.store_id, storeId),
        inArray(orders.status, [...statuses]),
      ),
    );
  return rows.map((row) => row.id);
}

/** Per product, the units on the company's order lines matching `which` in the given statuses. */
async function orderedQuantities(
  db: Executor,
  companyId: number,
  which: SQL,
  statuses: readonly string[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      product_id: orderLines.product_id,
      quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, tenantJoin(orders, orderLines.company_id, orderLines.order_id))
    .where(and(tenantScope(orderLines, companyId), which, inArray(orders.status, [...statuses])))
    .groupBy(orderLines.product_id);
  return new Map(rows.map((row) => [row.product_id, Number(row.quantity)]));
}

/** Per product, the units on a store's orders in the given statuses (ordered, not shipped yet). */
export const storeOrderedQuantities = (
  db: Executor,
  companyId: number,
  storeId: number,
  statuses: readonly string[],
) => orderedQuantities(db, companyId, eq(orders.store_id, storeId), statuses);

/** The statuses whose lines hold warehouse stock: submitted to the warehouse, not shipped yet. */
export const RESERVING_STATUSES = ['submitted', 'pending_shipment'] as const;

/** One product's units on one order that holds warehouse stock. */
export interface ReservingLine {
  order_id: number;
  product_id: number;
  quantity: number;
}

/**
 * The lines (per order and product) of the company's orders in RESERVING_STATUSES for these
 * products: what they hold before what is already fulfilled is taken off (the inventory module
 * does that, it knows the units). Derived from the orders themselves, so whatever takes an order
 * out of those statuses (Cancel, back to open, shipment) releases its units in the same commit,
 * and concurrent moves leave no counter to drift.
 */
export async function reservingLines(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<ReservingLine[]> {
  if (!productIds.length) return [];
  const rows = await db
    .select({
      order_id: orderLines.order_id,
      product_id: orderLines.product_id,
      quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, tenantJoin(orders, orderLines.company_id, orderLines.order_id))
    .where(
      and(
        tenantScope(orderLines, companyId),
        inArray(orderLines.product_id, [...productIds]),
        inArray(orders.status, [...RESERVING_STATUSES]),
      ),
    )
    .groupBy(orderLines.order_id, orderLines.product_id);
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}

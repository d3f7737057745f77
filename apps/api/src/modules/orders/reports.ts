import { and, inArray, sql } from 'drizzle-orm';
import { orders as orderResource } from '@portal/contract/resources/orders';
import type { OpenOrdersRow } from '@portal/contract/inventory';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { attachReferences } from '../../platform/resources/references.ts';
import { tenantScope } from '../../db/columns.ts';
import { orderLines, orders } from './schema.ts';

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

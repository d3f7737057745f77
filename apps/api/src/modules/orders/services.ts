import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countDataSchema, errorReplySchema, replySchema } from '@portal/contract/envelope';
import { orders as orderResource } from '@portal/contract/resources/orders';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { publish } from '../../platform/events.ts';
import { ok } from '../../platform/reply.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { productPrices } from '../catalog/api.ts';
import { storeTimeZoneOf } from '../organisation/api.ts';
import { orderLines, orders } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';
import { assertMayOrderFor } from './orderable.ts';
import { orderSubmitting } from './hooks.ts';

/** Orders created today, "today" being the date in each order's store's time zone. */
async function countToday(db: Database, ctx: RequestContext) {
  const zone = storeTimeZoneOf(orders.company_id, orders.store_id);
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(
      and(
        isSuperAdmin(ctx) ? undefined : tenantScope(orders, ctx.companyId),
        sql`(${orders.created_at} at time zone ${zone})::date = (now() at time zone ${zone})::date`,
      ),
    );
  return { total: Number(row?.total ?? 0) };
}

function orderRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/orders/count/today', {
    schema: {
      tags: [orderResource.label.many],
      summary: "Count today's orders",
      description: "Orders created today, by the calendar of each order's store (its time zone).",
      response: { 200: replySchema(countDataSchema), 403: errorReplySchema },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await countToday(db, callerOf(request))),
  });
}

/** A store's order from the warehouse: lines priced from the catalogue, statuses, history. */
export const orderService = createResourceService({
  definition: orderResource,
  table: orders,
  tenantColumn: 'company_id',
  hooks: {
    /** Only for a store the caller may order for (storesCanOrderFor); the kind is fixed here. */
    beforeCreate: async (input, ctx, tx) => {
      await assertMayOrderFor(tx, ctx, input.store_id);
      return { ...input, created_by: ctx.userId };
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      if (input.store_id !== undefined && input.store_id !== existing.store_id)
        await assertMayOrderFor(tx, ctx, input.store_id);
      return { ...input };
    },
  },
  lines: {
    table: orderLines,
    parentColumn: 'order_id',
    price: (lines, _ctx, tx, companyId) => productPrices(tx, companyId, lines),
  },
  actions: {
    /** A new open order for the same store with the same products and quantities, priced now. */
    duplicate: async (row, _input, { create, withLines }) => {
      const source = await withLines(row);
      const lines = Array.isArray(source.lines) ? (source.lines as Record<string, unknown>[]) : [];
      return create({
        store_id: source.store_id,
        kind: source.kind,
        note: source.note,
        lines: lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
      });
    },
  },
  /**
   * A submitted order must fit the warehouse's available units (orderSubmitting: the inventory
   * module refuses, and the move is rolled back). Screens showing orders refetch when one moves
   * (a hint with ids, after the move commits).
   */
  onTransition: async (row, from, _ctx, tx) => {
    const companyId = Number(row.company_id);
    if (row.status === 'submitted') {
      const orderId = Number(row.id);
      const lines = await tx
        .select({
          product_id: orderLines.product_id,
          quantity: sql<number>`sum(${orderLines.quantity})::int`,
        })
        .from(orderLines)
        .where(and(tenantScope(orderLines, companyId), eq(orderLines.order_id, orderId)))
        .groupBy(orderLines.product_id);
      await orderSubmitting.run(tx, {
        companyId,
        orderId,
        quantities: new Map(lines.map((line) => [line.product_id, Number(line.quantity)])),
      });
    }
    await publish(tx, companyId, {
      type: 'order.status_changed',
      audience: { permission: 'read_orders' },
      id: row.id,
      store_id: row.store_id,
      from,
      to: row.status,
    });
  },
  routes: orderRoutes,
});

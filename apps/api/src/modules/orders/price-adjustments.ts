import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  adjustableOrderStatuses,
  priceAdjustmentMessages as messages,
  priceAdjustments,
} from '@portal/contract/price-adjustments';
import { dollars } from '@portal/contract/resources/sales';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { adjustmentReasonName, productNamesOf } from '../catalog/api.ts';
import { orderLines, orderPriceAdjustments, orders } from './schema.ts';

/** The largest amount an integer column holds. */
const MAX_CENTS = 2_147_483_647;

/** The caller's company's order (404 otherwise). */
async function findOrder(db: Executor, ctx: RequestContext, orderId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), tenantScope(orders, ctx.companyId)));
  if (!order) throw AppError.notFound('Order');
  return order;
}

/**
 * /orders/{id}/price-adjustments: a delta on one of the order's lines with a reason, approved by
 * the caller (approve_price_adjustments, checked by the route). In one transaction the order and
 * the line are locked, the line's and the order's totals take the delta (a line below zero is a
 * 400, nothing written), the order's history records it and the adjustment is stored.
 */
export const priceAdjustmentService = createResourceService({
  definition: priceAdjustments,
  table: orderPriceAdjustments,
  tenantColumn: 'company_id',
  parent: { find: findOrder },
  hooks: {
    /** Each adjustment names its line's product. */
    decorate: async (rows, ctx, db) => {
      const ids = rows.flatMap((row) =>
        typeof row.order_line_id === 'number' ? [row.order_line_id] : [],
      );
      if (!ids.length) return;
      const lines = await db
        .select({ id: orderLines.id, product_id: orderLines.product_id })
        .from(orderLines)
        .where(and(tenantScope(orderLines, ctx.companyId), inArray(orderLines.id, ids)));
      const names = await productNamesOf(
        db,
        ctx.companyId,
        lines.map((line) => line.product_id),
      );
      const byLine = new Map(lines.map((line) => [line.id, names.get(line.product_id) ?? null]));
      for (const row of rows)
        row.product_name =
          typeof row.order_line_id === 'number' ? (byLine.get(row.order_line_id) ?? null) : null;
    },
    beforeCreate: async (input, ctx, tx, parentId) => {
      if (parentId === undefined) throw new Error('a price adjustment needs its order');
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, total_cents: orders.total_cents })
        .from(orders)
        .where(and(eq(orders.id, parentId), tenantScope(orders, ctx.companyId)))
        .for('update');
      if (!order) throw AppError.notFound('Order');
      if (!(adjustableOrderStatuses as readonly string[]).includes(order.status))
        throw AppError.conflict(messages.notAdjustable);
      const [line] = await tx
        .select({
          id: orderLines.id,
          product_id: orderLines.product_id,
          total_cents: orderLines.total_cents,
        })
        .from(orderLines)
        .where(
          and(
            tenantScope(orderLines, ctx.companyId),
            eq(orderLines.order_id, parentId),
            eq(orderLines.id, input.order_line_id),
          ),
        )
        .for('update');
      if (!line)
        throw AppError.badRequest(messages.lineNotFound, {
          order_line_id: [messages.lineNotFound],
        });
      const after = line.total_cents + input.delta_cents;
      if (after < 0) {
        const message = messages.negativeTotal(dollars(after));
        throw AppError.badRequest(message, { delta_cents: [message] });
      }
      if (after > MAX_CENTS || order.total_cents + input.delta_cents > MAX_CENTS)
        throw AppError.badRequest(messages.tooLarge, { delta_cents: [messages.tooLarge] });
      await tx
        .update(orderLines)
        .set({
          adjustment_cents: sql`${orderLines.adjustment_cents} + ${input.delta_cents}`,
          total_cents: after,
          updated_at: sql`now()`,
        })
        .where(and(tenantScope(orderLines, ctx.companyId), eq(orderLines.id, line.id)));
      const [updated] = await tx
        .update(orders)
        .set({
          adjustment_cents: sql`${orders.adjustment_cents} + ${input.delta_cents}`,
          total_cents: sql`${orders.total_cents} + ${input.delta_cents}`,
          updated_at: sql`now()`,
        })
        .where(and(tenantScope(orders, ctx.companyId), eq(orders.id, parentId)))
        .returning({ total_cents: orders.total_cents });
      const reason = await adjustmentReasonName(tx, ctx.companyId, input.reason_id);
      const product = (await productNamesOf(tx, ctx.companyId, [line.product_id])).get(
        line.product_id,
      );
      const note = input.note?.trim() || null;
      await recordHistory(tx, ctx, {
        companyId: ctx.companyId,
        resource: 'orders',
        recordId: parentId,
        action: 'price_adjustment',
        note:
          `${product ?? `Line #${line.id}`}: ${input.delta_cents > 0 ? '+' : ''}` +
          `${dollars(input.delta_cents)} (${reason ?? 'no reason'})${note ? `: ${note}` : ''}`,
        before: { total_cents: order.total_cents, line_total_cents: line.total_cents },
        after: { total_cents: updated?.total_cents ?? null, line_total_cents: after },
      });
      return {
        order_line_id: line.id,
        delta_cents: input.delta_cents,
        reason_id: input.reason_id,
        note,
        approved_by: ctx.userId,
        line_total_before_cents: line.total_cents,
        line_total_after_cents: after,
      };
    },
  },
});

import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySchema } from '@portal/contract/envelope';
import {
  salesCenterQuery,
  salesCenterSchema,
  type SalesCenter,
} from '@portal/contract/resources/sales';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readSetting } from '../../platform/settings.ts';
import { tenantScope } from '../../db/columns.ts';
import { saleProductsOf } from '../catalog/api.ts';
import { findStore } from '../hr/api.ts';
import { activations, customers, saleLines, sales } from './schema.ts';
import { requireClockInSetting } from './settings.ts';

/**
 * Today at one store, by the store's calendar: completed sales (count, revenue net of refunds),
 * activations, the accessory attach rate (sales with a device that also sold an accessory), and
 * the caller's held sales there.
 */
export async function salesCenter(
  db: Database,
  ctx: RequestContext,
  storeId: number,
): Promise<SalesCenter> {
  const store = await findStore(db, ctx.companyId, storeId);
  const zone = store.time_zone;
  const today = (column: typeof sales.completed_at | typeof activations.created_at) =>
    sql`(${column} at time zone ${zone})::date = (now() at time zone ${zone})::date`;
  const dated = await db.execute(
    sql`select to_char(now() at time zone ${zone}, 'YYYY-MM-DD') as date`,
  );
  const date = ((dated as { rows?: { date?: unknown }[] }).rows ?? [])[0]?.date;
  const sold = await db
    .select({ id: sales.id, paid: sales.paid_cents, refunded: sales.refunded_cents })
    .from(sales)
    .where(
      and(
        tenantScope(sales, ctx.companyId),
        eq(sales.store_id, storeId),
        inArray(sales.status, ['completed', 'returned']),
        today(sales.completed_at),
      ),
    );
  const [activated] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activations)
    .where(
      and(
        tenantScope(activations, ctx.companyId),
        eq(activations.store_id, storeId),
        ne(activations.status, 'canceled'),
        today(activations.created_at),
      ),
    );
  const lines = sold.length
    ? await db
        .select({ sale_id: saleLines.sale_id, product_id: saleLines.product_id })
        .from(saleLines)
        .where(
          and(
            tenantScope(saleLines, ctx.companyId),
            inArray(
              saleLines.sale_id,
              sold.map((sale) => sale.id),
            ),
          ),
        )
    : [];
  const kinds = await saleProductsOf(
    db,
    ctx.companyId,
    lines.map((line) => line.product_id),
  );
  const withDevice = new Set<number>();
  const withAccessory = new Set<number>();
  for (const line of lines) {
    const kind = kinds.get(line.product_id)?.kind;
    if (kind === 'device') withDevice.add(line.sale_id);
    if (kind === 'accessory') withAccessory.add(line.sale_id);
  }
  const attached = [...withDevice].filter((id) => withAccessory.has(id)).length;
  const held = await db
    .select({
      id: sales.id,
      first: customers.first_name,
      last: customers.last_name,
      total_cents: sales.total_cents,
      created_at: sales.created_at,
    })
    .from(sales)
    .leftJoin(
      customers,
      and(tenantScope(customers, sales.company_id), eq(customers.id, sales.customer_id)),
    )
    .where(
      and(
        tenantScope(sales, ctx.companyId),
        eq(sales.store_id, storeId),
        eq(sales.status, 'held'),
        eq(sales.created_by, ctx.userId),
      ),
    )
    .orderBy(desc(sales.id))
    .limit(50);
  return {
    store_id: store.id,
    store_name: store.name,
    date: typeof date === 'string' ? date : '',
    sales_count: sold.length,
    revenue_cents: sold.reduce((sum, sale) => sum + sale.paid - sale.refunded, 0),
    activations: Number(activated?.n ?? 0),
    attach_rate: withDevice.size ? attached / withDevice.size : null,
    held: held.map((sale) => ({
      id: sale.id,
      customer_name: sale.first ? `${sale.first} ${sale.last ?? ''}`.trim() : null,
      total_cents: sale.total_cents,
      created_at: sale.created_at,
    })),
    require_clock_in: await readSetting(db, ctx, requireClockInSetting, storeId),
  };
}

export function salesCenterRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/sales-center', {
    schema: {
      tags: ['Sales'],
      summary: "Today's sales of a store, and my held sales there",
      description:
        "By the store's calendar: completed sales, revenue net of refunds, activations, the accessory attach rate.",
      querystring: salesCenterQuery,
      response: { 200: replySchema(salesCenterSchema), ...errorReplies(403, 404) },
    },
    config: { access: 'read_sales' },
    handler: async (request) =>
      ok('', await salesCenter(db, callerOf(request), request.query.store_id)),
  });
}

import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  purchaseWarehouseSchema,
  skuMatchSchema,
  skuSearchQuery,
} from '@portal/contract/resources/purchasing';
import { callerOf } from '../../platform/access.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { tenantScope } from '../../db/columns.ts';
import { searchSkus } from '../catalog/api.ts';
import { listWarehouses, warehouseUnitCounts } from '../inventory/api.ts';
import { warehouseStock } from './schema.ts';

/** Counted (not serialised) units per product across the company's locations. */
async function countedStock(db: Executor, companyId: number, productIds: number[]) {
  if (!productIds.length) return new Map<number, number>();
  const rows = await db
    .select({
      product_id: warehouseStock.product_id,
      quantity: sql<number>`sum(${warehouseStock.quantity})::int`,
    })
    .from(warehouseStock)
    .where(
      and(tenantScope(warehouseStock, companyId), inArray(warehouseStock.product_id, productIds)),
    )
    .groupBy(warehouseStock.product_id);
  return new Map(rows.map((row) => [row.product_id, Number(row.quantity)]));
}

/**
 * GET /purchasing-warehouses: where a purchase order can be received (the order form's choices).
 * GET /inventory-stock/sku-search: products by SKU prefix or by the words of their name, with
 * what the warehouses hold.
 */
export function purchasingRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/purchasing-warehouses', {
    schema: {
      tags: ['Purchase Orders'],
      summary: "The company's warehouses a purchase order can be received into",
      response: { 200: replySchema(listDataSchema(purchaseWarehouseSchema)), ...errorReplies(403) },
    },
    config: { access: 'read_purchase_orders' },
    handler: async (request) => {
      const results = await listWarehouses(db, callerOf(request).companyId);
      return ok('', { results, total: results.length });
    },
  });

  r.get('/inventory-stock/sku-search', {
    schema: {
      tags: ['Stock'],
      summary: 'Find products by SKU prefix or by words of the name',
      description:
        'Active products whose SKU starts with `q` or whose name contains every word of `q`; the exact SKU first, then SKU prefixes, then by name. `on_hand` counts serialised units and counted stock in the warehouses.',
      querystring: skuSearchQuery,
      response: { 200: replySchema(z.array(skuMatchSchema)), ...errorReplies(400, 403) },
    },
    config: { access: 'read_products' },
    handler: async (request) => {
      const { companyId } = callerOf(request);
      const found = await searchSkus(db, companyId, request.query.q, request.query.limit);
      const ids = found.map((product) => product.id);
      const [units, counted] = await Promise.all([
        warehouseUnitCounts(db, companyId, ids),
        countedStock(db, companyId, ids),
      ]);
      return ok(
        '',
        found.map((product) => ({
          ...product,
          on_hand: (units.get(product.id) ?? 0) + (counted.get(product.id) ?? 0),
        })),
      );
    },
  });
}

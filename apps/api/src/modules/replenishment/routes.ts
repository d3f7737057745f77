import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  shopStaticAccessorySchema,
  staticAccessoriesQuery,
  suggestedOrderQuery,
  suggestedOrderSchema,
} from '@portal/contract/resources/replenishment';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { assertMayOrderFor } from '../orders/api.ts';
import { storeService } from '../organisation/api.ts';
import { staticAccessoriesFor } from './services.ts';
import { suggestedOrder } from './suggested.ts';

const errors = errorReplies(400, 403, 404);

/** The suggested order of a store, and its static accessories for the accessories cart. */
export function replenishmentRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/suggested-order', {
    schema: {
      tags: ['Orders'],
      summary: 'What a store should order now, per product of one kind',
      description:
        'suggested = max(minimum, ceil(average daily sales x lead days)) - on hand - in transit - ' +
        'on order, never below 0. Average daily sales: units sold in completed sales minus units ' +
        'returned, over the last orders.suggested_sales_days days (default 28); lead days: the ' +
        "product's, else its supplier's lead time (the supplier of its latest purchase order that was not canceled), else orders.default_lead_days (default 7). Another company's store is a 404, " +
        'a store the caller may not order for a 403.',
      querystring: suggestedOrderQuery,
      response: { 200: replySchema(suggestedOrderSchema), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) => ok('', await suggestedOrder(db, callerOf(request), request.query)),
  });

  r.get('/shop/static-accessories', {
    schema: {
      tags: ['Orders'],
      summary: "A store's static accessories with their standard quantities (the store's rows win)",
      querystring: staticAccessoriesQuery,
      response: { 200: replySchema(z.array(shopStaticAccessorySchema)), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await storeService.get(db, ctx, request.query.store_id);
      await assertMayOrderFor(db, ctx, request.query.store_id);
      return ok('', await staticAccessoriesFor(db, ctx, request.query.store_id));
    },
  });
}

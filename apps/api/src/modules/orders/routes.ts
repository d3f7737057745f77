import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  fulfilmentTimeRowSchema,
  inTransitRowSchema,
  openOrdersRowSchema,
  warehouseReportRangeSchema,
} from '@portal/contract/inventory';
import { orderSchema } from '@portal/contract/resources/orders';
import {
  checkoutInput,
  csvOrderInput,
  csvOrderResultSchema,
  orderableStoreSchema,
  shopMessages,
} from '@portal/contract/shop';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { checkout, csvOrder } from './checkout.ts';
import { storesCanOrderFor } from './orderable.ts';
import { fulfilmentTime, inTransit, openOrdersByStore } from './reports.ts';

const tags = ['Orders'];
const errors = errorReplies(400, 403, 404, 409);

/** The cart's checkout, the CSV order and the stores the caller may order for. */
export function shopOrderRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/orders/stores-can-order-for', {
    schema: {
      tags,
      summary: 'The stores the caller may order for (users related storesCanOrderFor)',
      response: { 200: replySchema(z.array(orderableStoreSchema)), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) => ok('', await storesCanOrderFor(db, callerOf(request))),
  });

  r.post('/orders/checkout', {
    schema: {
      tags,
      summary: 'Check out a cart: one submitted order, priced on the server, in one transaction',
      description:
        'Prices, taxes and totals sent with the lines are ignored; each line is priced from the ' +
        'catalogue. A product listed twice is one line. An empty cart, an unknown, unsold or ' +
        "other kind's product is a 400; a store the caller may not order for a 403.",
      body: checkoutInput,
      response: { 200: replySchema(orderSchema), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) =>
      ok(shopMessages.checkedOut, await checkout(db, callerOf(request), request.body)),
  });

  r.post('/csv-order', {
    schema: {
      tags,
      summary: 'An order from a CSV file (sku,quantity): all rows or nothing, errors by line',
      body: csvOrderInput,
      response: { 200: replySchema(csvOrderResultSchema), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) => {
      const result = await csvOrder(db, callerOf(request), request.body);
      return ok(
        result.dry_run ? shopMessages.csvChecked(result.lines.length) : shopMessages.checkedOut,
        result,
      );
    },
  });

  r.get('/reports/open-orders', {
    schema: {
      tags: ['Reports'],
      summary: 'Open orders by store: not yet received or canceled, by status, units and value',
      response: { 200: replySchema(z.array(openOrdersRowSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await openOrdersByStore(db, callerOf(request))),
  });

  r.get('/reports/fulfilment-time', {
    schema: {
      tags: ['Reports'],
      summary: 'Days from submission to shipment of the orders shipped in a date range, per store',
      description:
        'from and to are days (YYYY-MM-DD, UTC, both included); without them, the last 30 days. ' +
        'The first row (store_id null) is all stores.',
      querystring: warehouseReportRangeSchema,
      response: { 200: replySchema(z.array(fulfilmentTimeRowSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await fulfilmentTime(db, callerOf(request), request.query)),
  });

  r.get('/reports/in-transit', {
    schema: {
      tags: ['Reports'],
      summary: 'Shipped orders not yet received per store, by days since shipment (0-2, 3-7, 8+)',
      response: { 200: replySchema(z.array(inTransitRowSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await inTransit(db, callerOf(request))),
  });
}

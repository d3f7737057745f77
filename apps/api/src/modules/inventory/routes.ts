import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import { orderSchema } from '@portal/contract/resources/orders';
import {
  adjustmentReportRowSchema,
  discrepancySchema,
  fulfilInput,
  inventoryItemSchema,
  inventoryItemsInput,
  manifestCheckSchema,
  orderSummarySchema,
  pickListSchema,
  productSerialSchema,
  receiveInput,
  receiveResultSchema,
  resolveInput,
  serialText,
  stockLocationSchema,
  stockMovementSchema,
  stockOnHandSchema,
  stockValueRowSchema,
  warehouseInput,
  warehouseReportRangeSchema,
} from '@portal/contract/inventory';
import { productKind } from '@portal/contract/resources/catalog';
import { shopKinds, shopProductSchema, shopQuery } from '@portal/contract/shop';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import {
  addItems,
  checkReceipt,
  createWarehouse,
  discrepancyOf,
  fulfilOrder,
  listItems,
  listLocations,
  listMovements,
  orderQueue,
  pickList,
  productSerial,
  receiveOrder,
  resolveDiscrepancy,
  stockOnHand,
} from './stock.ts';
import { shopPage } from './shop.ts';
import { adjustmentsReport, stockValue } from './reports.ts';
import { reconRoutes } from './recon.ts';

const tags = ['Inventory'];
const errors = errorReplies(400, 403, 404, 409);
const optionalId = z.coerce.number().int().positive().optional();
const page = {
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
};

/** Stock (locations, serialised units, on hand, movements), fulfilment and receiving. */
export function inventoryRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/stock-locations', {
    schema: {
      tags,
      summary: "The company's warehouses, stores and in-transit locations",
      response: { 200: replySchema(z.array(stockLocationSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await listLocations(db, callerOf(request))),
  });

  r.post('/stock-locations', {
    schema: {
      tags,
      summary: 'Add a warehouse',
      body: warehouseInput,
      response: { 200: replySchema(stockLocationSchema), ...errors },
    },
    config: { access: 'write_order_fulfillment' },
    handler: async (request) =>
      ok('Warehouse added', await createWarehouse(db, callerOf(request), request.body.name)),
  });

  r.get('/inventory-items', {
    schema: {
      tags,
      summary: 'Serialised units (filter by location, product, part of a serial)',
      querystring: z.object({
        location_id: optionalId,
        product_id: optionalId,
        search: z.string().trim().max(64).optional(),
        ...page,
      }),
      response: { 200: replySchema(listDataSchema(inventoryItemSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await listItems(db, callerOf(request), request.query)),
  });

  r.post('/inventory-items', {
    schema: {
      tags,
      summary: 'Add units of one product to a warehouse or store (one movement each)',
      body: inventoryItemsInput,
      response: { 200: replySchema(z.array(inventoryItemSchema)), ...errors },
    },
    config: { access: 'write_order_fulfillment' },
    handler: async (request) =>
      ok('Inventory added', await addItems(db, callerOf(request), request.body)),
  });

  r.get('/stock-on-hand', {
    schema: {
      tags,
      summary: 'Units on hand per location and product',
      querystring: z.object({ location_id: optionalId, product_id: optionalId }),
      response: { 200: replySchema(z.array(stockOnHandSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await stockOnHand(db, callerOf(request), request.query)),
  });

  r.get('/stock-movements', {
    schema: {
      tags,
      summary: 'Every change of a unit’s place (what, from, to, why, who, when)',
      querystring: z.object({ serial: serialText.optional(), order_id: optionalId, ...page }),
      response: { 200: replySchema(listDataSchema(stockMovementSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await listMovements(db, callerOf(request), request.query)),
  });

  r.get('/product-serials', {
    schema: {
      tags,
      summary: 'Where a serial is and its history',
      querystring: z.object({ serial: serialText }),
      response: { 200: replySchema(productSerialSchema), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) =>
      ok('', await productSerial(db, callerOf(request), request.query.serial)),
  });

  for (const kind of productKind.options) {
    r.get(shopKinds[kind].shop, {
      schema: {
        tags: ['Shop'],
        summary: `The shop's ${shopKinds[kind].title.toLowerCase()}: search, manufacturer, category, warehouse stock`,
        querystring: shopQuery,
        response: { 200: replySchema(listDataSchema(shopProductSchema)), ...errors },
      },
      config: { access: 'write_orders' },
      handler: async (request) =>
        ok('', await shopPage(db, callerOf(request), kind, request.query)),
    });
  }

  const queueQuery = z.object({ kind: productKind.optional() });

  r.get('/unfulfilled-orders', {
    schema: {
      tags,
      summary: 'Orders waiting for the warehouse (submitted, pending shipment)',
      querystring: queueQuery,
      response: { 200: replySchema(z.array(orderSummarySchema)), ...errors },
    },
    config: { access: 'write_order_fulfillment' },
    handler: async (request) =>
      ok('', await orderQueue(db, callerOf(request), false, request.query.kind)),
  });

  r.get('/fulfilled-orders', {
    schema: {
      tags,
      summary: 'Orders shipped (in transit, under review, received)',
      querystring: queueQuery,
      response: { 200: replySchema(z.array(orderSummarySchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) =>
      ok('', await orderQueue(db, callerOf(request), true, request.query.kind)),
  });

  r.get('/fulfill-order/:id', {
    schema: {
      tags,
      summary: "An order's pick list: ordered, shipped and in the warehouse per product",
      params: idParamsSchema,
      response: { 200: replySchema(pickListSchema), ...errors },
    },
    config: { access: 'write_order_fulfillment' },
    handler: async (request) => ok('', await pickList(db, callerOf(request), request.params.id)),
  });

  r.post('/fulfill-order/:id', {
    schema: {
      tags,
      summary: 'Ship the picked serials: they leave the warehouse for the order in transit',
      params: idParamsSchema,
      body: fulfilInput,
      response: { 200: replySchema(orderSchema), ...errors },
    },
    config: { access: 'write_order_fulfillment' },
    handler: async (request) => {
      const shipped = await fulfilOrder(db, callerOf(request), request.params.id, request.body);
      return ok(
        shipped.backorder_id === null
          ? 'Order shipped'
          : `Order shipped; the rest is on backorder #${shipped.backorder_id}`,
        shipped.order,
      );
    },
  });

  r.post('/receive-order/:id/check', {
    schema: {
      tags,
      summary: 'Scanned serials against the manifest (matched, missing, unexpected, wrong product)',
      params: idParamsSchema,
      body: receiveInput,
      response: { 200: replySchema(manifestCheckSchema), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) =>
      ok('', await checkReceipt(db, callerOf(request), request.params.id, request.body.serials)),
  });

  r.post('/receive-order/:id', {
    schema: {
      tags,
      summary: 'Receive an order against its manifest (received, or under review)',
      params: idParamsSchema,
      body: receiveInput,
      response: { 200: replySchema(receiveResultSchema), ...errors },
    },
    config: { access: 'write_orders' },
    handler: async (request) => {
      const result = await receiveOrder(
        db,
        callerOf(request),
        request.params.id,
        request.body.serials,
      );
      return ok(result.status === 'received' ? 'Order received' : 'Order under review', result);
    },
  });

  r.get('/order-discrepancies/:id', {
    schema: {
      tags,
      summary: "An order's discrepancy (by order id)",
      params: idParamsSchema,
      response: { 200: replySchema(discrepancySchema), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) =>
      ok('', await discrepancyOf(db, callerOf(request), request.params.id)),
  });

  r.post('/order-discrepancies/:id/resolve', {
    schema: {
      tags,
      summary: "Resolve an order's discrepancy (re-ship, credit or accept); the order is received",
      params: idParamsSchema,
      body: resolveInput,
      response: { 200: replySchema(discrepancySchema), ...errors },
    },
    config: { access: 'write_order_fulfillment' },
    handler: async (request) =>
      ok(
        'Discrepancy resolved',
        await resolveDiscrepancy(db, callerOf(request), request.params.id, request.body.resolution),
      ),
  });

  r.get('/reports/stock-on-hand', {
    schema: {
      tags: ['Reports'],
      summary: 'Stock on hand and its value by location and product (at cost and at price)',
      response: { 200: replySchema(z.array(stockValueRowSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) => ok('', await stockValue(db, callerOf(request))),
  });

  r.get('/reports/adjustments', {
    schema: {
      tags: ['Reports'],
      summary:
        'Stock and price adjustments in a date range, with reason, who and quantity or amount',
      description:
        'from and to are days (YYYY-MM-DD, UTC, both included); without them, the last 30 days.',
      querystring: warehouseReportRangeSchema,
      response: { 200: replySchema(z.array(adjustmentReportRowSchema)), ...errors },
    },
    config: { access: 'read_orders' },
    handler: async (request) =>
      ok('', await adjustmentsReport(db, callerOf(request), request.query)),
  });

  reconRoutes(app, db);
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  storeLocationSchema,
  storeReportRequestSchema,
  storeReportSchema,
  storesAllSchema,
  storeTimeStatusSchema,
} from '@portal/contract/resources/store-views';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { storeService } from './services.ts';
import { allStoresByDistrict, storeClock, storeLocations, storeReport } from './stores.ts';

const errors = errorReplies(400, 403, 404, 460);
const tags = ['Stores'];

/** Store routes beyond CRUD (SPEC.md section 7): all, locations/all, time_status, report. */
export function organisationRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/stores/all', {
    schema: {
      tags,
      summary: "The company's active stores grouped by district (the store switcher)",
      response: { 200: replySchema(storesAllSchema), ...errors },
    },
    config: { access: 'read_stores' },
    handler: async (request) => ok('', await allStoresByDistrict(db, callerOf(request))),
  });

  r.get('/stores/locations/all', {
    schema: {
      tags,
      summary: "The company's active stores with address, district and region",
      response: { 200: replySchema(listDataSchema(storeLocationSchema)), ...errors },
    },
    config: { access: 'read_stores' },
    handler: async (request) => {
      const results = await storeLocations(db, callerOf(request));
      return ok('', { results, total: results.length });
    },
  });

  r.get('/stores/time_status/:id', {
    schema: {
      tags,
      summary: "A store's local time now and whether it is open",
      params: idParamsSchema,
      response: { 200: replySchema(storeTimeStatusSchema), ...errors },
    },
    config: { access: 'read_stores' },
    handler: async (request) => {
      const store = await storeService.get(db, callerOf(request), request.params.id);
      return ok(
        '',
        storeClock(new Date(), {
          id: store.id,
          time_zone: String(store.time_zone),
          opens_at: typeof store.opens_at === 'string' ? store.opens_at : null,
          closes_at: typeof store.closes_at === 'string' ? store.closes_at : null,
        }),
      );
    },
  });

  r.post('/stores/report', {
    schema: {
      tags,
      summary: 'Store counts, active and inactive, by district and region',
      body: storeReportRequestSchema,
      response: { 200: replySchema(storeReportSchema), ...errors },
    },
    config: { access: 'read_stores' },
    handler: async (request) => ok('', await storeReport(db, callerOf(request), request.body)),
  });
}

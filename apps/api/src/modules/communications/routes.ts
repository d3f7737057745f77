import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeInputSchema,
  acknowledgementSchema,
  boardBulletinSchema,
  bulletinMessages,
  bulletinVersionSchema,
  ratesQuerySchema,
  ratesSchema,
} from '@portal/contract/communications';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { ratesOf } from './audience.ts';
import { sendRoutes } from './sends.ts';
import { communicationSettingsRoutes } from './settings.ts';
import {
  acknowledge,
  boardOf,
  bulletinService,
  bulletinsForRates,
  versionsOf,
} from './services.ts';

const tags = ['Communications'];

/** The bulletin board, acknowledgements, versions and rates (issue 18 item 7). */
export function communicationRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  communicationSettingsRoutes(app, db);
  sendRoutes(app, db);

  r.get('/bulletin-board', {
    schema: {
      tags,
      summary: 'The caller’s bulletins: active ones aimed at them, those waiting first',
      response: { 200: replySchema(listDataSchema(boardBulletinSchema)), ...errorReplies(403) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const results = await boardOf(db, callerOf(request));
      return ok('', { results, total: results.length });
    },
  });

  r.post('/bulletins/:id/acknowledge', {
    schema: {
      tags,
      summary:
        'Acknowledge the version read (400 on a wrong or missing answer, 409 on a newer version or a second time)',
      params: idParamsSchema,
      body: acknowledgeInputSchema,
      response: {
        200: replySchema(acknowledgementSchema),
        ...errorReplies(400, 403, 404, 409),
      },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const done = await acknowledge(db, callerOf(request), request.params.id, request.body);
      return ok(bulletinMessages.acknowledged, done);
    },
  });

  r.get('/bulletins/:id/versions', {
    schema: {
      tags,
      summary: 'A bulletin’s versions, newest first, with how many acknowledged each',
      params: idParamsSchema,
      response: {
        200: replySchema(listDataSchema(bulletinVersionSchema)),
        ...errorReplies(403, 404),
      },
    },
    config: { access: 'read_bulletins' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const bulletin = await bulletinService.get(db, ctx, request.params.id);
      const results = await versionsOf(db, Number(bulletin.company_id), request.params.id);
      return ok('', { results, total: results.length });
    },
  });

  r.get('/bulletin-rates', {
    schema: {
      tags,
      summary:
        'Acknowledgement of current versions by region, district and store (one bulletin, or every active one)',
      querystring: ratesQuerySchema,
      response: { 200: replySchema(ratesSchema), ...errorReplies(400, 403, 404) },
    },
    config: { access: 'read_bulletins' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const list = await bulletinsForRates(db, ctx, request.query.bulletin_id);
      return ok('', await ratesOf(db, ctx.companyId, list));
    },
  });
}

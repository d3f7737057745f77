import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  moduleFieldBulkUpdateSchema,
  moduleFieldMessages,
  moduleFieldSchema,
  publicModuleFieldSchema,
  publicModuleFieldsQuerySchema,
} from '@portal/contract/resources/module-fields';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { ok } from '../../platform/reply.ts';
import { bulkUpdateModuleFields, publicModuleFields } from './services.ts';

export function fieldRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch('/module-fields-admin/update/bulk', {
    schema: {
      tags: ['Module Fields'],
      summary: 'Update many module fields at once (all or nothing)',
      body: moduleFieldBulkUpdateSchema,
      response: {
        200: replySchema(listDataSchema(moduleFieldSchema)),
        400: errorReplySchema,
        403: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'write_module_fields' },
    handler: async (request) => {
      const rows = await bulkUpdateModuleFields(db, callerOf(request), request.body);
      return ok(moduleFieldMessages.bulkUpdated, {
        results: rows.map((row) => moduleFieldSchema.parse(row)),
        total: rows.length,
      });
    },
  });

  // Public forms (contact us, ticket centre) ask which fields a company shows, before any login.
  r.get('/public/module-fields-admin', {
    schema: {
      tags: ['Module Fields'],
      summary: "A company's visible module fields, for its public forms",
      querystring: publicModuleFieldsQuerySchema,
      response: {
        200: replySchema(listDataSchema(publicModuleFieldSchema)),
        400: errorReplySchema,
        404: errorReplySchema,
        429: errorReplySchema,
      },
    },
    config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request) => {
      const results = await publicModuleFields(db, request.query.company_id, request.query.module);
      return ok('', { results, total: results.length });
    },
  });
}

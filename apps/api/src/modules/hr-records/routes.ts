import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import { signedUploadSchema, signUploadRequestSchema } from '@portal/contract/uploads';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { requestOrigin, type Uploads } from '../../platform/uploads.ts';
import { getEmployee } from '../hr/api.ts';
import { DOCUMENTS_FOLDER } from './records.ts';

/**
 * The one route of the record tabs beside the engine's: a signed upload URL for a document of the
 * employee (the file is then attached with `POST /employees/:id/documents`).
 */
export function documentUploadRoute(app: FastifyInstance, db: Database, uploads: Uploads) {
  app.withTypeProvider<ZodTypeProvider>().post('/employees/:id/documents/sign', {
    schema: {
      tags: ['Documents'],
      summary: 'Sign an upload URL for a document of the employee',
      params: z.object({ id: z.coerce.number().int().positive() }),
      body: signUploadRequestSchema,
      response: { 200: replySchema(signedUploadSchema), ...errorReplies(400, 403, 404, 460) },
    },
    config: { access: 'write_employees' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await getEmployee(db, ctx, request.params.id);
      return ok(
        '',
        uploads.sign({
          companyId: ctx.companyId,
          folder: DOCUMENTS_FOLDER,
          fileName: request.body.file_name,
          contentType: request.body.file_type,
          origin: requestOrigin(request),
        }),
      );
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  USER_DISABLE_PATH,
  USER_ENABLE_PATH,
  userBulkUploadRequestSchema,
  userBulkUploadResultSchema,
  userStatusMessages,
} from '@portal/contract/resources/user-admin';
import { userSchema } from '@portal/contract/resources/users';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { bulkUploadUsers } from './bulk-upload.ts';
import { setUserEnabled } from './status.ts';

const errors = errorReplies(400, 403, 404, 409, 460);

/** The CSV travels inside JSON; a 1,000-row file fits well under this. */
const BULK_UPLOAD_BODY_LIMIT = 3 * 1024 * 1024;

export function userRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, enabled] of [
    [USER_ENABLE_PATH, true],
    [USER_DISABLE_PATH, false],
  ] as const) {
    r.patch(`${path}/:id`, {
      schema: {
        tags: ['Users'],
        summary: enabled ? 'Enable a user' : 'Disable a user (ends their sessions)',
        params: idParamsSchema,
        response: { 200: replySchema(userSchema), ...errors },
      },
      config: { access: 'write_users' },
      handler: async (request) => {
        const user = await setUserEnabled(db, callerOf(request), request.params.id, enabled);
        return ok(
          enabled ? userStatusMessages.enabled : userStatusMessages.disabled,
          userSchema.parse(user),
        );
      },
    });
  }

  r.post('/user-bulk-upload', {
    schema: {
      tags: ['Users'],
      summary:
        'Create users from a CSV: preview reports per-line errors, commit writes all or none',
      body: userBulkUploadRequestSchema,
      response: { 200: replySchema(userBulkUploadResultSchema), ...errors },
    },
    bodyLimit: BULK_UPLOAD_BODY_LIMIT,
    config: { access: 'write_users' },
    handler: async (request) => {
      const { message, result } = await bulkUploadUsers(db, callerOf(request), request.body);
      return ok(message, result);
    },
  });
}

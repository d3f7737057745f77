import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import { userRolesSchema } from '@portal/contract/resources/user-admin';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { ok } from '../../platform/reply.ts';
import { assignableRoles } from './assignable.ts';

export function accessRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/user-roles', {
    schema: {
      tags: ['Roles'],
      summary: 'The roles and base roles the caller may give',
      response: {
        200: replySchema(userRolesSchema),
        403: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'read_roles' },
    handler: async (request) => ok('', await assignableRoles(db, callerOf(request))),
  });
}

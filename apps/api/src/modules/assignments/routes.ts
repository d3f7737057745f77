import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import { assignedStoreSchema } from '@portal/contract/resources/assignments';
import { callerOf } from '../../platform/access.ts';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { storesOfUser } from './services.ts';

const errors = errorReplies(400, 403, 404, 460);

/** Anyone may read their own stores (the store switcher); other users' need read_user_stores. */
function assertMayRead(ctx: RequestContext, userId: number) {
  if (userId !== ctx.userId && !hasPermission(ctx, 'read_user_stores')) throw AppError.forbidden();
}

export function assignmentRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/user-stores/users/:id', {
    schema: {
      tags: ['User Stores'],
      summary: "A user's stores, primary first (the store switcher's list)",
      params: idParamsSchema,
      response: { 200: replySchema(listDataSchema(assignedStoreSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      assertMayRead(ctx, request.params.id);
      const results = await storesOfUser(db, ctx, request.params.id);
      return ok('', { results, total: results.length });
    },
  });

  r.get('/user-stores/primary-locations/:id', {
    schema: {
      tags: ['User Stores'],
      summary: "A user's primary store, or null when none is marked primary",
      params: idParamsSchema,
      response: { 200: replySchema(assignedStoreSchema.nullable()), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      assertMayRead(ctx, request.params.id);
      const [primary] = await storesOfUser(db, ctx, request.params.id, true);
      return ok('', primary ?? null);
    },
  });
}

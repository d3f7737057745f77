import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import { sidebarNodeSchema } from '@portal/contract/resources/navigation';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { loadSidebarTree } from './sidebar.ts';

export function navigationRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/sidebar', {
    schema: {
      tags: ['Sidebar Items'],
      summary: "The caller's sidebar as a tree, filtered by their permissions",
      response: { 200: replySchema(z.array(sidebarNodeSchema)), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      return ok('', await loadSidebarTree(db, ctx.companyId, ctx.permissions, isSuperAdmin(ctx)));
    },
  });
}

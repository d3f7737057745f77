import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import { embedSchema, embedSlug, sidebarNodeSchema } from '@portal/contract/resources/navigation';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { embedBySlug } from './services.ts';
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

  app.withTypeProvider<ZodTypeProvider>().get('/embeds/slug/:slug', {
    schema: {
      tags: ['Embeds'],
      summary: "An embed by its slug (the /e/{slug} page), in the caller's company",
      params: z.strictObject({ slug: embedSlug }),
      response: {
        200: replySchema(embedSchema),
        400: errorReplySchema,
        403: errorReplySchema,
        404: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'read_embeds' },
    handler: async (request) =>
      ok('', await embedBySlug(db, callerOf(request), request.params.slug)),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aliasedTable, and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { errorReplySchema, listDataSchema, replySchema } from '@portal/contract/envelope';
import { securityEventQuerySchema, securityEventSchema } from '@portal/contract/security-events';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { ok } from '../../platform/reply.ts';
import { securityEvents } from '../../platform/schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { users } from './schema.ts';

const subject = aliasedTable(users, 'subject');
const actor = aliasedTable(users, 'actor');
const fullName = (table: typeof users) =>
  sql<string | null>`nullif(trim(${table.first_name} || ' ' || ${table.last_name}), '')`;

/**
 * GET /security-events: newest first, for the company's admins (`write_roles`: those who manage
 * roles and permissions); the super admin sees every company's, and failed sign-ins to unknown
 * emails. Filters: kind, user_id, user (part of the account's name or email), from/to (UTC days).
 */
export function securityEventRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/security-events', {
    schema: {
      tags: ['Security'],
      summary:
        'Security events: sign-ins, failures, lockouts, password, email, role and permission changes',
      querystring: securityEventQuerySchema,
      response: {
        200: replySchema(listDataSchema(securityEventSchema)),
        400: errorReplySchema,
        403: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'write_roles' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { page, perPage, kind, user_id, user, from, to } = request.query;
      const like = user ? `%${user.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = and(
        isSuperAdmin(ctx) ? undefined : tenantScope(securityEvents, ctx),
        kind ? eq(securityEvents.kind, kind) : undefined,
        user_id ? eq(securityEvents.user_id, user_id) : undefined,
        like
          ? or(
              ilike(securityEvents.email, like),
              ilike(subject.email, like),
              ilike(fullName(subject), like),
            )
          : undefined,
        from ? gte(securityEvents.created_at, sql`${from}::date`) : undefined,
        to ? lt(securityEvents.created_at, sql`${to}::date + 1`) : undefined,
      );
      const rows = await db
        .select({
          id: securityEvents.id,
          company_id: securityEvents.company_id,
          kind: securityEvents.kind,
          user_id: securityEvents.user_id,
          actor_id: securityEvents.actor_id,
          user_name: fullName(subject),
          actor_name: fullName(actor),
          email: securityEvents.email,
          ip: securityEvents.ip,
          detail: securityEvents.detail,
          created_at: securityEvents.created_at,
        })
        .from(securityEvents)
        .leftJoin(subject, tenantJoin(subject, securityEvents.company_id, securityEvents.user_id))
        .leftJoin(actor, tenantJoin(actor, securityEvents.company_id, securityEvents.actor_id))
        .where(where)
        .orderBy(desc(securityEvents.id))
        .limit(perPage)
        .offset(page * perPage);
      const [total] = await db
        .select({ total: count() })
        .from(securityEvents)
        .leftJoin(subject, tenantJoin(subject, securityEvents.company_id, securityEvents.user_id))
        .where(where);
      return ok('', {
        results: rows.map((row) => securityEventSchema.parse(row)),
        total: Number(total?.total ?? 0),
      });
    },
  });
}

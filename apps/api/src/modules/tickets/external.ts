import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import { transitionBodySchema } from '@portal/contract/resource';
import {
  EXTERNAL_TICKETS_PERMISSION,
  externalTicketListSchema,
  externalTicketQuerySchema,
  ticketCommentInputSchema,
  ticketCommentSchema,
  ticketMessages,
  ticketSchema,
  ticketSlaSchema,
  ticketStatusMachine,
  ticketWaitSchema,
  type ExternalQueue,
} from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import type { Uploads } from '../../platform/uploads.ts';
import { storesServedBy } from '../assignments/api.ts';
import { namesOf } from '../users/api.ts';
import { attachmentRoutes } from './attachments.ts';
import { addComment, commentsOf } from './comments.ts';
import { tickets } from './schema.ts';
import { ticketService } from './services.ts';
import { slaOf, waitReason } from './sla.ts';

const tags = ['External ticket center'];
const BASE = '/external/ticket-center/tickets';
const ACTIVE = ['new', 'open', 'pending'];

/**
 * The ticket rights an external agent works a ticket with, once the ticket is known to be in their
 * scope: the same engine calls as the ticket center (statuses, history, comments, SLA), so every
 * move is recorded with the agent as its author, like any other ticket action.
 */
const working = (ctx: RequestContext): RequestContext => ({
  ...ctx,
  permissions: { ...ctx.permissions, read_tickets: true, write_tickets: true },
});

/**
 * An agent's scope: the company's tickets assigned to them or at a store they are assigned to
 * (user_stores). Nothing else exists for them: a ticket outside it is a 404.
 */
async function scopeOf(db: Database, ctx: RequestContext) {
  const stores = await storesServedBy(db, ctx.companyId, ctx.userId);
  const storeIds = stores.map((store) => store.id);
  const where = and(
    tenantScope(tickets, ctx),
    or(
      eq(tickets.assignee_id, ctx.userId),
      storeIds.length ? inArray(tickets.store_id, storeIds) : undefined,
    ),
  );
  return { stores, storeIds, where: where ?? sql`false` };
}

/** 404 unless the ticket is in the caller's scope. */
async function assertInScope(db: Database, ctx: RequestContext, id: number) {
  const { where } = await scopeOf(db, ctx);
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(where, eq(tickets.id, id)));
  if (!row) throw AppError.notFound('Ticket');
}

export function externalTicketRoutes(app: FastifyInstance, db: Database, uploads: Uploads) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: EXTERNAL_TICKETS_PERMISSION } as const;

  attachmentRoutes(app, db, uploads, {
    base: BASE,
    tags,
    read: EXTERNAL_TICKETS_PERMISSION,
    write: EXTERNAL_TICKETS_PERMISSION,
    assertMay: (ctx, id) => assertInScope(db, ctx, id),
  });

  r.get(BASE, {
    schema: {
      tags,
      summary: 'Tickets assigned to the agent or at their stores, by queue (active ones)',
      description:
        'Queues: all, mine (assigned to me), stores (at my stores), breached (an SLA clock ran ' +
        'out). Active tickets (new, open, pending) first, the one falling due first on top.',
      querystring: externalTicketQuerySchema,
      response: { 200: replySchema(externalTicketListSchema), ...errorReplies(400, 403) },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      const query = request.query;
      const { stores, storeIds, where } = await scopeOf(db, ctx);
      const nowIso = new Date().toISOString();
      const active = inArray(tickets.status, ACTIVE);
      const queues: Record<ExternalQueue, SQL | undefined> = {
        all: undefined,
        mine: eq(tickets.assignee_id, ctx.userId),
        stores: storeIds.length ? inArray(tickets.store_id, storeIds) : sql`false`,
        breached: and(active, or(tickets.sla_breached, lte(tickets.sla_due_at, nowIso))),
      };
      const term = query.search && `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
      const asked = and(
        queues[query.queue],
        query.status ? eq(tickets.status, query.status) : undefined,
        term ? or(ilike(tickets.subject, term), ilike(tickets.detail, term)) : undefined,
      );
      const filtered = and(where, asked);
      const page = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(filtered)
        .orderBy(
          sql`(${tickets.status} in ('new', 'open', 'pending')) desc`,
          sql`${tickets.sla_due_at} asc nulls last`,
          desc(tickets.id),
        )
        .limit(query.per_page)
        .offset(query.page * query.per_page);
      const countOf = async (condition: SQL | undefined) => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(and(where, condition));
        return row?.n ?? 0;
      };
      const total = await countOf(asked);
      const work = working(ctx);
      const results = [];
      // Each row as the ticket center presents it (names, allowed moves); a page is at most 50.
      for (const { id } of page)
        results.push(ticketSchema.parse(await ticketService.get(db, work, id)));
      return ok('', {
        results,
        total,
        counts: {
          all: await countOf(active),
          mine: await countOf(and(active, queues.mine)),
          stores: await countOf(and(active, queues.stores)),
          breached: await countOf(queues.breached),
        },
        stores: stores.sort((a, b) => a.name.localeCompare(b.name)),
      });
    },
  });

  r.get(`${BASE}/:id`, {
    schema: {
      tags,
      summary: 'One ticket of the agent’s scope (404 outside it)',
      params: idParamsSchema,
      response: { 200: replySchema(ticketSchema), ...errorReplies(403, 404) },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertInScope(db, ctx, request.params.id);
      return ok(
        '',
        ticketSchema.parse(await ticketService.get(db, working(ctx), request.params.id)),
      );
    },
  });

  r.post(`${BASE}/:id/transition`, {
    schema: {
      tags,
      summary: 'Move a ticket of the agent’s scope along its statuses (409 for other moves)',
      params: idParamsSchema,
      body: transitionBodySchema,
      response: { 200: replySchema(ticketSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertInScope(db, ctx, request.params.id);
      const row = await ticketService.transition(db, working(ctx), request.params.id, request.body);
      return ok(ticketStatusMachine.messages.moved, ticketSchema.parse(row));
    },
  });

  r.post(`${BASE}/:id/wait`, {
    schema: {
      tags,
      summary:
        'Move a ticket of the agent’s scope to pending, with the reason its clocks pause for',
      params: idParamsSchema,
      body: ticketWaitSchema,
      response: { 200: replySchema(ticketSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertInScope(db, ctx, request.params.id);
      const work = working(ctx);
      const { reason } = request.body;
      await waitReason.run(reason, () =>
        ticketService.transition(db, work, request.params.id, { to: 'pending', note: reason }),
      );
      const row = await ticketService.get(db, work, request.params.id);
      return ok(ticketStatusMachine.messages.moved, ticketSchema.parse(row));
    },
  });

  r.get(`${BASE}/:id/sla`, {
    schema: {
      tags,
      summary: 'A ticket’s SLA clocks (the ticket center’s, for a ticket of the agent’s scope)',
      params: idParamsSchema,
      response: { 200: replySchema(ticketSlaSchema), ...errorReplies(403, 404) },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertInScope(db, ctx, request.params.id);
      return ok('', await slaOf(db, ctx.companyId, request.params.id, Date.now()));
    },
  });

  r.get(`${BASE}/:id/comments`, {
    schema: {
      tags,
      summary: 'A ticket’s comments, oldest first',
      params: idParamsSchema,
      response: {
        200: replySchema(listDataSchema(ticketCommentSchema)),
        ...errorReplies(403, 404),
      },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertInScope(db, ctx, request.params.id);
      const results = await commentsOf(db, ctx.companyId, request.params.id, uploads.fileUrl);
      return ok('', { results, total: results.length });
    },
  });

  r.post(`${BASE}/:id/comments`, {
    schema: {
      tags,
      summary: 'Comment on a ticket of the agent’s scope (409 once it is closed)',
      params: idParamsSchema,
      body: ticketCommentInputSchema,
      response: { 200: replySchema(ticketCommentSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: access,
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertInScope(db, ctx, request.params.id);
      const names = await namesOf(db, ctx.companyId, [ctx.userId]);
      const comment = await db.transaction((tx) =>
        addComment(
          tx,
          ctx.companyId,
          request.params.id,
          {
            authorId: ctx.userId,
            authorName: names.get(ctx.userId) ?? 'Call center',
            body: request.body.body,
            fromPublicLink: false,
          },
          { uploads, keys: request.body.attachments },
        ),
      );
      return ok(ticketMessages.commentAdded, comment);
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema, type ListQuery } from '@portal/contract/list-query';
import {
  slaClocks,
  slaTrackerQuerySchema,
  slaTrackerSchema,
  ticketCommentInputSchema,
  ticketCommentSchema,
  ticketDashboardSchema,
  ticketMessages,
  ticketSchema,
  ticketSlaSchema,
  ticketStatuses,
  ticketStatusMachine,
  ticketWaitSchema,
  type SlaTrackerRow,
  type TicketStatus,
} from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import type { Uploads } from '../../platform/uploads.ts';
import { districtRegionOf, placeIdsIn, placeNameOf, storeDistrictOf } from '../organisation/api.ts';
import { namesOf } from '../users/api.ts';
import { attachmentRoutes } from './attachments.ts';
import { addComment, commentsOf } from './comments.ts';
import { ticketPriorities, tickets } from './schema.ts';
import { ticketService } from './services.ts';
import { slaOf, waitReason } from './sla.ts';

const tags = ['Tickets'];
const ACTIVE: readonly TicketStatus[] = ['new', 'open', 'pending'];
const QUEUE_SIZE = 50;
const dashboardRow = ticketSchema.omit({ allowed_transitions: true });

/** Active tickets matching `filter` (new, open, pending), newest first, and how many there are. */
async function queue(db: Database, ctx: RequestContext, filter: Record<string, string>) {
  const rows: z.output<typeof dashboardRow>[] = [];
  let total = 0;
  for (const status of ACTIVE) {
    const query: ListQuery = {
      page: 0,
      perPage: QUEUE_SIZE,
      sort: '-id',
      filter: { ...filter, status },
    };
    const page = await ticketService.list(db, ctx, query);
    total += page.total;
    rows.push(...page.results.map((row) => dashboardRow.parse(row)));
  }
  rows.sort((a, b) => b.id - a.id);
  return { rows: rows.slice(0, QUEUE_SIZE), total };
}

/** The district and region a ticket belongs to: its own, else its store's (SQL). */
const districtOfTicket = sql<
  number | null
>`coalesce(${tickets.district_id}, ${storeDistrictOf(tickets.company_id, tickets.store_id)})`;
const regionOfTicket = sql<
  number | null
>`coalesce(${tickets.region_id}, ${districtRegionOf(tickets.company_id, districtOfTicket)})`;

/**
 * GET /sla-tracker: the company's active tickets with an SLA clock, the one falling due first on
 * top (breached ones first of all), then the paused ones (their minutes left frozen); filtered by
 * store, district or region (a ticket's own, or its store's).
 */
async function slaTracker(
  db: Database,
  ctx: RequestContext,
  query: z.output<typeof slaTrackerQuerySchema>,
  now = Date.now(),
) {
  const nowIso = new Date(now).toISOString();
  const breachedNow = or(
    lte(tickets.sla_due_at, nowIso),
    and(tickets.sla_paused, sql`${tickets.sla_left_minutes} < 0`),
  );
  // A ticket's district is its own, else its store's; its region its own, else its district's.
  const places = await placeIdsIn(db, ctx.companyId, query);
  const inIds = (column: AnyPgColumn, ids: number[]) =>
    ids.length ? inArray(column, ids) : sql`false`;
  const inDistrict = (districtIds: number[], storeIds: number[]) =>
    or(
      inIds(tickets.district_id, districtIds),
      and(isNull(tickets.district_id), inIds(tickets.store_id, storeIds)),
    );
  const conditions: (SQL | undefined)[] = [
    tenantScope(tickets, ctx),
    inArray(tickets.status, ['new', 'open', 'pending']),
    or(isNotNull(tickets.sla_due_at), isNotNull(tickets.sla_left_minutes)),
    query.store_id ? eq(tickets.store_id, query.store_id) : undefined,
    query.district_id && !query.region_id
      ? inDistrict(places.districtIds, places.storeIds)
      : undefined,
    query.region_id
      ? or(
          eq(tickets.region_id, query.region_id),
          and(isNull(tickets.region_id), inDistrict(places.districtIds, places.storeIds)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const filtered =
    query.breached === 'true'
      ? and(where, breachedNow)
      : query.breached === 'false'
        ? and(where, sql`not coalesce(${breachedNow}, false)`)
        : where;
  const rows = await db
    .select({
      id: tickets.id,
      subject: tickets.subject,
      status: tickets.status,
      priority_name: ticketPriorities.name,
      store_id: tickets.store_id,
      store_name: placeNameOf('store', tickets.company_id, tickets.store_id),
      district_name: placeNameOf('district', tickets.company_id, districtOfTicket),
      region_name: placeNameOf('region', tickets.company_id, regionOfTicket),
      assignee_id: tickets.assignee_id,
      clock: tickets.sla_clock,
      due_at: tickets.sla_due_at,
      left: tickets.sla_left_minutes,
      paused: tickets.sla_paused,
    })
    .from(tickets)
    .leftJoin(
      ticketPriorities,
      and(
        tenantScope(ticketPriorities, tickets.company_id),
        eq(ticketPriorities.id, tickets.priority_id),
      ),
    )
    .where(filtered)
    // The partial index (company_id, sla_due_at, id) gives this order; paused tickets (no due
    // time) follow by id.
    .orderBy(sql`${tickets.sla_due_at} asc nulls last`, asc(tickets.id))
    .limit(query.per_page)
    .offset(query.page * query.per_page);
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      breached: sql<number>`(count(*) filter (where ${breachedNow}))::int`,
    })
    .from(tickets)
    .where(filtered);
  const names = await namesOf(
    db,
    ctx.companyId,
    rows.map((row) => row.assignee_id).filter((userId): userId is number => userId !== null),
  );
  const results = rows.map((row): SlaTrackerRow => {
    const left =
      row.due_at !== null ? Math.round((new Date(row.due_at).getTime() - now) / 60_000) : row.left;
    return {
      id: row.id,
      subject: row.subject,
      status: ticketStatuses.find((state) => state === row.status) ?? 'new',
      priority_name: row.priority_name,
      store_id: row.store_id,
      store_name: row.store_name,
      district_name: row.district_name,
      region_name: row.region_name,
      assignee_name: row.assignee_id === null ? null : (names.get(row.assignee_id) ?? null),
      clock: slaClocks.find((clock) => clock === row.clock) ?? null,
      due_at: row.due_at,
      minutes_left: left,
      paused: row.paused,
      breached: left !== null && left < 0,
    };
  });
  return { results, total: counts?.total ?? 0, breached: counts?.breached ?? 0 };
}

export function ticketRoutes(app: FastifyInstance, db: Database, uploads: Uploads) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  attachmentRoutes(app, db, uploads, {
    base: '/task-tickets',
    tags,
    read: 'read_tickets',
    write: 'write_tickets',
    assertMay: (ctx, id) => ticketService.get(db, ctx, id),
  });

  r.get('/ticket-center/dashboard', {
    schema: {
      tags,
      summary: 'My queue (assigned to me) and the unassigned tickets, active ones only',
      response: { 200: replySchema(ticketDashboardSchema), ...errorReplies(403) },
    },
    config: { access: 'read_tickets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const mine = await queue(db, ctx, { assignee_id: String(ctx.userId) });
      const unassigned = await queue(db, ctx, { assignee_id: 'null' });
      const open = await ticketService.count(db, ctx, {
        page: 0,
        perPage: 1,
        filter: { status: 'open' },
      });
      return ok('', {
        my_queue: mine.rows,
        unassigned: unassigned.rows,
        counts: { my_queue: mine.total, unassigned: unassigned.total, open: open.total },
      });
    },
  });

  r.get('/sla-tracker', {
    schema: {
      tags,
      summary: 'Active tickets by SLA time left (breached first), by store, district or region',
      querystring: slaTrackerQuerySchema,
      response: { 200: replySchema(slaTrackerSchema), ...errorReplies(400, 403) },
    },
    config: { access: 'read_tickets' },
    handler: async (request) => ok('', await slaTracker(db, callerOf(request), request.query)),
  });

  r.get('/task-tickets/:id/sla', {
    schema: {
      tags,
      summary: 'A ticket’s SLA clocks, derived from its event log',
      description:
        'First response, next response and resolution, as of `at` (default now): clock minutes ' +
        'spent, paused, the target of the ticket’s priority, due time and minutes left. Time counts ' +
        'in the store’s opening hours when it has them, in calendar time otherwise.',
      params: idParamsSchema,
      querystring: z.strictObject({
        at: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).optional(),
      }),
      response: { 200: replySchema(ticketSlaSchema), ...errorReplies(400, 403, 404) },
    },
    config: { access: 'read_tickets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const ticket = await ticketService.get(db, ctx, request.params.id);
      const at = request.query.at ? new Date(request.query.at).getTime() : Date.now();
      return ok('', await slaOf(db, Number(ticket.company_id), request.params.id, at));
    },
  });

  r.post('/task-tickets/:id/wait', {
    schema: {
      tags,
      summary: 'Move a ticket to pending with the reason its SLA clocks pause for',
      params: idParamsSchema,
      body: ticketWaitSchema,
      response: { 200: replySchema(ticketSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_tickets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { reason } = request.body;
      await waitReason.run(reason, () =>
        ticketService.transition(db, ctx, request.params.id, { to: 'pending', note: reason }),
      );
      // Read again: the SLA columns were refreshed after the engine's update returned the row.
      const row = await ticketService.get(db, ctx, request.params.id);
      return ok(ticketStatusMachine.messages.moved, ticketSchema.parse(row));
    },
  });

  r.get('/task-tickets/:id/comments', {
    schema: {
      tags,
      summary: 'A ticket’s comments, oldest first',
      params: idParamsSchema,
      response: {
        200: replySchema(listDataSchema(ticketCommentSchema)),
        ...errorReplies(403, 404),
      },
    },
    config: { access: 'read_tickets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const ticket = await ticketService.get(db, ctx, request.params.id);
      const results = await commentsOf(
        db,
        Number(ticket.company_id),
        request.params.id,
        uploads.fileUrl,
      );
      return ok('', { results, total: results.length });
    },
  });

  r.post('/task-tickets/:id/comments', {
    schema: {
      tags,
      summary: 'Comment on a ticket (409 once it is closed)',
      params: idParamsSchema,
      body: ticketCommentInputSchema,
      response: { 200: replySchema(ticketCommentSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_tickets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const ticket = await ticketService.get(db, ctx, request.params.id);
      const companyId = Number(ticket.company_id);
      const names = await namesOf(db, companyId, [ctx.userId]);
      const comment = await db.transaction((tx) =>
        addComment(
          tx,
          companyId,
          request.params.id,
          {
            authorId: ctx.userId,
            authorName: names.get(ctx.userId) ?? 'Staff',
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

import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { publicLinkMessages } from '@portal/contract/platform';
import {
  PUBLIC_TICKET_DAYS_AFTER_CLOSE,
  publicTicketCommentInputSchema,
  publicTicketSchema,
  ticketCommentSchema,
  ticketMessages,
  ticketStatuses,
  ticketStatusMachine,
  PUBLIC_TICKET_HOURLY_LIMIT,
  publicTicketCenterSchema,
  publicTicketMessages,
  publicTicketOpenedSchema,
  publicTicketOpenSchema,
  STORE_TICKET_LINK,
  storeTicketLinkInputSchema,
  storeTicketLinkSchema,
  type PublicTicket,
  type PublicTicketCenter,
} from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { definePublicLinkHandler, type ResolvedLink } from '../../platform/public-links.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { ticketChanged } from './events.ts';
import { publicLinks } from '../../platform/schema.ts';
import { asCompany, asSystem } from '../../platform/tenant-connection.ts';
import type { Uploads } from '../../platform/uploads.ts';
import { companyNameOf, storeHoursOf } from '../organisation/api.ts';
import { attachmentsOf } from './attachments.ts';
import { addComment, commentsOf } from './comments.ts';
import { tickets, ticketTypes } from './schema.ts';
import { recordEvent } from './sla.ts';

/** Links to a ticket name this resource and action: read it and comment, nothing else. */
export const TICKET_LINK = { resource: 'tickets', action: 'view' } as const;
const DAY_MS = 24 * 3600_000;

async function ticketOf(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(tenantScope(tickets, companyId), eq(tickets.id, id)));
  if (!row) throw AppError.notFound('Ticket');
  return row;
}

/** A link dies 14 days after its ticket closes (410), whatever its own expiry. */
function assertAlive(ticket: { closed_at: string | null }, now = Date.now()) {
  if (
    ticket.closed_at &&
    new Date(ticket.closed_at).getTime() + PUBLIC_TICKET_DAYS_AFTER_CLOSE * DAY_MS <= now
  )
    throw new AppError(410, publicLinkMessages.expired);
}

/** What a visitor sees: the ticket's subject, details, status and comments, no staff ids. */
async function publicView(
  db: Executor,
  uploads: Uploads,
  link: ResolvedLink,
): Promise<PublicTicket> {
  return asCompany(link.companyId, async () => {
    const ticket = await ticketOf(db, link.companyId, link.recordId);
    assertAlive(ticket);
    const status = ticketStatuses.find((state) => state === ticket.status) ?? 'new';
    // The link opened this one ticket: its files (also under the comments they came with), each
    // through a read link of half an hour or so.
    const comments = await commentsOf(db, link.companyId, ticket.id, uploads.readUrl);
    const attachments = await attachmentsOf(db, link.companyId, ticket.id, uploads.readUrl);
    return {
      id: ticket.id,
      subject: ticket.subject,
      detail: ticket.detail,
      status,
      status_label: ticketStatusMachine.labels[status],
      company_name: await companyNameOf(db, link.companyId),
      created_at: ticket.created_at,
      closed_at: ticket.closed_at,
      comments: comments.map(({ author_id: _staff, ...comment }) => comment),
      attachments,
    };
  });
}

/** A visitor's comment through the link (409 once closed, 410 two weeks after). */
async function commentThroughLink(
  tx: Tx,
  link: ResolvedLink,
  body: z.output<typeof publicTicketCommentInputSchema>,
) {
  assertAlive(await ticketOf(tx, link.companyId, link.recordId));
  const comment = await addComment(tx, link.companyId, link.recordId, {
    authorId: null,
    authorName: body.name,
    body: body.body,
    fromPublicLink: true,
  });
  const { author_id: _staff, ...visible } = comment;
  return visible;
}

/** The platform handler: staff make, list and revoke a ticket's links at /public-links. */
export const ticketLinkHandler = (uploads: Uploads) =>
  definePublicLinkHandler({
    ...TICKET_LINK,
    manage: 'write_tickets',
    async exists(db, companyId, recordId) {
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(tenantScope(tickets, companyId), eq(tickets.id, recordId)));
      return Boolean(row);
    },
    view: (db, link) => publicView(db, uploads, link),
    body: publicTicketCommentInputSchema,
    act: (tx, link, body) => commentThroughLink(tx, link, body),
  });

const visitorOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
const token = z.string().min(1, 'token is required').max(200);
const ticketId = z.coerce.number().int().positive();
const tags = ['Public tickets'];
const errors = errorReplies(400, 403, 404, 409, 410);
const publicComment = ticketCommentSchema.omit({ author_id: true });

/**
 * SPEC.md's public ticket routes (/public/ticket-view), through the ticket's secure link: the
 * token must be a link to this very ticket (another id, a tampered or unknown token: 404),
 * revoked 403, expired 410 (also 14 days after the ticket closed). Read and comment only.
 */
export function publicTicketRoutes(app: FastifyInstance, db: Database, uploads: Uploads) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = app.publicLinks;
  const open = (request: FastifyRequest, value: string, id: number) =>
    links.open(value, TICKET_LINK.action, visitorOf(request), {
      resource: TICKET_LINK.resource,
      recordId: id,
    });

  r.get('/public/cc-tickets/:ticketId', {
    schema: {
      tags,
      summary: 'A ticket seen through its public link',
      params: z.object({ ticketId }),
      querystring: z.object({ token }),
      response: { 200: replySchema(publicTicketSchema), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const link = await open(request, request.query.token, request.params.ticketId);
      return ok('', await publicView(db, uploads, link));
    },
  });

  r.get('/public/cc-ticket-comments', {
    schema: {
      tags,
      summary: 'A ticket’s comments seen through its public link',
      querystring: z.object({ ticket_id: ticketId, token }),
      response: { 200: replySchema(listDataSchema(publicComment)), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const link = await open(request, request.query.token, request.query.ticket_id);
      const { comments } = await publicView(db, uploads, link);
      return ok('', { results: comments, total: comments.length });
    },
  });

  r.post('/public/cc-ticket-comments', {
    schema: {
      tags,
      summary: 'Comment on a ticket through its public link',
      body: publicTicketCommentInputSchema.extend({
        ticket_id: z.number().int().positive(),
        token,
      }),
      response: { 200: replySchema(publicComment), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const { ticket_id: id, token: value, ...body } = request.body;
      const comment = await links.act(
        value,
        TICKET_LINK.action,
        visitorOf(request),
        (tx, link) => commentThroughLink(tx, link, body),
        { resource: TICKET_LINK.resource, recordId: id },
      );
      return ok(ticketMessages.commentAdded, comment);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The public ticket center (/public/ticket-center): a guest opens a ticket for a store.

const HOUR_MS = 3600_000;
/** A guest's view link lasts as long as a staff-made one (and dies 14 days after close). */
const GUEST_VIEW_DAYS = 90;

async function openableStore(db: Executor, companyId: number, storeId: number) {
  const store = await storeHoursOf(db, companyId, storeId);
  if (!store?.is_active) throw AppError.notFound('Store');
  return store;
}

/** What the guest's form shows: the company, the store and the ticket types to choose from. */
async function centerView(db: Executor, link: ResolvedLink): Promise<PublicTicketCenter> {
  return asCompany(link.companyId, async () => {
    const store = await openableStore(db, link.companyId, link.recordId);
    const types = await db
      .select({ id: ticketTypes.id, name: ticketTypes.name })
      .from(ticketTypes)
      .where(tenantScope(ticketTypes, link.companyId))
      .orderBy(asc(ticketTypes.name));
    return {
      company_name: await companyNameOf(db, link.companyId),
      store_name: store.name,
      types,
    };
  });
}

/**
 * The store's QR link: staff make it at /public-links (resource stores, action open_ticket) or
 * through the settings screen; it opens the guest's form and lets them open tickets (not single
 * use), nothing else.
 */
export const storeTicketLinkHandler = definePublicLinkHandler({
  ...STORE_TICKET_LINK,
  manage: 'write_tickets',
  async exists(db, companyId, recordId) {
    const store = await storeHoursOf(db, companyId, recordId);
    return Boolean(store?.is_active);
  },
  view: centerView,
});

/** The context a guest's view link is made in: that of whoever put up the store's link. */
async function linkMakerOf(tx: Tx, link: ResolvedLink): Promise<RequestContext | null> {
  const [row] = await tx
    .select({ created_by: publicLinks.created_by })
    .from(publicLinks)
    .where(and(tenantScope(publicLinks, link.companyId), eq(publicLinks.id, link.id)));
  if (!row?.created_by) return null;
  return {
    sessionId: 0,
    companyId: link.companyId,
    userId: row.created_by,
    baseRole: 'base_user',
    accessLevel: 0,
    permissions: {},
  };
}

/**
 * Opens a guest's ticket for the link's store, in the link's transaction: at most
 * PUBLIC_TICKET_HOURLY_LIMIT an hour from one address (counted under a lock per address, so a
 * burst cannot slip past), unassigned in the ticket center with source public, and a link for the
 * guest to follow it (read and comment).
 */
async function openGuestTicket(
  tx: Tx,
  link: ResolvedLink,
  links: FastifyInstance['publicLinks'],
  ip: string,
  form: Omit<z.output<typeof publicTicketOpenSchema>, 'token' | 'website'>,
) {
  const recent = await asSystem(async () => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`public-ticket:${ip}`}))`);
    const [row] = await tx
      .select({ total: count() })
      .from(tickets)
      .where(
        and(
          eq(tickets.requester_ip, ip),
          gt(tickets.created_at, new Date(Date.now() - HOUR_MS).toISOString()),
        ),
      );
    return Number(row?.total ?? 0);
  });
  if (recent >= PUBLIC_TICKET_HOURLY_LIMIT) throw new AppError(429, publicTicketMessages.tooMany);
  await openableStore(tx, link.companyId, link.recordId);
  let typeId: number | null = null;
  if (form.type_id) {
    const [type] = await tx
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(and(tenantScope(ticketTypes, link.companyId), eq(ticketTypes.id, form.type_id)));
    if (!type) {
      const message = 'Choose one of the ticket types';
      throw AppError.badRequest(message, { type_id: [message] });
    }
    typeId = type.id;
  }
  const [row] = await tx
    .insert(tickets)
    .values({
      company_id: link.companyId,
      subject: form.subject,
      detail: `${form.detail}\n\nFrom ${form.name} <${form.email}>`,
      type_id: typeId,
      store_id: link.recordId,
      source: 'public',
      sent_from_route: '/public/ticket-center',
      requester_email: form.email,
      requester_ip: ip,
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error('ticket not stored');
  await recordEvent(tx, link.companyId, row.id, { kind: 'created' });
  await ticketChanged(tx, link.companyId, row.id);
  const maker = await linkMakerOf(tx, link);
  const view = maker
    ? await links.createPublicLink({
        ctx: maker,
        resource: TICKET_LINK.resource,
        recordId: row.id,
        action: TICKET_LINK.action,
        expiresAt: new Date(Date.now() + GUEST_VIEW_DAYS * 24 * HOUR_MS),
        db: tx,
      })
    : null;
  return { received: true as const, ticket_id: row.id, view_token: view?.token ?? null };
}

export function publicTicketCenterRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = app.publicLinks;

  r.get('/public/ticket-center', {
    schema: {
      tags,
      summary: 'The guest ticket form of a store, through the store’s public link (QR code)',
      querystring: z.object({ token }),
      response: { 200: replySchema(publicTicketCenterSchema), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const link = await links.open(
        request.query.token,
        STORE_TICKET_LINK.action,
        visitorOf(request),
        {
          resource: STORE_TICKET_LINK.resource,
        },
      );
      return ok('', await centerView(db, link));
    },
  });

  r.post('/public/ticket-center', {
    schema: {
      tags,
      summary: 'A guest opens a ticket for the store of the link (no session)',
      description:
        `At most ${PUBLIC_TICKET_HOURLY_LIMIT} tickets an hour from one address (429). A filled ` +
        '`website` field (hidden from people) is answered like a success and stores nothing. The ' +
        'ticket lands unassigned in the ticket center; the reply carries a token for ' +
        '/public/ticket-view (read and comment).',
      body: publicTicketOpenSchema,
      response: {
        200: replySchema(publicTicketOpenedSchema),
        ...errorReplies(400, 403, 404, 410, 429),
      },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const { token: value, website, ...form } = request.body;
      if (website?.trim())
        return ok(publicTicketMessages.opened, {
          received: true as const,
          ticket_id: null,
          view_token: null,
        });
      const ip = request.ip.slice(0, 64);
      const opened = await links.act(
        value,
        STORE_TICKET_LINK.action,
        visitorOf(request),
        (tx, link) => openGuestTicket(tx, link, links, ip, form),
        { resource: STORE_TICKET_LINK.resource },
      );
      return ok(publicTicketMessages.opened, opened);
    },
  });
}

/**
 * POST /ticket-center/store-links: staff make a store's public ticket link (to print as a QR code
 * in the store); listed and revoked like any link at /public-links (resource stores, action
 * open_ticket).
 */
export function storeLinkRoutes(app: FastifyInstance, db: Database, appUrl: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/ticket-center/store-links', {
    schema: {
      tags,
      summary: 'Make a store’s link to the public ticket center, with its QR code',
      body: storeTicketLinkInputSchema,
      response: { 200: replySchema(storeTicketLinkSchema), ...errorReplies(400, 403, 404) },
    },
    config: { access: 'write_tickets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { store_id: storeId, expires_in_days: days } = request.body;
      const store = await storeHoursOf(db, ctx.companyId, storeId);
      if (!store?.is_active) throw AppError.notFound('Store');
      const link = await app.publicLinks.createPublicLink({
        ctx,
        resource: STORE_TICKET_LINK.resource,
        recordId: storeId,
        action: STORE_TICKET_LINK.action,
        expiresAt: new Date(Date.now() + days * 24 * HOUR_MS),
      });
      const url = `${appUrl.replace(/\/$/, '')}/public/ticket-center?token=${encodeURIComponent(link.token)}`;
      return ok(ticketMessages.linkCreated, {
        id: link.id,
        token: link.token,
        url,
        qr_data_url: await QRCode.toDataURL(url, { margin: 1 }),
        expires_at: link.expires_at,
      });
    },
  });
}

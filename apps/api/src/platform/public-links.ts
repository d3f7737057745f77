import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import type { FieldErrors } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import type { Permission } from '@portal/contract/permissions';
import {
  createdPublicLinkSchema,
  createPublicLinkSchema,
  openedPublicLinkSchema,
  publicLinkEventSchema,
  publicLinkMessages as messages,
  publicLinkRowSchema,
  type PublicLinkRow,
} from '@portal/contract/platform';
import { callerOf } from './access.ts';
import { hasPermission, type RequestContext } from './context.ts';
import type { Database, Executor, Tx } from './database.ts';
import { AppError } from './errors.ts';
import { errorReplies, ok } from './reply.ts';
import { publicLinkEvents, publicLinks } from './schema.ts';
import { asCompany, asSystem } from './tenant-connection.ts';

/**
 * Secure public links, one primitive for every page SPEC.md makes public (ticket view, sale order
 * payment, receipt discrepancy, expense approval).
 *
 * A link names one record of one resource and one action. Its token is 32 random bytes and an
 * HMAC (key from DATA_DIR, like the upload signatures) over the random part, the resource, the
 * record, the action and the expiry, so a token whose row was altered, or that was altered itself,
 * does not verify. Only the token's SHA-256 is stored. A link expires, can be revoked, and can be
 * single-use. Opening a link (`open`, GET) never changes anything but the access log; acting
 * (`act`, POST) runs in one transaction that also uses up a single-use link. Every view and
 * action is logged in public_link_events, refusals of a known link too.
 *
 * Outcomes: unknown, tampered, another action or another record: 404; revoked: 403; expired: 410;
 * already used: 409.
 */

/** The link a handler acts for: the company is the link's, never a caller's. */
export interface ResolvedLink {
  id: number;
  companyId: number;
  resource: string;
  recordId: number;
  action: string;
  expiresAt: string;
  singleUse: boolean;
}

/** Who opened a link (for the log). */
export interface Visitor {
  ip?: string | null;
  userAgent?: string | null;
}

/** What a module declares for one (resource, action) pair it hands out links for. */
export interface PublicLinkHandler {
  resource: string;
  action: string;
  /** the permission needed to create, list and revoke its links */
  manage: Permission;
  /** whether the record exists in the company (a link is never made for another company's row) */
  exists(db: Executor, companyId: number, recordId: number): Promise<boolean>;
  /** the record's public view: only what a visitor may see */
  view(db: Executor, link: ResolvedLink): Promise<Record<string, unknown>>;
  /** the action itself (POST), inside the link's transaction; absent for view-only links */
  act?(tx: Tx, link: ResolvedLink, body: unknown): Promise<Record<string, unknown>>;
}

/** Declares a handler; `body` validates the POST body before `act` sees it (400 per field). */
export function definePublicLinkHandler<Body extends z.ZodType>(
  handler: Omit<PublicLinkHandler, 'act'> & {
    body?: Body;
    act?(tx: Tx, link: ResolvedLink, body: z.output<Body>): Promise<Record<string, unknown>>;
  },
): PublicLinkHandler {
  const { act, body } = handler;
  return {
    ...handler,
    act: act
      ? async (tx, link, raw) => {
          if (!body) return act(tx, link, raw as z.output<Body>);
          const parsed = body.safeParse(raw ?? {});
          if (!parsed.success) {
            const errors: FieldErrors = {};
            for (const issue of parsed.error.issues)
              (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
            const [field, [first] = []] = Object.entries(errors)[0] ?? ['body', []];
            throw AppError.badRequest(`Invalid body: ${field}: ${first ?? 'invalid'}`, errors);
          }
          return act(tx, link, parsed.data);
        }
      : undefined,
  };
}

export interface PublicLinksOptions {
  db: Database;
  /** HMAC key (32+ bytes); `keyFromFile(DATA_DIR/.public-links-key)` in the app */
  secret: () => Buffer;
  /** URL path a token is opened at, `${basePath}/${token}` */
  basePath: string;
  /** clock in milliseconds (tests) */
  now?: () => number;
}

type LinkRow = typeof publicLinks.$inferSelect;
type Outcome = 'ok' | 'expired' | 'revoked' | 'used';

const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const rowOut = (row: LinkRow): PublicLinkRow => ({
  id: row.id,
  resource: row.resource,
  record_id: row.record_id,
  action: row.action,
  expires_at: row.expires_at,
  single_use: row.single_use,
  used_at: row.used_at,
  revoked_at: row.revoked_at,
  created_by: row.created_by,
  created_at: row.created_at,
});

const resolved = (row: LinkRow): ResolvedLink => ({
  id: row.id,
  companyId: row.company_id,
  resource: row.resource,
  recordId: row.record_id,
  action: row.action,
  expiresAt: row.expires_at,
  singleUse: row.single_use,
});

export type PublicLinks = ReturnType<typeof createPublicLinks>;

export function createPublicLinks(options: PublicLinksOptions) {
  const { db } = options;
  const now = options.now ?? Date.now;
  const handlers = new Map<string, PublicLinkHandler>();
  const handlerKey = (resource: string, action: string) => `${resource}\n${action}`;
  let key: Buffer | undefined;
  const secret = () => (key ??= options.secret());

  const mac = (
    nonce: string,
    link: Pick<LinkRow, 'resource' | 'record_id' | 'action'>,
    expires: string,
  ) =>
    createHmac('sha256', secret())
      .update(
        `public-link\n${nonce}\n${link.resource}\n${link.record_id}\n${link.action}\n${new Date(expires).getTime()}`,
      )
      .digest('base64url');

  function outcomeOf(row: LinkRow): Outcome {
    if (row.revoked_at) return 'revoked';
    if (row.single_use && row.used_at) return 'used';
    if (new Date(row.expires_at).getTime() <= now()) return 'expired';
    return 'ok';
  }

  function refusal(outcome: Exclude<Outcome, 'ok'>): AppError {
    if (outcome === 'revoked') return new AppError(403, messages.revoked);
    if (outcome === 'used') return new AppError(409, messages.used);
    return new AppError(410, messages.expired);
  }

  /**
   * The stored link a token names, checked against its signature, the action and, when given,
   * the expected resource and record; anything else is a 404 (nothing tells a guesser more).
   */
  async function find(
    executor: Executor,
    token: string,
    action: string | null,
    expected: { resource?: string; recordId?: number } = {},
    lock = false,
  ): Promise<LinkRow> {
    const match = TOKEN.exec(token);
    if (!match?.[1] || !match[2]) throw AppError.notFound('Link');
    const query = executor
      .select()
      .from(publicLinks)
      .where(eq(publicLinks.token_hash, hashOf(token)));
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw AppError.notFound('Link');
    const signature = Buffer.from(match[2], 'base64url');
    const wanted = Buffer.from(mac(match[1], row, row.expires_at), 'base64url');
    if (signature.length !== wanted.length || !timingSafeEqual(signature, wanted))
      throw AppError.notFound('Link');
    if (
      (action !== null && row.action !== action) ||
      (expected.resource !== undefined && row.resource !== expected.resource) ||
      (expected.recordId !== undefined && row.record_id !== expected.recordId)
    )
      throw AppError.notFound('Link');
    return row;
  }

  async function log(
    executor: Executor,
    row: LinkRow,
    kind: 'view' | 'action',
    outcome: string,
    visitor: Visitor,
  ) {
    await executor.insert(publicLinkEvents).values({
      company_id: row.company_id,
      link_id: row.id,
      kind,
      outcome,
      ip: visitor.ip?.slice(0, 64) ?? null,
      user_agent: visitor.userAgent?.slice(0, 300) ?? null,
    });
  }

  async function linkOf(executor: Executor, ctx: RequestContext, id: number): Promise<LinkRow> {
    const [row] = await executor
      .select()
      .from(publicLinks)
      .where(and(eq(publicLinks.company_id, ctx.companyId), eq(publicLinks.id, id)));
    if (!row) throw AppError.notFound('Link');
    return row;
  }

  return {
    basePath: options.basePath,
    db,

    /** What a genuine token is for (resource and action), whatever its state; 404 otherwise. */
    async peek(token: string): Promise<{ resource: string; action: string }> {
      // System path: a token is looked up before its company is known.
      const row = await asSystem(() => find(db, token, null));
      return { resource: row.resource, action: row.action };
    },

    /** Registers what a module does for links of one resource and action. */
    handle(handler: PublicLinkHandler) {
      const key = handlerKey(handler.resource, handler.action);
      if (handlers.has(key))
        throw new Error(`public links: ${handler.resource}/${handler.action} declared twice`);
      handlers.set(key, handler);
    },
    handlerOf(resource: string, action: string): PublicLinkHandler | undefined {
      return handlers.get(handlerKey(resource, action));
    },

    /**
     * Makes a link for one record of the caller's company and returns it with its token (shown
     * once: only its hash is kept). The caller checks the record exists and may be shared.
     */
    async createPublicLink(input: {
      ctx: RequestContext;
      resource: string;
      recordId: number;
      action: string;
      expiresAt: Date;
      singleUse?: boolean;
      db?: Executor;
    }) {
      if (input.expiresAt.getTime() <= now())
        throw AppError.badRequest('A link must expire in the future');
      const nonce = randomBytes(32).toString('base64url');
      // Stored to the millisecond, so the signed expiry and the stored one agree.
      const expires = new Date(input.expiresAt.getTime()).toISOString();
      const fields = { resource: input.resource, record_id: input.recordId, action: input.action };
      const token = `${nonce}.${mac(nonce, fields, expires)}`;
      const [row] = await (input.db ?? db)
        .insert(publicLinks)
        .values({
          company_id: input.ctx.companyId,
          ...fields,
          token_hash: hashOf(token),
          expires_at: expires,
          single_use: input.singleUse ?? false,
          created_by: input.ctx.userId,
        })
        .returning();
      if (!row) throw new Error('public link not stored');
      return { ...rowOut(row), token, path: `${options.basePath}/${token}` };
    },

    /**
     * The link a token names for `action` (and, when given, that resource and record), if it may
     * be used now; otherwise the refusal as an AppError (404, 403, 409, 410). Changes nothing.
     */
    async resolvePublicLink(
      token: string,
      action: string,
      expected: { resource?: string; recordId?: number } = {},
    ): Promise<ResolvedLink> {
      const row = await asSystem(() => find(db, token, action, expected)); // system path: by token
      const outcome = outcomeOf(row);
      if (outcome !== 'ok') throw refusal(outcome);
      return resolved(row);
    },

    /** GET: resolves the link and logs the view (refused views too); never changes the link. */
    async open(
      token: string,
      action: string,
      visitor: Visitor,
      expected: { resource?: string; recordId?: number } = {},
    ): Promise<ResolvedLink> {
      const row = await asSystem(() => find(db, token, action, expected)); // system path: by token
      const outcome = outcomeOf(row);
      await asCompany(row.company_id, () => log(db, row, 'view', outcome, visitor));
      if (outcome !== 'ok') throw refusal(outcome);
      return resolved(row);
    },

    /**
     * POST: in one transaction, locks the link, checks it, runs `work` and, for a single-use
     * link, marks it used; the action is logged with its outcome (a failed one after rollback).
     */
    async act<T>(
      token: string,
      action: string,
      visitor: Visitor,
      work: (tx: Tx, link: ResolvedLink) => Promise<T>,
      expected: { resource?: string; recordId?: number } = {},
    ): Promise<T> {
      let known: LinkRow | undefined;
      let outcome: string = 'failed';
      try {
        return await db.transaction(async (tx) => {
          // System path for the lookup by token; then everything runs as the link's company.
          const row = await asSystem(() => find(tx, token, action, expected, true));
          known = row;
          return asCompany(row.company_id, async () => {
            const state = outcomeOf(row);
            if (state !== 'ok') {
              outcome = state;
              throw refusal(state);
            }
            const result = await work(tx, resolved(row));
            if (row.single_use)
              await tx
                .update(publicLinks)
                .set({ used_at: new Date(now()).toISOString(), updated_at: sql`now()` })
                .where(and(eq(publicLinks.company_id, row.company_id), eq(publicLinks.id, row.id)));
            await log(tx, row, 'action', 'ok', visitor);
            return result;
          });
        });
      } catch (error) {
        const row = known;
        if (row) await asCompany(row.company_id, () => log(db, row, 'action', outcome, visitor));
        throw error;
      }
    },

    /** Revokes a link of the caller's company (404 for another company's). */
    async revoke(ctx: RequestContext, id: number): Promise<PublicLinkRow> {
      await linkOf(db, ctx, id);
      const [row] = await db
        .update(publicLinks)
        .set({
          revoked_at: sql`coalesce(${publicLinks.revoked_at}, now())`,
          revoked_by: ctx.userId,
          updated_at: sql`now()`,
        })
        .where(and(eq(publicLinks.company_id, ctx.companyId), eq(publicLinks.id, id)))
        .returning();
      if (!row) throw AppError.notFound('Link');
      return rowOut(row);
    },

    /** The links of one record, newest first (no tokens: they are not stored). */
    async list(ctx: RequestContext, resource: string, recordId: number): Promise<PublicLinkRow[]> {
      const rows = await db
        .select()
        .from(publicLinks)
        .where(
          and(
            eq(publicLinks.company_id, ctx.companyId),
            eq(publicLinks.resource, resource),
            eq(publicLinks.record_id, recordId),
          ),
        )
        .orderBy(desc(publicLinks.created_at), desc(publicLinks.id));
      return rows.map(rowOut);
    },

    /** A link's access log, newest first. */
    async events(ctx: RequestContext, id: number) {
      await linkOf(db, ctx, id);
      return db
        .select({
          id: publicLinkEvents.id,
          link_id: publicLinkEvents.link_id,
          kind: publicLinkEvents.kind,
          outcome: publicLinkEvents.outcome,
          ip: publicLinkEvents.ip,
          created_at: publicLinkEvents.created_at,
        })
        .from(publicLinkEvents)
        .where(
          and(eq(publicLinkEvents.company_id, ctx.companyId), eq(publicLinkEvents.link_id, id)),
        )
        .orderBy(desc(publicLinkEvents.id));
    },

    /** The row of a link of the caller's company (404 otherwise). */
    async get(ctx: RequestContext, id: number): Promise<PublicLinkRow> {
      return rowOut(await linkOf(db, ctx, id));
    },
  };
}

const visitorOf = (request: FastifyRequest): Visitor => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

const errors = errorReplies(400, 403, 404, 409, 410, 460);
const tags = ['Public links'];
const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The generic routes over the declared handlers: signed-in staff create, list and revoke links of
 * a record (with the handler's `manage` permission); a visitor opens a link (GET, public) and acts
 * through it (POST, public). A module with its own SPEC.md public path calls `open`/`act` itself.
 */
export function publicLinkRoutes(app: FastifyInstance, links: PublicLinks, path = '/public-links') {
  const r = app.withTypeProvider<ZodTypeProvider>();

  function managed(ctx: RequestContext, resource: string, action: string): PublicLinkHandler {
    const handler = links.handlerOf(resource, action);
    if (!handler) throw AppError.notFound('Link type');
    if (!hasPermission(ctx, handler.manage)) throw AppError.forbidden();
    return handler;
  }

  r.post(path, {
    schema: {
      tags,
      summary: 'Create a public link to one record for one action',
      body: createPublicLinkSchema,
      response: { 200: replySchema(createdPublicLinkSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { resource, record_id, action, expires_in_hours, single_use } = request.body;
      const handler = managed(ctx, resource, action);
      if (!(await handler.exists(links.db, ctx.companyId, record_id)))
        throw AppError.notFound('Record');
      const link = await links.createPublicLink({
        ctx,
        resource,
        recordId: record_id,
        action,
        expiresAt: new Date(Date.now() + expires_in_hours * 3600_000),
        singleUse: single_use,
      });
      return ok(messages.created, link);
    },
  });

  r.get(path, {
    schema: {
      tags,
      summary: "A record's public links",
      querystring: z.object({
        resource: z.string().min(1),
        action: z.string().min(1),
        record_id: z.coerce.number().int().positive(),
      }),
      response: { 200: replySchema(listDataSchema(publicLinkRowSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { resource, action, record_id } = request.query;
      managed(ctx, resource, action);
      const results = (await links.list(ctx, resource, record_id)).filter(
        (link) => link.action === action,
      );
      return ok('', { results, total: results.length });
    },
  });

  r.get(`${path}/:id/events`, {
    schema: {
      tags,
      summary: "A link's log of views and actions",
      params: idParamsSchema,
      response: { 200: replySchema(listDataSchema(publicLinkEventSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const link = await links.get(ctx, request.params.id);
      managed(ctx, link.resource, link.action);
      const results = (await links.events(ctx, link.id)).map((event) => ({
        ...event,
        kind: event.kind === 'action' ? ('action' as const) : ('view' as const),
      }));
      return ok('', { results, total: results.length });
    },
  });

  r.post(`${path}/:id/revoke`, {
    schema: {
      tags,
      summary: 'Revoke a public link',
      params: idParamsSchema,
      response: { 200: replySchema(publicLinkRowSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const link = await links.get(ctx, request.params.id);
      managed(ctx, link.resource, link.action);
      return ok(messages.revokedOk, await links.revoke(ctx, link.id));
    },
  });

  r.get(`${path}/open/:token`, {
    schema: {
      tags,
      summary: 'Open a public link (changes nothing)',
      params: tokenParams,
      response: { 200: replySchema(openedPublicLinkSchema), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const { token } = request.params;
      // The token says which handler; find() then checks the action against the same row.
      const link = await links.peek(token);
      const handler = links.handlerOf(link.resource, link.action);
      if (!handler) throw AppError.notFound('Link');
      const opened = await links.open(token, link.action, visitorOf(request));
      return ok('', {
        resource: opened.resource,
        record_id: opened.recordId,
        action: opened.action,
        expires_at: opened.expiresAt,
        single_use: opened.singleUse,
        view: await handler.view(links.db, opened),
      });
    },
  });

  r.post(`${path}/open/:token`, {
    schema: {
      tags,
      summary: 'Act through a public link',
      params: tokenParams,
      body: z.record(z.string(), z.unknown()).optional(),
      response: { 200: replySchema(z.record(z.string(), z.unknown())), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const { token } = request.params;
      const link = await links.peek(token);
      const handler = links.handlerOf(link.resource, link.action);
      if (!handler?.act) throw AppError.notFound('Link');
      const act = handler.act;
      const result = await links.act(token, link.action, visitorOf(request), (tx, resolvedLink) =>
        act(tx, resolvedLink, request.body ?? {}),
      );
      return ok(messages.acted, result);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** secure public links: modules register handlers and create links through it */
    publicLinks: PublicLinks;
  }
}

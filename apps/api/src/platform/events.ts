import type { ServerResponse } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import { errorReplySchema } from '@portal/contract/envelope';
import type { Permission } from '@portal/contract/permissions';
import { callerOf } from './access.ts';
import { hasPermission, type RequestContext } from './context.ts';
import type { Database, Executor } from './database.ts';
import { listenOnPool } from './pg-listen.ts';

/**
 * Live updates (server-sent events). Any module publishes with
 *
 *     await publish(db, companyId, { type: 'timeoff.requested', audience: { userIds, permission }, ...data })
 *
 * and every API instance's open streams of that company receive it, filtered per subscriber by the
 * audience: the users named, or holders of the permission (no audience: the whole company).
 * Delivery goes through PostgreSQL's NOTIFY on both drivers (a LISTEN connection per instance on a
 * server, PGlite's in-process LISTEN when embedded). NOTIFY is transactional: published inside a
 * transaction, an event leaves only when it commits, so a client that refetches on it sees the change.
 * Events are hints to refetch: keep them small (ids and a type), never rows others may not read.
 */
export interface EventAudience {
  userIds?: readonly number[];
  permission?: Permission;
}
export interface PortalEvent {
  type: string;
  audience?: EventAudience;
  [key: string]: unknown;
}

const CHANNEL = 'portal_events';
/** NOTIFY payloads must stay under 8,000 bytes. */
const MAX_PAYLOAD = 7000;
/** A stream ends after this long and the client reconnects, so a revoked session stops listening. */
const STREAM_LIFETIME_MS = 10 * 60_000;

export async function publish(db: Executor, companyId: number, event: PortalEvent): Promise<void> {
  for (const payload of notifyPayloads(companyId, event))
    await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/**
 * What NOTIFY carries for an event: the whole event when it fits. Otherwise the audience goes
 * beside the event's other fields when those are small (a type, a kind, ids), or beside its type
 * alone (subscribers refetch anyway); and a list of people too long for one payload (a bulletin to
 * 2,000 people) is split over several, each person in exactly one and the permission in the first.
 */
export function notifyPayloads(companyId: number, event: PortalEvent): string[] {
  const whole = JSON.stringify({ companyId, event });
  if (whole.length <= MAX_PAYLOAD) return [whole];
  const { audience, ...data } = event;
  const base: PortalEvent =
    JSON.stringify(data).length <= MAX_PAYLOAD / 2 ? data : { type: event.type };
  const render = (to: EventAudience | undefined) =>
    JSON.stringify({ companyId, event: to ? { ...base, audience: to } : base });
  const userIds = audience?.userIds ?? [];
  const single = render(audience);
  if (single.length <= MAX_PAYLOAD || !userIds.length) return [single];
  // Every id takes at most 17 characters in JSON (safe integers) with its comma.
  const perPayload = Math.max(1, Math.floor((MAX_PAYLOAD - render({}).length - 64) / 17));
  const payloads: string[] = [];
  for (let start = 0; start < userIds.length; start += perPayload) {
    const to: EventAudience = { userIds: userIds.slice(start, start + perPayload) };
    if (start === 0 && audience?.permission) to.permission = audience.permission;
    payloads.push(render(to));
  }
  return payloads;
}

/** Whether a subscriber may see an event of their company. */
export function mayReceive(ctx: RequestContext, event: PortalEvent): boolean {
  const audience = event.audience;
  if (!audience) return true;
  if (audience.userIds?.includes(ctx.userId)) return true;
  return audience.permission !== undefined && hasPermission(ctx, audience.permission);
}

type Listener = (event: PortalEvent) => void;

export interface EventHub {
  subscribe(companyId: number, listener: Listener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const deliveredSchema = z.object({
  companyId: z.number().int(),
  event: z.looseObject({ type: z.string() }),
});

/** One hub per API instance: listens once on the database and fans out to its own streams. */
export function createEventHub(db: Database, log: FastifyBaseLogger): EventHub {
  const listeners = new Map<number, Set<Listener>>();
  let stopListening: (() => Promise<void>) | null = null;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let parsed;
    try {
      parsed = deliveredSchema.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const { companyId, event } = parsed.data;
    for (const listener of listeners.get(companyId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'event listener failed');
      }
    }
  };

  return {
    subscribe(companyId, listener) {
      let set = listeners.get(companyId);
      if (!set) listeners.set(companyId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(companyId);
      };
    },
    async start() {
      const client: unknown = Reflect.get(db, '$client');
      if (client instanceof PGlite) {
        const unlisten = await client.listen(CHANNEL, dispatch);
        stopListening = () => unlisten();
      } else if (client instanceof pg.Pool) {
        const listener = await listenOnPool(client, CHANNEL, {
          onMessage: dispatch,
          onDown: (error) =>
            log.warn({ err: error }, 'event listener connection lost; reconnecting'),
        });
        stopListening = () => listener.stop();
      } else {
        log.warn('live updates are off: unknown database driver');
      }
    },
    async stop() {
      listeners.clear();
      await stopListening?.();
    },
  };
}

/**
 * GET /api/events: the caller's live updates as text/event-stream. Authenticated with the usual
 * bearer header (the web client reads it with fetch, not EventSource, so the token never goes in a
 * URL). Each event is `event: <type>` and `data: <json>`; a comment line every LIVE_HEARTBEAT_SECONDS keeps
 * proxies from closing the stream.
 */
export function eventRoutes(app: FastifyInstance, db: Database, heartbeatSeconds: number) {
  const hub = createEventHub(db, app.log);
  // Comment lines keep an idle stream open through proxies (config LIVE_HEARTBEAT_SECONDS, 20 by
  // default; the web client reconnects after 45 s of silence).
  const everyMs = heartbeatSeconds * 1000;
  const open = new Set<ServerResponse>();
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    await hub.stop();
  });

  app.withTypeProvider<ZodTypeProvider>().get('/events', {
    schema: {
      tags: ['Platform'],
      summary: 'Live updates of the caller’s company (server-sent events)',
      response: {
        200: z.string().describe('text/event-stream'),
        460: errorReplySchema,
      },
    },
    config: { access: 'authenticated' },
    handler: async (request, reply) => {
      const ctx = callerOf(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
      open.add(res);
      const unsubscribe = hub.subscribe(ctx.companyId, (event) => {
        if (!mayReceive(ctx, event)) return;
        const { audience: _audience, ...data } = event;
        res.write(`event: ${event.type.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), everyMs);
      const lifetime = setTimeout(() => res.end(), STREAM_LIFETIME_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', cleanup);
      res.on('finish', cleanup);
    },
  });
}

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { RequestContext } from './context.ts';
import type { Database } from './database.ts';
import { listenOnPool } from './pg-listen.ts';

/**
 * Resolved sessions kept in memory, so an authenticated request does not pay a database round trip
 * to learn who is calling. Nothing is served stale:
 *
 * - Triggers (migration 0021_speed_at_scale) NOTIFY `portal_sessions` with the company's
 *   id whenever a session, user state (active, locked, deleted, role, access level), role, permission
 *   group, role/group link or company changes, and the cache drops that company's entries. The
 *   embedded engine delivers it in-process with the statement that caused it. On PostgreSQL a
 *   NOTIFY reaches other connections asynchronously after the commit, so a cached entry is served
 *   only after a trivial query on this instance's LISTEN connection that started after the request
 *   arrived (pg-listen.ts sync(): everything committed before it has been delivered by then);
 *   concurrent requests share that query. It costs one `select 1` on a connection that needs no
 *   tenant switch, instead of the session lookup and two role switches of a pooled connection.
 * - A write request on this instance also drops its company's entries (all entries when the caller
 *   is anonymous) before its reply is sent, so the next request after a logout or a disable, on the
 *   instance that did it, never waits for the notification.
 * - While the LISTEN connection is down the cache is bypassed (and emptied): a missed notification
 *   cannot leave a revoked session alive.
 * - A lookup that started before an invalidation is not stored (generation check), an entry never
 *   outlives its session's expiry, and every entry is re-read after ENTRY_TTL_MS at the latest.
 */
export interface ResolvedSession {
  ctx: RequestContext;
  /** When the session expires, epoch milliseconds. */
  expiresAt: number;
}
export type SessionLookup = (db: Database, token: string) => Promise<ResolvedSession | null>;

export const SESSION_CHANNEL = 'portal_sessions';
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  ctx: RequestContext;
  companyId: number;
  until: number;
}

export interface SessionCache {
  resolve(db: Database, token: string, lookup: SessionLookup): Promise<RequestContext | null>;
  /** Drops a company's entries (every entry without a company). */
  invalidate(companyId?: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Entries held and whether the cache is in use (the LISTEN is up). */
  stats(): { entries: number; live: boolean };
}

/** A copy the request may not alter the cached one through. */
const copyOf = (ctx: RequestContext): RequestContext => ({
  ...ctx,
  permissions: { ...ctx.permissions },
});

export function createSessionCache(db: Database): SessionCache {
  const entries = new Map<string, Entry>();
  let live = false;
  let generation = 0;
  let stopListening: (() => Promise<void>) | null = null;
  /** PostgreSQL only: resolves once every invalidation committed so far has arrived. */
  let sync: (() => Promise<void>) | null = null;

  const invalidate = (companyId?: number) => {
    generation++;
    if (companyId === undefined) {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.companyId === companyId) entries.delete(key);
  };

  const onNotification = (payload: string | undefined) => {
    const companyId = Number(payload);
    invalidate(Number.isInteger(companyId) && payload ? companyId : undefined);
  };

  const setLive = (value: boolean) => {
    live = value;
    invalidate(); // whatever was read while nobody listened may be stale
  };

  return {
    async resolve(database, token, lookup) {
      const now = Date.now();
      if (live) {
        const hit = entries.get(token);
        if (hit && hit.until > now) {
          if (!sync) return copyOf(hit.ctx);
          // PostgreSQL: first take in every invalidation committed before this request.
          const synced = await sync().then(
            () => true,
            () => false,
          );
          if (synced && live && entries.get(token) === hit) return copyOf(hit.ctx);
        } else if (hit) entries.delete(token);
      }
      const seen = generation;
      const found = await lookup(database, token);
      if (!found) return null;
      if (live && seen === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(token, {
          ctx: copyOf(found.ctx),
          companyId: found.ctx.companyId,
          until: Math.min(found.expiresAt, now + ENTRY_TTL_MS),
        });
      }
      return found.ctx;
    },
    invalidate,
    async start() {
      const client: unknown = Reflect.get(db, '$client');
      if (client instanceof PGlite) {
        const unlisten = await client.listen(SESSION_CHANNEL, onNotification);
        setLive(true);
        stopListening = async () => {
          setLive(false);
          await unlisten();
        };
      } else if (client instanceof pg.Pool) {
        const listener = await listenOnPool(client, SESSION_CHANNEL, {
          onMessage: onNotification,
          onUp: () => setLive(true),
          onDown: () => setLive(false), // bypassed until a new connection listens
        });
        sync = () => listener.sync();
        stopListening = async () => {
          setLive(false);
          sync = null;
          await listener.stop();
        };
      }
    },
    async stop() {
      const stopping = stopListening;
      stopListening = null;
      await stopping?.();
      entries.clear();
    },
    stats: () => ({ entries: entries.size, live }),
  };
}

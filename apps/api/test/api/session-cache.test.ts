import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openPostgres, type DatabaseHandle } from '../../src/platform/database.ts';
import { createSessionCache, type ResolvedSession } from '../../src/platform/session-cache.ts';
import { sessionForToken } from '../../src/modules/users/api.ts';
import { asSystem } from '../../src/platform/tenant-connection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Sessions are cached in memory per instance (platform/session-cache.ts); revoking one must still
 * take effect on the next request on every instance. Instance A is the test app; instance B is a
 * second app over the same database (PostgreSQL: its own pool and LISTEN connection; PGlite: the one
 * embedded engine, its in-process LISTEN). Every revocation is done on A or straight in the database,
 * and checked on B's (and A's) next request, after both have cached the session.
 */
let t: TestApp;
let second: { app: FastifyInstance; baseUrl: string; close(): Promise<void> };

async function startSecond(): Promise<typeof second> {
  const client: unknown = Reflect.get(t.appDb, '$client');
  let handle: DatabaseHandle | null = null;
  let db = t.appDb;
  if (client instanceof pg.Pool) {
    handle = await openPostgres(String(client.options.connectionString), false);
    db = handle.db;
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}

async function meOn(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/auth/me`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  await response.text();
  return response.status;
}

/** Signs in, then reads /auth/me twice on both instances so each has the session cached. */
async function cachedSession(email: string): Promise<{ token: string; id: number }> {
  const token = await t.login(email);
  const me = await t.call<{ data: { id: number } }>('GET', '/api/auth/me', { token });
  for (const baseUrl of [t.baseUrl, second.baseUrl, t.baseUrl, second.baseUrl])
    expect(await meOn(baseUrl, token)).toBe(200);
  return { token, id: me.body.data.id };
}

beforeAll(async () => {
  t = await startTestApp();
  second = await startSecond();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('session cache', () => {
  it('ends a session at logout on every instance', async () => {
    const { token } = await cachedSession('manager@demo.example');
    expect((await t.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await meOn(second.baseUrl, token)).toBe(460);
    expect(await meOn(t.baseUrl, token)).toBe(460);
  });

  it('ends the sessions of a disabled user on every instance', async () => {
    const admin = await t.login('agent@demo.example');
    const victim = await cachedSession('callcenter@demo.example');
    const disabled = await t.call('PATCH', `/api/users/disable/${victim.id}`, { token: admin });
    expect(disabled.status).toBe(200);
    expect(await meOn(second.baseUrl, victim.token)).toBe(460);
    expect(await meOn(t.baseUrl, victim.token)).toBe(460);
    await t.call('PATCH', `/api/users/enable/${victim.id}`, { token: admin });
  });

  it("ends a user's sessions when an admin sets the password, on every instance", async () => {
    const admin = await t.login('agent@demo.example');
    const victim = await cachedSession('employee@demo.example');
    const changed = await t.call('POST', '/api/users/change-password-admin', {
      token: admin,
      body: { user_id: victim.id, password: 'Another#Pass9921' },
    });
    expect(changed.status).toBe(200);
    expect(await meOn(second.baseUrl, victim.token)).toBe(460);
    expect(await meOn(t.baseUrl, victim.token)).toBe(460);
  });

  it('ends the session of a user locked in the database (no request of either instance)', async () => {
    const victim = await cachedSession('user@demo.example');
    await t.database.db.execute(sql`update users set is_locked = true where id = ${victim.id}`);
    expect(await meOn(second.baseUrl, victim.token)).toBe(460);
    expect(await meOn(t.baseUrl, victim.token)).toBe(460);
    await t.database.db.execute(sql`update users set is_locked = false where id = ${victim.id}`);
  });

  it('drops a permission taken from the role at once, on every instance', async () => {
    const { token } = await cachedSession('agent@demo.example');
    const list = (base: string) =>
      fetch(`${base}/api/users?perPage=1`, { headers: { authorization: `Bearer ${token}` } }).then(
        async (response) => {
          await response.text();
          return response.status;
        },
      );
    expect(await list(second.baseUrl)).toBe(200);
    await t.database.db.execute(
      sql`update permission_groups set is_active = false
           where id in (select permission_group_id from role_permission_groups rpg
                          join users u on u.role_id = rpg.role_id and u.company_id = rpg.company_id
                         where u.email = 'agent@demo.example')`,
    );
    expect(await list(second.baseUrl)).toBe(403);
    expect(await list(t.baseUrl)).toBe(403);
  });

  it('is in use on this backend: a second request is served without the lookup, a revocation is not', async () => {
    const cache = createSessionCache(t.appDb);
    await cache.start();
    try {
      expect(cache.stats().live).toBe(true);
      const token = await t.login('warehouse@demo.example');
      let lookups = 0;
      const lookup = (database: typeof t.appDb, key: string): Promise<ResolvedSession | null> => {
        lookups++;
        return asSystem(() => sessionForToken(database, key));
      };
      expect(await cache.resolve(t.appDb, token, lookup)).not.toBeNull();
      expect(await cache.resolve(t.appDb, token, lookup)).not.toBeNull();
      expect(lookups).toBe(1);
      // Revoked straight in the database: the next resolve asks the database again and refuses.
      await t.database.db.execute(
        sql`update sessions set revoked_at = now()
             where user_id = (select id from users where email = 'warehouse@demo.example')`,
      );
      expect(await cache.resolve(t.appDb, token, lookup)).toBeNull();
      expect(lookups).toBe(2);
    } finally {
      await cache.stop();
    }
  });
});

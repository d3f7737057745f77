import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/platform/database.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { adminQuery, postgresUrl, testBackend, uniqueDatabaseName } from './database.ts';

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T & { success: boolean; message: string; data: unknown; errors?: Record<string, string[]> };
  headers: Headers;
}

export interface TestApp {
  app: FastifyInstance;
  /** The test's database; `database.db` is its system path (fixtures and checks see every company). */
  database: DatabaseHandle;
  /** The handle the app itself queries through (row-level security, bound per request). */
  appDb: DatabaseHandle['db'];
  baseUrl: string;
  /** Calls the running server over HTTP; `token` adds the bearer header. */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: {
      token?: string | null;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
    },
  ): Promise<CallResult<T>>;
  /** Signs in a demo user and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A real server on a random port over this test file's own copy of the seeded database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (testBackend() === 'postgres') {
    const name = uniqueDatabaseName('portal_test');
    await adminQuery(`create database ${name} template ${inject('templateDatabase')}`);
    database = await openPostgres(postgresUrl(name), false);
    dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
  } else {
    const dump = readFileSync(inject('templateDump'));
    database = await openPglite({ loadDataDir: new Blob([dump]) });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, logger: Boolean(process.env.TEST_LOG) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const call: TestApp['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
    }
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : {},
      headers: response.headers,
    };
  };

  return {
    app,
    // Tests read and write fixtures directly on the system path (every company); the app itself
    // runs on database.db under row-level security.
    database: { ...database, db: database.system },
    appDb: database.db,
    baseUrl,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const result = await call<{ token: string }>('POST', '/api/auth/login', {
        body: { email, password },
      });
      if (result.status !== 200)
        throw new Error(`login ${email} failed: ${result.status} ${result.body.message}`);
      return result.body.token;
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

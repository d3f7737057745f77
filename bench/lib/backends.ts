import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startBaseline } from './baseline.ts';
import { type LoadOptions, type LoadResult, measure, type Target } from './load.ts';
import { withCleanup } from './processes.ts';
import { afterSeedSql, countUsersSql, EXTRA_USERS, pickRoleSql, seedUsersSql } from './seed.ts';
import {
  type Backend,
  getJson,
  login,
  type LogSummary,
  startApi,
  summariseLogs,
} from './server.ts';

export const DEMO_EMAIL = 'agent@demo.example';
export const DEMO_PASSWORD = 'Demo@12345';

export interface BackendReport {
  name: string;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  /** Users of company 1 as GET /api/users reports them (demo users + the seeded ones). */
  usersInCompany?: number;
  seededUsers?: number;
  seedSeconds?: number;
  api: LoadResult[];
  baseline?: LoadResult;
  /** platform / baseline for GET /api/users vs the bare route. */
  ratio?: { requestsPerSecond: number; latencyP50: number };
  /** What the API printed while starting (migrations, seed, first requests). */
  apiStartupLog?: LogSummary;
  /** What the API printed while under load. */
  apiLoadLog?: LogSummary;
}

function totalOf(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('data' in body))
    throw new Error('reply without data');
  const data = body.data;
  if (
    typeof data !== 'object' ||
    data === null ||
    !('total' in data) ||
    typeof data.total !== 'number'
  ) {
    throw new Error('list reply without data.total');
  }
  return data.total;
}

function firstInt(rows: readonly unknown[], column: string): number {
  const row = rows[0];
  const value =
    typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[column] : undefined;
  const number = Number(value);
  if (!Number.isInteger(number))
    throw new Error(`expected an integer ${column}, got ${String(value)}`);
  return number;
}

/**
 * Starts the API on `backend`, optionally seeds while it runs, measures the three endpoints, stops
 * it, then measures the bare baseline on the same data.
 */
async function benchBackend(
  name: string,
  backend: Backend,
  load: LoadOptions,
  seedWhileRunning?: () => Promise<number>,
): Promise<BackendReport> {
  const report: BackendReport = { name, status: 'ok', api: [], seededUsers: EXTRA_USERS };
  const api = await startApi(backend);
  try {
    if (seedWhileRunning) report.seedSeconds = await seedWhileRunning();
    const { token } = await login(api.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
    report.usersInCompany = totalOf(await getJson(api.baseUrl, '/api/users?perPage=20', token));
    report.apiStartupLog = summariseLogs(api.child.lines);
    api.child.lines.length = 0;
    // Above a few thousand rows the API's total is the planner's estimate (total_estimated).
    if (report.usersInCompany < EXTRA_USERS * 0.9)
      throw new Error(`only ${report.usersInCompany} users in company 1 after seeding`);
    const auth = { authorization: `Bearer ${token}` };
    const targets: Target[] = [
      {
        name: 'login',
        method: 'POST',
        url: `${api.baseUrl}/api/auth/login`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      },
      {
        name: 'users list',
        method: 'GET',
        url: `${api.baseUrl}/api/users?perPage=20`,
        headers: auth,
      },
      { name: 'stores list', method: 'GET', url: `${api.baseUrl}/api/stores`, headers: auth },
    ];
    for (const target of targets) {
      console.log(`  ${name}: ${target.method} ${new URL(target.url).pathname} ...`);
      report.api.push(await measure(target, load));
    }
  } finally {
    report.apiLoadLog = summariseLogs(api.child.lines);
    await api.stop();
  }

  const baseline = await startBaseline(backend);
  try {
    const check = totalOf(await getJson(baseline.baseUrl, '/users'));
    if (check !== report.usersInCompany)
      console.log(`  note: baseline sees ${check} users, the API ${report.usersInCompany}`);
    console.log(`  ${name}: baseline GET /users ...`);
    report.baseline = await measure(
      { name: 'baseline users', method: 'GET', url: `${baseline.baseUrl}/users` },
      load,
    );
  } finally {
    await baseline.stop();
  }

  const users = report.api.find((r) => r.name === 'users list');
  if (users && report.baseline) {
    report.ratio = {
      requestsPerSecond: users.requestsPerSecond / report.baseline.requestsPerSecond,
      latencyP50: users.latencyP50Ms / report.baseline.latencyP50Ms,
    };
  }
  return report;
}

/** PGlite: the server holds the data dir, so seed between a first (migrate + demo) start and the measured one. */
export async function runPglite(load: LoadOptions): Promise<BackendReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pglite-'));
  const backend: Backend = { kind: 'pglite', dataDir };
  return withCleanup(
    () => rm(dataDir, { recursive: true, force: true }),
    async () => {
      console.log(`PGlite (DATA_DIR=${dataDir}): first start to migrate and seed the demo ...`);
      const first = await startApi(backend);
      await first.stop();
      console.log(`PGlite: inserting ${EXTRA_USERS} users with @electric-sql/pglite ...`);
      const started = performance.now();
      const db = await PGlite.create(join(dataDir, 'pgdata'));
      try {
        const role = firstInt((await db.query(pickRoleSql)).rows, 'id');
        await db.exec(seedUsersSql(role));
        for (const statement of afterSeedSql) await db.exec(statement);
        firstInt((await db.query(countUsersSql)).rows, 'total');
      } finally {
        await db.close();
      }
      const seedSeconds = (performance.now() - started) / 1000;
      const report = await benchBackend('PGlite', backend, load);
      report.seedSeconds = seedSeconds;
      return report;
    },
  );
}

/** PostgreSQL: a throwaway database on the local server, seeded with pg while the API runs. */
export async function runPostgres(load: LoadOptions, adminUrl: string): Promise<BackendReport> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    return {
      name: 'PostgreSQL',
      status: 'skipped',
      note: `${adminUrl} unreachable: ${reason}`,
      api: [],
    };
  }
  const database = `bench_portal_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const backend: Backend = { kind: 'postgres', databaseUrl: url.toString() };
  const dropDatabase = async () => {
    await admin
      .query(`drop database if exists ${database} with (force)`)
      .catch((error: unknown) => {
        console.error(`could not drop ${database}:`, error);
      });
    await admin.end().catch(() => undefined);
  };
  return withCleanup(dropDatabase, async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    console.log(`PostgreSQL (database ${database}): starting the API (migrations + demo seed) ...`);
    return await benchBackend('PostgreSQL', backend, load, async () => {
      console.log(`PostgreSQL: inserting ${EXTRA_USERS} users with pg ...`);
      const started = performance.now();
      const client = new pg.Client({ connectionString: backend.databaseUrl });
      await client.connect();
      try {
        const role = firstInt((await client.query(pickRoleSql)).rows, 'id');
        await client.query(seedUsersSql(role));
        for (const statement of afterSeedSql) await client.query(statement);
      } finally {
        await client.end();
      }
      return (performance.now() - started) / 1000;
    });
  });
}

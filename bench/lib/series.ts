/**
 * Figures that grow with the product (issue 13 item 6), on PostgreSQL:
 * - the tenant-size series: GET /api/users?perPage=20 at 10k, 100k and 1M users in one company
 *   (seeded with generate_series SQL, never through the API), each beside the bare handler on the
 *   same data;
 * - the lone sign-in: POST /api/auth/login on one connection, beside one argon2id verify (the
 *   API's parameters) timed in this process during the same run;
 * - sign-in throughput: the same request on the run's connections (10 by default), beside what the
 *   hash alone allows: as many verifies at once, in this process, for the same time.
 * Figures only: nothing here passes or fails.
 */
import { hash, verify } from '@node-rs/argon2';
import pg from 'pg';
import { startBaseline } from './baseline.ts';
import { type LoadOptions, type LoadResult, measure } from './load.ts';
import { withCleanup } from './processes.ts';
import { BENCH_COMPANY_ID, countUsersSql, pickRoleSql } from './seed.ts';
import { type Backend, getJson, login, startApi } from './server.ts';

const DEMO_EMAIL = 'agent@demo.example';
const DEMO_PASSWORD = 'Demo@12345';
/** The API's argon2id setting (apps/api/src/platform/passwords.ts ARGON2_OPTIONS). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface SeriesPoint {
  users: number;
  seedSeconds: number;
  api: LoadResult;
  baseline: LoadResult;
  totalReported: number;
  totalEstimated: boolean;
}
export interface LoginFigures {
  /** POST /api/auth/login, one connection. */
  lone: LoadResult;
  /** One argon2id verify in this process: median and p90 over `samples`, milliseconds. */
  verifyMedianMs: number;
  verifyP90Ms: number;
  samples: number;
  /** POST /api/auth/login on `connections` connections. */
  concurrent: LoadResult;
  connections: number;
  /** argon2id verifies per second with as many running at once as the load has connections. */
  verifiesPerSecond: number;
}
export interface SeriesReport {
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  points: SeriesPoint[];
  login?: LoginFigures;
}

/** Inserts users `from`..`to` (1-based) into company 1 with their sign-in identities. */
function seedRangeSql(roleId: number, from: number, to: number): string {
  return `
    with inserted as (
      insert into users (company_id, email, first_name, last_name, role_id, access_level)
      select ${BENCH_COMPANY_ID}, 'series-user-' || g || '@bench.example', 'Bench' || (g % 97),
             'Load' || lpad(((g::bigint * 7919) % 1000003)::text, 7, '0'), ${roleId}, 1
        from generate_series(${from}, ${to}) as g
      returning company_id, id, email
    )
    insert into user_identities (email, company_id, user_id, password_hash)
    select email, company_id, id, 'not-a-real-hash' from inserted`;
}

async function argon2Verify(samples: number): Promise<{ median: number; p90: number }> {
  const stored = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await verify(stored, DEMO_PASSWORD);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? NaN,
    p90: times[Math.floor(times.length * 0.9)] ?? NaN,
  };
}

/** Verifies per second with `concurrency` verifies always in flight (the threadpool's share). */
async function argon2Throughput(concurrency: number, seconds: number): Promise<number> {
  const stored = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await verify(stored, DEMO_PASSWORD);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

function listData(body: unknown): { total: number; estimated: boolean } {
  const data: unknown = Reflect.get(Object(body), 'data');
  return {
    total: Number(Reflect.get(Object(data), 'total')),
    estimated: Reflect.get(Object(data), 'total_estimated') === true,
  };
}

export async function runSeries(
  load: LoadOptions,
  adminUrl: string,
  sizes: readonly number[],
): Promise<SeriesReport> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { status: 'skipped', note: `${adminUrl} unreachable: ${String(error)}`, points: [] };
  }
  const database = `bench_series_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const backend: Backend = { kind: 'postgres', databaseUrl: url.toString() };
  const drop = async () => {
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  return withCleanup(drop, async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    const report: SeriesReport = { status: 'ok', points: [] };
    // First start: migrations and the demo seed; stopped while seeding so seeding has the cores.
    const first = await startApi(backend);
    await first.stop();
    const client = new pg.Client({ connectionString: backend.databaseUrl });
    await client.connect();
    try {
      const roleRows = (await client.query(pickRoleSql)).rows as { id: number }[];
      const roleId = Number(roleRows[0]?.id);
      let seeded = 0;
      for (const size of sizes) {
        console.log(`Series: seeding up to ${size.toLocaleString('en-US')} users ...`);
        const started = performance.now();
        const existing = Number(
          ((await client.query(countUsersSql)).rows as { total: number }[])[0]?.total ?? 0,
        );
        const missing = Math.max(0, size - existing);
        for (let from = 1; from <= missing; from += 200_000) {
          const to = Math.min(missing, from + 199_999);
          await client.query(seedRangeSql(roleId, seeded + from, seeded + to));
        }
        seeded += missing;
        await client.query('vacuum analyze users');
        await client.query('vacuum analyze user_identities');
        const seedSeconds = (performance.now() - started) / 1000;

        const api = await startApi(backend);
        let apiResult: LoadResult;
        let totals: { total: number; estimated: boolean };
        try {
          const { token } = await login(api.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
          totals = listData(await getJson(api.baseUrl, '/api/users?perPage=20', token));
          console.log(`Series ${size}: GET /api/users?perPage=20 ...`);
          apiResult = await measure(
            {
              name: `users list @${size}`,
              method: 'GET',
              url: `${api.baseUrl}/api/users?perPage=20`,
              headers: { authorization: `Bearer ${token}` },
            },
            load,
          );
          if (!report.login) {
            console.log('Lone sign-in: POST /api/auth/login on one connection ...');
            const lone = await measure(
              {
                name: 'lone login',
                method: 'POST',
                url: `${api.baseUrl}/api/auth/login`,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
              },
              { ...load, connections: 1 },
            );
            console.log(`Sign-in: POST /api/auth/login on ${load.connections} connections ...`);
            const concurrent = await measure(
              {
                name: 'concurrent login',
                method: 'POST',
                url: `${api.baseUrl}/api/auth/login`,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
              },
              load,
            );
            const samples = 30;
            const timed = await argon2Verify(samples);
            report.login = {
              lone,
              verifyMedianMs: timed.median,
              verifyP90Ms: timed.p90,
              samples,
              concurrent,
              connections: load.connections,
              verifiesPerSecond: await argon2Throughput(load.connections, load.seconds),
            };
          }
        } finally {
          await api.stop();
        }
        const baseline = await startBaseline(backend);
        let baselineResult: LoadResult;
        try {
          console.log(`Series ${size}: baseline GET /users ...`);
          baselineResult = await measure(
            { name: `baseline @${size}`, method: 'GET', url: `${baseline.baseUrl}/users` },
            load,
          );
        } finally {
          await baseline.stop();
        }
        report.points.push({
          users: existing + missing,
          seedSeconds,
          api: apiResult,
          baseline: baselineResult,
          totalReported: totals.total,
          totalEstimated: totals.estimated,
        });
      }
    } finally {
      await client.end();
    }
    return report;
  });
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export function formatSeries(report: SeriesReport): string {
  if (report.status !== 'ok') return `Tenant-size series: ${report.status} (${report.note ?? ''})`;
  const lines = [
    'Tenant-size series (PostgreSQL, GET /api/users?perPage=20 vs the bare handler, same data):',
    'users       seed s  api req/s  api p50  api p99  bare req/s  bare p50  bare p99  ratio req/s  total (estimated?)',
  ];
  const first = report.points[0];
  for (const p of report.points) {
    lines.push(
      [
        p.users.toLocaleString('en-US').padEnd(10),
        fixed(p.seedSeconds).padStart(6),
        fixed(p.api.requestsPerSecond).padStart(9),
        fixed(p.api.latencyP50Ms, 2).padStart(7),
        fixed(p.api.latencyP99Ms, 2).padStart(7),
        fixed(p.baseline.requestsPerSecond).padStart(10),
        fixed(p.baseline.latencyP50Ms, 2).padStart(8),
        fixed(p.baseline.latencyP99Ms, 2).padStart(8),
        fixed(p.api.requestsPerSecond / p.baseline.requestsPerSecond, 2).padStart(11),
        `${p.totalReported}${p.totalEstimated ? ' (estimated)' : ''}`,
      ].join('  '),
    );
  }
  const last = report.points.at(-1);
  if (first && last && last !== first)
    lines.push(
      `api p50 at ${last.users.toLocaleString('en-US')} / at ${first.users.toLocaleString('en-US')}: ${fixed(last.api.latencyP50Ms / first.api.latencyP50Ms, 2)}x; bare: ${fixed(last.baseline.latencyP50Ms / first.baseline.latencyP50Ms, 2)}x`,
    );
  if (report.login) {
    const l = report.login;
    lines.push(
      `Lone sign-in (1 connection): p50 ${fixed(l.lone.latencyP50Ms, 2)} ms, p99 ${fixed(l.lone.latencyP99Ms, 2)} ms, ${fixed(l.lone.requestsPerSecond)} req/s; one argon2id verify in this run: median ${fixed(l.verifyMedianMs, 2)} ms (p90 ${fixed(l.verifyP90Ms, 2)}, ${l.samples} samples); ratio p50/verify ${fixed(l.lone.latencyP50Ms / l.verifyMedianMs, 2)}x`,
      `Sign-in on ${l.connections} connections: ${fixed(l.concurrent.requestsPerSecond)} req/s (p50 ${fixed(l.concurrent.latencyP50Ms, 2)} ms, p99 ${fixed(l.concurrent.latencyP99Ms, 2)} ms); the hash alone, as many at once: ${fixed(l.verifiesPerSecond)} verifies/s; ratio ${fixed(l.concurrent.requestsPerSecond / l.verifiesPerSecond, 2)}x`,
    );
  }
  return lines.join('\n');
}

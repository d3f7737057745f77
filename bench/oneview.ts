/**
 * npm run bench:oneview -w @portal/bench: OneView, the home screen, on PostgreSQL. Starts the built
 * API on a throwaway database (migrated, demo seed), then, first on the demo tenant as seeded and
 * then with the demo company grown to STORES stores (default 200) and EMPLOYEES employees (default
 * 2,000) each with a shift today (one in ten late, not clocked in), the others clocked in (one in
 * eight on a break), one in twenty with time off waiting, and a store order per store:
 *
 * - sign-in to figures: the time from the sign-in request to the last reply every widget needs,
 *   replaying the requests the web app makes, in its order and parallelism: POST /api/auth/login;
 *   then the shell's GET /api/auth/me with the menu's GET /api/sidebar-items; then OneView's
 *   GET /api/oneview/layout with GET /api/oneview/scopes, and once the scopes are in (the scope bar
 *   picks the default) GET /api/oneview/widget-data, whose reply holds every widget's figure.
 *   ROUNDS times one after the other (p50, p99, max), for the owner (company scope, layout 1) and
 *   the store manager (their store, layout 2);
 * - GET /api/oneview/widget-data under BENCH_CONNECTIONS (default 10) connections for
 *   BENCH_SECONDS (default 5): p50 and p99, per person.
 *
 * Prints the figures with the load average; writes results/oneview.json.
 * Env: STORES, EMPLOYEES, ROUNDS (default 20), BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PG_URL
 * (admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_ENTRY, BENCH_KEEP_DB.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { measure } from './lib/load.ts';
import {
  createBenchDatabase,
  dropBenchDatabase,
  installCleanup,
  runMain,
} from './lib/processes.ts';
import { writeResults } from './lib/report.ts';
import { ensureApiBuilt, startApi } from './lib/server.ts';

const STORES = Math.max(1, Math.round(Number(process.env.STORES ?? 200)));
const EMPLOYEES = Math.max(1, Math.round(Number(process.env.EMPLOYEES ?? 2000)));
const ROUNDS = Math.max(1, Math.round(Number(process.env.ROUNDS ?? 20)));
const seconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
const connections = Math.max(1, Math.round(Number(process.env.BENCH_CONNECTIONS ?? 10)));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANY = 1;
const PASSWORD = 'Demo@12345';
const PEOPLE = ['agent@demo.example', 'manager@demo.example'];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function json(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body as Record<string, unknown>;
}

/** One sign-in to every widget's figure, as the web app requests it; milliseconds and figures. */
async function signInToFigures(baseUrl: string, email: string) {
  const started = performance.now();
  const signedIn = await json(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = String(signedIn.token);
  await Promise.all([
    json(baseUrl, '/api/auth/me', { token }),
    json(baseUrl, '/api/sidebar-items', { token }),
  ]);
  const [, data] = await Promise.all([
    json(baseUrl, '/api/oneview/layout', { token }),
    json(baseUrl, '/api/oneview/scopes', { token }).then((scopes) => {
      const chosen = (scopes.data as { default: { level: string; id: number | null } | null })
        .default;
      const query = chosen
        ? `?level=${chosen.level}${chosen.id === null ? '' : `&id=${String(chosen.id)}`}`
        : '';
      return json(baseUrl, `/api/oneview/widget-data${query}`, { token });
    }),
  ]);
  const figures = (data.data as { figures: { key: string; value: number }[] }).figures;
  return { ms: performance.now() - started, token, figures };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measureTenant(baseUrl: string, label: string) {
  const out: Record<string, unknown> = {};
  for (const email of PEOPLE) {
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof signInToFigures>> | undefined;
    await signInToFigures(baseUrl, email); // warm-up, not counted
    for (let i = 0; i < ROUNDS; i++) {
      last = await signInToFigures(baseUrl, email);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const signIn = {
      p50Ms: Math.round(percentile(times, 50)),
      p99Ms: Math.round(percentile(times, 99)),
      maxMs: Math.round(times.at(-1) ?? 0),
      rounds: ROUNDS,
      figures: Object.fromEntries((last?.figures ?? []).map((f) => [f.key, f.value])),
    };
    console.log(
      `${label}, ${email}: sign-in to every figure p50 ${signIn.p50Ms} ms, p99 ${signIn.p99Ms} ms, max ${signIn.maxMs} ms (${ROUNDS} rounds; load ${load()})`,
    );
    console.log(`  figures: ${JSON.stringify(signIn.figures)}`);
    const result = await measure(
      {
        name: `widget-data ${email}`,
        method: 'GET',
        url: `${baseUrl}/api/oneview/widget-data`,
        headers: { authorization: `Bearer ${last?.token ?? ''}` },
      },
      { seconds, connections, warmupSeconds: 1 },
    );
    const widgetData = {
      p50Ms: result.latencyP50Ms,
      p99Ms: result.latencyP99Ms,
      requestsPerSecond: Math.round(result.requestsPerSecond),
      requests: result.requests,
      non2xx: result.non2xx,
      loadAverage: load(),
    };
    console.log(
      result.requests
        ? `${label}, ${email}: GET /api/oneview/widget-data, ${connections} connections: p50 ${widgetData.p50Ms} ms, p99 ${widgetData.p99Ms} ms, ${widgetData.requestsPerSecond} req/s (${result.non2xx} not 2xx; load ${widgetData.loadAverage})`
        : `${label}, ${email}: GET /api/oneview/widget-data, ${connections} connections: no reply within the ${seconds} s window (raise BENCH_SECONDS; load ${widgetData.loadAverage})`,
    );
    out[email] = { signIn, widgetData };
  }
  return out;
}

/** Grows the demo company to STORES stores and EMPLOYEES employees with a day's work under way. */
async function grow(client: pg.Client) {
  const started = performance.now();
  await client.query('begin');
  const have = await client.query<{ stores: number; district: number; role: number }>(
    `select (select count(*)::int from stores where company_id = $1) as stores,
            (select min(id) from districts where company_id = $1) as district,
            (select role_id from users where company_id = $1 and email = 'employee@demo.example') as role`,
    [COMPANY],
  );
  const { stores, district, role } = have.rows[0] ?? { stores: 0, district: 0, role: 0 };
  await client.query(
    `insert into stores (company_id, name, district_id, time_zone, opens_at, closes_at)
     select $1, 'Bench Store ' || g, $2, 'America/New_York', '09:00', '21:00'
       from generate_series(1, greatest(0, $3::int - $4::int)) g`,
    [COMPANY, district, STORES, stores],
  );
  // Employees at the stores in turn, each with a shift today that began 2 hours ago.
  await client.query(
    `with s as (select row_number() over (order by id) as n, id from stores where company_id = $1 and is_active)
     insert into users (company_id, email, first_name, last_name, role_id, access_level, current_store)
     select $1, 'bench-staff-' || g || '@bench.example', 'Bench' || (g % 97), 'Staff' || lpad(g::text, 5, '0'), $3, 1, s.id
       from generate_series(1, $2::int) g
       join s on s.n = 1 + g % (select count(*) from s)`,
    [COMPANY, EMPLOYEES, role],
  );
  await client.query(
    `create temporary table bench_staff on commit drop as
     select row_number() over (order by id) as g, id as user_id, current_store as store_id
       from users where company_id = $1 and email like 'bench-staff-%'`,
    [COMPANY],
  );
  await client.query(
    `insert into hr_schedules (company_id, user_id, store_id, shift_start, shift_end, published_at)
     select $1, user_id, store_id, now() - interval '2 hours', now() + interval '6 hours', now() - interval '1 day'
       from bench_staff`,
    [COMPANY],
  );
  // Nine in ten clocked in (one in ten of the shifts late: nobody clocked in).
  await client.query(
    `insert into hr_timecards (company_id, user_id, store_id, time_zone, clock_in)
     select $1, user_id, store_id, 'America/New_York', now() - interval '2 hours' + (g % 7) * interval '1 minute'
       from bench_staff where g % 10 <> 0`,
    [COMPANY],
  );
  await client.query(
    `insert into hr_timeoff_requests (company_id, user_id, type_id, start_date, end_date, minutes, status)
     select $1, user_id, (select min(id) from hr_timeoff_types where company_id = $1),
            current_date + 30, current_date + 30, 480, 'pending'
       from bench_staff where g % 20 = 0`,
    [COMPANY],
  );
  await client.query(
    `insert into orders (company_id, store_id, kind, status, total_cents)
     select $1, id, 'device', 'submitted', 100000 from stores where company_id = $1 and is_active`,
    [COMPANY],
  );
  await client.query('commit');
  await client.query('analyze');
  const counted = await client.query<{ stores: number; employees: number }>(
    `select (select count(*)::int from stores where company_id = $1 and is_active) as stores,
            (select count(*)::int from users where company_id = $1 and not is_deleted) as employees`,
    [COMPANY],
  );
  return { ...counted.rows[0], seedMs: Math.round(performance.now() - started) };
}

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  await ensureApiBuilt();
  const { admin, database, databaseUrl } = await createBenchDatabase(adminUrl, 'bench_oneview');
  const results: Record<string, unknown> = {};
  let grown: Awaited<ReturnType<typeof grow>> | null = null;
  try {
    console.log('PostgreSQL: starting the API (migrate, demo seed) ...');
    const api = await startApi({ kind: 'postgres', databaseUrl: databaseUrl });
    const owner = new pg.Client({ connectionString: databaseUrl });
    try {
      await owner.connect();
      results.demo = await measureTenant(api.baseUrl, 'demo tenant');
      console.log(`growing the demo company to ${STORES} stores and ${EMPLOYEES} employees ...`);
      grown = await grow(owner);
      console.log(`grown: ${JSON.stringify(grown)}`);
      results.large = await measureTenant(
        api.baseUrl,
        `${grown.stores ?? STORES} stores, ${grown.employees ?? EMPLOYEES} people`,
      );
    } finally {
      await owner.end().catch(() => undefined);
      await api.stop();
    }
  } finally {
    await dropBenchDatabase(admin, database);
  }
  writeResults('oneview', loadAverageBefore, {
    startedAt,
    seconds,
    connections,
    grown,
    results,
  });
}

runMain(main);

/**
 * npm run bench:timesheets -w @portal/bench: how long computeTimesheets takes for a month of a
 * 200-employee company, on PGlite and on PostgreSQL. Seeds the demo tenant, then EMPLOYEES (default
 * 200) employees at its first store with a timecard every weekday of October 2026 (a lunch, unpaid,
 * and a coffee break, paid, in each; a published shift for each; some late, some long days), and
 * times the month's computation (the function GET /api/hr-timesheets runs) RUNS times after a
 * warm-up. Prints figures; writes results/hr-timesheets.json.
 *
 * Env: EMPLOYEES, RUNS, BENCH_PG_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { computeTimesheets } from '../apps/api/src/modules/timesheets/compute.ts';
import {
  openPglite,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from '../apps/api/src/platform/database.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { resultsDir } from './lib/paths.ts';

const employees = Math.max(1, Math.round(Number(process.env.EMPLOYEES ?? 200)));
const runs = Math.max(1, Math.round(Number(process.env.RUNS ?? 5)));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANY = 1;
const FROM = '2026-10-01';
const TO = '2026-10-31';

interface Result {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  note?: string;
  employees?: number;
  timecards?: number;
  breaks?: number;
  seedMs?: number;
  runsMs?: number[];
  minMs?: number;
  medianMs?: number;
  maxMs?: number;
  workedHours?: number;
  overtimeHours?: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function scalar(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** 200 employees, a timecard each weekday of the month with two breaks, and their shifts. */
async function seedMonth(db: Database) {
  const store = await scalar(db, sql`select min(id) from stores where company_id = ${COMPANY}`);
  const role = await scalar(db, sql`select min(id) from roles where company_id = ${COMPANY}`);
  const lunch = await scalar(
    db,
    sql`select id from hr_break_settings where company_id = ${COMPANY} and store_id = ${store} and short_description = 'Lunch Break'`,
  );
  const coffee = await scalar(
    db,
    sql`select id from hr_break_settings where company_id = ${COMPANY} and store_id = ${store} and short_description = 'Coffee Break'`,
  );
  await db.execute(sql`
    insert into users (company_id, email, first_name, last_name, role_id, access_level, current_store)
    select ${COMPANY}, 'sheet-' || g || '@bench.example', 'Sheet' || g, 'Bench' || lpad(g::text, 4, '0'),
           ${role}, 1, ${store}
      from generate_series(1, ${employees}) g`);
  // Weekdays of October 2026; shifts 09:00-17:30 New York time (13:00Z-21:30Z), every seventh
  // employee 10 minutes late, every fifth day an hour and a half longer.
  await db.execute(sql`
    insert into hr_schedules (company_id, user_id, store_id, shift_start, shift_end)
    select ${COMPANY}, u.id, ${store}, d + time '13:00', d + time '21:30'
      from users u, generate_series(date '2026-10-01', date '2026-10-31', interval '1 day') d
     where u.company_id = ${COMPANY} and u.email like 'sheet-%@bench.example'
       and extract(isodow from d) < 6`);
  await db.execute(sql`
    insert into hr_timecards (company_id, user_id, store_id, schedule_id, clock_in, clock_out, time_zone)
    select s.company_id, s.user_id, s.store_id, s.id,
           s.shift_start + case when s.user_id % 7 = 0 then interval '10 minutes' else interval '0' end,
           s.shift_end + case when extract(day from s.shift_start)::int % 5 = 0 then interval '90 minutes' else interval '0' end,
           'America/New_York'
      from hr_schedules s join users u on u.company_id = s.company_id and u.id = s.user_id
     where s.company_id = ${COMPANY} and u.email like 'sheet-%@bench.example'`);
  await db.execute(sql`
    insert into hr_timecard_breaks (company_id, timecard_id, user_id, break_setting_id, short_description,
                                    duration, is_paid, is_mandatory, break_start, break_end)
    select t.company_id, t.id, t.user_id, ${lunch}::int, 'Lunch Break', 30, false, true,
           t.clock_in + interval '4 hours', t.clock_in + interval '4 hours 30 minutes'
      from hr_timecards t where t.company_id = ${COMPANY}
    union all
    select t.company_id, t.id, t.user_id, ${coffee}::int, 'Coffee Break', 15, true, false,
           t.clock_in + interval '2 hours', t.clock_in + interval '2 hours 15 minutes'
      from hr_timecards t where t.company_id = ${COMPANY}`);
  for (const table of ['users', 'hr_schedules', 'hr_timecards', 'hr_timecard_breaks'])
    await db.execute(sql.raw(`analyze ${table}`));
  return {
    timecards: await scalar(
      db,
      sql`select count(*) from hr_timecards where company_id = ${COMPANY}`,
    ),
    breaks: await scalar(
      db,
      sql`select count(*) from hr_timecard_breaks where company_id = ${COMPANY}`,
    ),
  };
}

async function measure(name: string, handle: DatabaseHandle): Promise<Result> {
  const db = handle.system; // outside any request: the system path (row-level security)
  const seedStart = performance.now();
  await seedDemo(db);
  const counts = await seedMonth(db);
  const seedMs = round(performance.now() - seedStart);
  const query = { from: FROM, to: TO };
  const warm = await computeTimesheets(db, COMPANY, query);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await computeTimesheets(db, COMPANY, query);
    times.push(round(performance.now() - start));
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    status: 'ok',
    employees: warm.employees.length,
    ...counts,
    seedMs,
    runsMs: times,
    minMs: sorted[0],
    medianMs: sorted[Math.floor(sorted.length / 2)],
    maxMs: sorted[sorted.length - 1],
    workedHours: round(warm.totals.worked_minutes / 60),
    overtimeHours: round(warm.totals.overtime_minutes / 60),
  };
}

async function pglite(): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-timesheets-'));
  const handle = await openPglite({ dataDir: dir });
  try {
    return await measure('PGlite', handle);
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Result> {
  const name = `bench_timesheets_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    return {
      name: 'PostgreSQL',
      status: 'skipped',
      note: `no server at ${adminUrl}: ${String(error)}`,
    };
  }
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString());
    // The pool's idle connections end when the database is dropped: not a failure of the bench.
    const pool: unknown = (handle.db as unknown as { $client?: unknown }).$client;
    if (pool instanceof pg.Pool) pool.on('error', () => undefined);
    try {
      return await measure('PostgreSQL', handle);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

const results: Result[] = [];
for (const run of [pglite, postgres]) {
  try {
    results.push(await run());
  } catch (error) {
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
    results.push({ name: run.name, status: 'failed', note: `${String(error)}${cause}` });
  }
}
console.log(
  `Month of timesheets (${FROM} to ${TO}), ${employees} employees, ${runs} runs after a warm-up`,
);
console.log(
  `  machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (other work on the machine slows both figures)`,
);
for (const r of results) {
  if (r.status !== 'ok') {
    console.log(`  ${r.name}: ${r.status} ${r.note ?? ''}`);
    continue;
  }
  console.log(
    `  ${r.name}: ${r.employees} employees, ${r.timecards} timecards, ${r.breaks} breaks: ` +
      `median ${r.medianMs} ms (min ${r.minMs}, max ${r.maxMs}); ` +
      `${r.workedHours} h worked, ${r.overtimeHours} h overtime; seeded in ${r.seedMs} ms`,
  );
}
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'hr-timesheets.json'), `${JSON.stringify(results, null, 2)}\n`);

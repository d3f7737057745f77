/**
 * npm run bench:hr -w @portal/bench: the web clock under load, on PGlite and PostgreSQL.
 * WORKERS employees (default 20) each loop clock-in then clock-out for BENCH_SECONDS (default 10):
 * every clock-in writes a new timecard. Reports clock-in and clock-out p50/p99, then a burst of
 * concurrent duplicate clock-ins (a double press from every employee at once) and checks that each
 * employee still has exactly one open timecard. Prints figures; writes results/hr-clock.json.
 *
 * Then the same with the face check on (company setting, block): every employee enrols a face
 * from the sample photos @vladmandic/face-api ships, and clocks in and out sending another capture
 * of it, first one employee alone (the latency a person sees), then everyone at once (the model runs
 * in one worker thread per API process, so concurrent checks queue).
 *
 * Env: BENCH_SECONDS, WORKERS, BENCH_PG_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_API_ENTRY (a private API build instead of apps/api/dist/main.js).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { faceJpeg } from '../apps/api/test/api/face-images.ts';
import { call, type Figures, figures } from './lib/calls.ts';
import { resultsDir } from './lib/paths.ts';
import { installCleanup, killAll, withCleanup } from './lib/processes.ts';
import { type Backend, ensureApiBuilt, login, startApi } from './lib/server.ts';

const seconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10));
const workers = Math.max(1, Math.round(Number(process.env.WORKERS ?? 20)));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench-Clock-2026!';

interface Employee {
  token: string;
  userId: number;
  storeId: number;
}

interface BackendResult {
  name: string;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  clockIn?: Figures;
  clockOut?: Figures;
  sessionRead?: Figures;
  duplicateBurst?: { requests: number; non200: number; openTimecardsPerEmployee: number[] };
  faceCheck?: FaceFigures;
}

interface FaceFigures {
  /** a clock-in without a photo: the faceAuthPending answer (no inference) */
  pending: Figures;
  /** one employee alone: clock-in and clock-out with a photo */
  aloneClockIn: Figures;
  aloneClockOut: Figures;
  /** every employee at once */
  concurrentClockIn: Figures;
}

function dataOf(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  if (typeof data !== 'object' || data === null)
    throw new Error(`reply without data: ${JSON.stringify(body).slice(0, 200)}`);
  return data as Record<string, unknown>;
}

/** Creates `workers` hourly employees with the clock permissions and signs each in. */
async function employees(baseUrl: string): Promise<Employee[]> {
  const { token: agent } = await login(baseUrl, 'agent@demo.example', 'Demo@12345');
  const roles = dataOf((await call(baseUrl, 'GET', '/roles?perPage=50', agent)).body).results;
  const stores = dataOf(
    (await call(baseUrl, 'GET', '/stores?perPage=50&sort=id', agent)).body,
  ).results;
  if (!Array.isArray(roles) || !Array.isArray(stores)) throw new Error('no roles or stores');
  const role = roles.find(
    (r: unknown) =>
      typeof r === 'object' &&
      r !== null &&
      'base_role' in r &&
      r.base_role === 'sub_agent_employee',
  ) as { id: number } | undefined;
  if (!role) throw new Error('no Sales Associate role');
  const storeIds: number[] = stores.map((s: { id: number }) => s.id);
  const firstStore = storeIds[0];
  if (firstStore === undefined) throw new Error('no stores');
  const result: Employee[] = [];
  for (let index = 0; index < workers; index++) {
    const email = `bench.clock.${index}@demo.example`;
    const storeId = storeIds[index % storeIds.length] ?? firstStore;
    // Their current store: the clock takes a clock-in only at a store the person works at.
    const created = await call(baseUrl, 'POST', '/users', agent, {
      email,
      first_name: 'Bench',
      last_name: `Clock ${index}`,
      role_id: role.id,
      password: PASSWORD,
      current_store: storeId,
    });
    if (created.status !== 200)
      throw new Error(`create ${email}: ${JSON.stringify(created.body).slice(0, 300)}`);
    const userId = Number(dataOf(created.body).id);
    const { token } = await login(baseUrl, email, PASSWORD);
    result.push({ token, userId, storeId });
  }
  return result;
}

async function measureClock(baseUrl: string, people: Employee[]) {
  const clockIns: number[] = [];
  const clockOuts: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < deadline) {
        let started = performance.now();
        const inReply = await call(baseUrl, 'POST', '/hr-web-clockin', person.token, {
          user_id: person.userId,
          store_id: person.storeId,
          user_comment: 'bench',
        });
        clockIns.push(performance.now() - started);
        if (inReply.status !== 200)
          throw new Error(`clock-in: ${JSON.stringify(inReply.body).slice(0, 300)}`);
        const timecardId = Number(dataOf(inReply.body).timecard_id);
        started = performance.now();
        const outReply = await call(baseUrl, 'PATCH', '/hr-web-clockin', person.token, {
          id: timecardId,
          user_id: person.userId,
        });
        clockOuts.push(performance.now() - started);
        if (outReply.status !== 200)
          throw new Error(`clock-out: ${JSON.stringify(outReply.body).slice(0, 300)}`);
      }
    }),
  );
  // For scale: the same employees reading their clock session, as fast as they can, half as long.
  const reads: number[] = [];
  const readDeadline = performance.now() + (seconds * 1000) / 2;
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < readDeadline) {
        const started = performance.now();
        await call(baseUrl, 'GET', '/hr-web-clockin', person.token);
        reads.push(performance.now() - started);
      }
    }),
  );
  // A double press from everyone at once: 2 clock-ins each, concurrently.
  const burst = await Promise.all(
    people.flatMap((person) =>
      [0, 1].map(() =>
        call(baseUrl, 'POST', '/hr-web-clockin', person.token, {
          user_id: person.userId,
          store_id: person.storeId,
        }),
      ),
    ),
  );
  const open = await Promise.all(
    people.map(async (person) => {
      const session = dataOf(
        (await call(baseUrl, 'GET', '/hr-timecards/active-session', person.token)).body,
      );
      return session.activeSession ? 1 : 0;
    }),
  );
  const timecardsByPerson = people.map(
    (_, index) =>
      new Set(
        [burst[index * 2], burst[index * 2 + 1]].map((reply) =>
          reply ? dataOf(reply.body).timecard_id : null,
        ),
      ).size,
  );
  return {
    clockIn: figures(clockIns),
    clockOut: figures(clockOuts),
    sessionRead: figures(reads),
    duplicateBurst: {
      requests: burst.length,
      non200: burst.filter((reply) => reply.status !== 200).length,
      openTimecardsPerEmployee: open.map((o, index) => o * (timecardsByPerson[index] ?? 0)),
    },
  };
}

/** The face check on: enrol everyone, then clock in and out with a photo (see the header). */
async function measureFaceClock(baseUrl: string, people: Employee[]): Promise<FaceFigures> {
  const { token: agent } = await login(baseUrl, 'agent@demo.example', 'Demo@12345');
  const policy = await call(baseUrl, 'POST', '/hr-settings-companies', agent, {
    face_check_required: true,
    face_check_mode: 'block',
  });
  if (policy.status !== 200) throw new Error(`face policy: ${JSON.stringify(policy.body)}`);
  const enrolPhoto = faceJpeg('s1f2').toString('base64');
  // Another capture of the same face, about the size of a webcam frame.
  const face = {
    faceImage: faceJpeg('s1f2', { margin: 0.4, shift: [0.1, -0.05], quality: 70 }).toString(
      'base64',
    ),
    extension: 'jpeg',
    has_unique_face: false,
  };
  for (const person of people) {
    const version = dataOf(
      (await call(baseUrl, 'GET', `/users/update-face/${person.userId}`, person.token)).body,
    ).current_consent_version;
    const enrolled = await call(
      baseUrl,
      'PATCH',
      `/users/update-face/${person.userId}`,
      person.token,
      {
        faceImage: enrolPhoto,
        extension: 'jpeg',
        consent: true,
        consent_version: version,
      },
    );
    if (enrolled.status !== 200) throw new Error(`enrol: ${JSON.stringify(enrolled.body)}`);
  }
  const punch = async (person: Employee, inTimes: number[], outTimes?: number[]) => {
    let started = performance.now();
    const inReply = await call(baseUrl, 'POST', '/hr-web-clockin', person.token, {
      user_id: person.userId,
      store_id: person.storeId,
      ...face,
    });
    inTimes.push(performance.now() - started);
    if (inReply.status !== 200)
      throw new Error(`face clock-in: ${JSON.stringify(inReply.body).slice(0, 300)}`);
    started = performance.now();
    const outReply = await call(baseUrl, 'PATCH', '/hr-web-clockin', person.token, {
      id: Number(dataOf(inReply.body).timecard_id),
      user_id: person.userId,
      ...face,
    });
    outTimes?.push(performance.now() - started);
    if (outReply.status !== 200)
      throw new Error(`face clock-out: ${JSON.stringify(outReply.body).slice(0, 300)}`);
  };
  const pending: number[] = [];
  for (const person of people) {
    const started = performance.now();
    const reply = await call(baseUrl, 'POST', '/hr-web-clockin', person.token, {
      user_id: person.userId,
      store_id: person.storeId,
    });
    pending.push(performance.now() - started);
    if (reply.status !== 428) throw new Error(`expected faceAuthPending, got ${reply.status}`);
  }
  const [first] = people;
  if (!first) throw new Error('no employees');
  const aloneIn: number[] = [];
  const aloneOut: number[] = [];
  let deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline || aloneIn.length < 5) await punch(first, aloneIn, aloneOut);
  const concurrent: number[] = [];
  deadline = performance.now() + seconds * 1000;
  await Promise.all(
    people.map(async (person) => {
      do await punch(person, concurrent);
      while (performance.now() < deadline);
    }),
  );
  await call(baseUrl, 'POST', '/hr-settings-companies', agent, { face_check_required: false });
  return {
    pending: figures(pending),
    aloneClockIn: figures(aloneIn),
    aloneClockOut: figures(aloneOut),
    concurrentClockIn: figures(concurrent),
  };
}

async function run(name: string, backend: Backend): Promise<BackendResult> {
  console.log(`${name}: starting the API ...`);
  const api = await startApi(backend);
  try {
    const people = await employees(api.baseUrl);
    console.log(`${name}: ${people.length} employees clock in and out for ${seconds} s ...`);
    const plain = await measureClock(api.baseUrl, people);
    console.log(`${name}: the same with the face check on ...`);
    return { name, status: 'ok', ...plain, faceCheck: await measureFaceClock(api.baseUrl, people) };
  } finally {
    await api.stop();
  }
}

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  console.log(`load average before: ${loadAverageBefore.map((l) => l.toFixed(1)).join(' ')}`);
  await ensureApiBuilt();
  const results: BackendResult[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-hr-'));
  results.push(
    await withCleanup(
      () => rm(dataDir, { recursive: true, force: true }),
      () => run('PGlite', { kind: 'pglite', dataDir }),
    ).catch((error: unknown) => ({
      name: 'PGlite',
      status: 'failed' as const,
      note: String(error),
    })),
  );

  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  const database = `bench_hr_${process.pid}`;
  try {
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    results.push(
      await run('PostgreSQL', { kind: 'postgres', databaseUrl: url.toString() }).catch(
        (error: unknown) => ({
          name: 'PostgreSQL',
          status: 'failed' as const,
          note: String(error),
        }),
      ),
    );
  } catch (error) {
    results.push({ name: 'PostgreSQL', status: 'skipped', note: String(error) });
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }

  for (const result of results) {
    if (result.status !== 'ok') {
      console.log(`${result.name}: ${result.status} (${result.note ?? ''})`);
      continue;
    }
    const { clockIn, clockOut, duplicateBurst } = result;
    console.log(
      `${result.name}: clock-in p50 ${clockIn?.p50Ms} ms, p99 ${clockIn?.p99Ms} ms (${clockIn?.count} clock-ins); ` +
        `clock-out p50 ${clockOut?.p50Ms} ms, p99 ${clockOut?.p99Ms} ms; ` +
        `session read p50 ${result.sessionRead?.p50Ms} ms, p99 ${result.sessionRead?.p99Ms} ms; ` +
        `double-press burst: ${duplicateBurst?.requests} requests, ${duplicateBurst?.non200} not 200, ` +
        `open timecards per employee ${JSON.stringify([...new Set(duplicateBurst?.openTimecardsPerEmployee)])}`,
    );
    const face = result.faceCheck;
    if (face)
      console.log(
        `${result.name} with the face check: clock-in alone p50 ${face.aloneClockIn.p50Ms} ms, p99 ${face.aloneClockIn.p99Ms} ms (${face.aloneClockIn.count}); ` +
          `clock-out alone p50 ${face.aloneClockOut.p50Ms} ms, p99 ${face.aloneClockOut.p99Ms} ms; ` +
          `${workers} at once: clock-in p50 ${face.concurrentClockIn.p50Ms} ms, p99 ${face.concurrentClockIn.p99Ms} ms (${face.concurrentClockIn.count}); ` +
          `faceAuthPending answer p50 ${face.pending.p50Ms} ms, p99 ${face.pending.p99Ms} ms`,
      );
  }
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'hr-clock.json');
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt, loadAverageBefore, loadAverageAfter: loadavg(), seconds, workers, results }, null, 2)}\n`,
  );
  console.log(`JSON: ${file}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(killAll);

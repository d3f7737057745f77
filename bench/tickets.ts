/**
 * npm run bench:tickets -w @portal/bench: issue 18's figures on PostgreSQL. Starts the built API on
 * a throwaway database (migrated and seeded with the demo tenant), then:
 * 1. Notification delivery to the top bar bell: adds TICKETS_STREAMS (default 200) people to the
 *    demo company (copies of the hourly demo employee, signing in with the demo password), signs
 *    each in and opens their server-sent event stream as the web app does (GET /api/events with the
 *    bearer header, one connection each: 200 connected browsers), measuring the API process's
 *    memory (RSS) before and after. Then causes notifications the way the product does and times,
 *    per delivered `notification.created` event, the request's start to the event's arrival:
 *    - a bulletin to the whole company (POST /api/bulletins as the owner, in the app only): one
 *      request telling every stream, BULLETINS times (default 5), one after another;
 *    - a ticket assigned (PATCH /api/task-tickets/:id assignee_id as the owner): one request telling
 *      one person, once per stream, from ASSIGNERS (default 4) owners' tabs at once (each its own
 *      ticket).
 *    Prints p50/p99 of the delivery latency, how many streams received each event, and the requests'
 *    own p50/p99.
 * 2. The ticket center's list at TICKETS_ROWS (default 100,000) tickets in the tenant (seeded with
 *    SQL, then ANALYZE): GET /api/task-tickets?perPage=20 (default sort -id, as /task-center opens)
 *    as the owner with BENCH_CONNECTIONS at once, beside the bare baseline (lib/baseline-server.ts
 *    /tickets: the same page's SQL, no platform) in the same run.
 * Prints figures with the load average; writes results/tickets.json. Never passes or fails on them.
 *
 * Env: TICKETS_STREAMS, BULLETINS, ASSIGNERS, TICKETS_ROWS, BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 10), BENCH_PG_URL (admin URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_ENTRY (a private build), BENCH_KEEP_DB
 * (keep the database afterwards, for EXPLAIN).
 */
import { readFileSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { startBaseline } from './lib/baseline.ts';
import { measure, type LoadResult } from './lib/load.ts';
import {
  createBenchDatabase,
  dropBenchDatabase,
  installCleanup,
  runMain,
} from './lib/processes.ts';
import { writeResults } from './lib/report.ts';
import { BENCH_COMPANY_ID } from './lib/seed.ts';
import { ensureApiBuilt, getJson, login, startApi, type RunningServer } from './lib/server.ts';
import { seedStreamUsersSql, seedTicketsSql } from './lib/tickets-seed.ts';

const count = (name: string, fallback: number) =>
  Math.max(1, Math.round(Number(process.env[name] ?? fallback)));
const streamCount = count('TICKETS_STREAMS', 200);
const bulletinCount = count('BULLETINS', 5);
const assigners = count('ASSIGNERS', 4);
const ticketRows = count('TICKETS_ROWS', 100_000);
const seconds = count('BENCH_SECONDS', 10);
const connections = count('BENCH_CONNECTIONS', 10);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANY = BENCH_COMPANY_ID;
const PASSWORD = 'Demo@12345';
/** The bell's event (NOTIFICATION_EVENT of @portal/contract/notifications). */
const BELL_EVENT = 'notification.created';
/** How long a delivery may take before it counts as not received. */
const DELIVERY_TIMEOUT_MS = 15_000;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return null;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};
const spread = (values: number[]) => ({
  n: values.length,
  p50Ms: percentile(values, 50),
  p99Ms: percentile(values, 99),
  maxMs: values.length ? round(Math.max(...values)) : null,
});

/** The API process's resident memory in MiB (Linux /proc). */
function rssMiB(api: RunningServer): number | null {
  const pid = api.child.process.pid;
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return match?.[1] ? round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** One person's open stream: bell events are handed to whoever waits for that kind. */
interface Stream {
  userId: number;
  response: IncomingMessage;
  waiters: Map<string, (at: number) => void>;
  /** bell events nobody waited for */
  unexpected: number;
}

/** Opens GET /api/events as the web app does (bearer header, text/event-stream), until `ready`. */
function openStream(baseUrl: string, token: string, userId: number, agent: Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/events`,
      {
        agent,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`events: HTTP ${String(response.statusCode)}`));
          response.resume();
          return;
        }
        const stream: Stream = { userId, response, waiters: new Map(), unexpected: 0 };
        let buffer = '';
        let ready = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (type === 'ready' && !ready) {
              ready = true;
              resolve(stream);
            }
            if (type !== BELL_EVENT) continue;
            const body: unknown = JSON.parse(data);
            const kind = String(Reflect.get(Object(body), 'kind'));
            const waiter = stream.waiters.get(kind);
            if (!waiter) {
              stream.unexpected++;
              continue;
            }
            stream.waiters.delete(kind);
            waiter(at);
          }
        });
        response.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Resolves with the arrival time of the stream's next bell event of `kind`, or null on timeout. */
function nextBell(stream: Stream, kind: string): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stream.waiters.delete(kind);
      resolve(null);
    }, DELIVERY_TIMEOUT_MS);
    stream.waiters.set(kind, (at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });
}

async function call(
  baseUrl: string,
  method: 'POST' | 'PATCH',
  path: string,
  token: string,
  body: unknown,
) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { data?: { id?: number } };
  if (!response.ok)
    throw new Error(
      `${method} ${path}: HTTP ${String(response.status)} ${JSON.stringify(reply).slice(0, 300)}`,
    );
  return reply.data ?? {};
}

/** Runs `work` over `items` with `width` at once. */
async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T, lane: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async (_, lane) => {
      while (next < items.length) {
        const item = items[next++];
        if (item !== undefined) await work(item, lane);
      }
    }),
  );
}

async function notificationFigures(api: RunningServer, owner: pg.Client) {
  const started = performance.now();
  await owner.query(seedStreamUsersSql(streamCount, 'employee@demo.example'));
  await owner.query('analyze users, user_identities');
  const people = await owner.query<{ id: number; email: string }>(
    `select id, email from users where company_id = ${String(COMPANY)} and email like 'bench-stream-%' order by id`,
  );
  if (people.rows.length !== streamCount)
    throw new Error(`seeded ${String(people.rows.length)} of ${String(streamCount)} people`);
  console.log(
    `seeded ${String(streamCount)} people in ${String(Math.round(performance.now() - started))} ms; signing them in ...`,
  );
  const tokens = new Map<number, string>();
  await inParallel(people.rows, 4, async (person) => {
    tokens.set(person.id, (await login(api.baseUrl, person.email, PASSWORD)).token);
  });

  // Memory before and after the streams open (a moment to settle each time).
  await new Promise((r) => setTimeout(r, 2_000));
  const rssBefore = rssMiB(api);
  const loadBefore = load();
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const openStarted = performance.now();
  const streams: Stream[] = [];
  await inParallel(people.rows, 20, async (person) => {
    const token = tokens.get(person.id);
    if (!token) throw new Error(`no token for ${person.email}`);
    streams.push(await openStream(api.baseUrl, token, person.id, agent));
  });
  const openMs = Math.round(performance.now() - openStarted);
  await new Promise((r) => setTimeout(r, 2_000));
  const rssAfter = rssMiB(api);
  const memory = {
    streams: streams.length,
    openMs,
    rssBeforeMiB: rssBefore,
    rssAfterMiB: rssAfter,
    perStreamKiB:
      rssBefore !== null && rssAfter !== null
        ? round(((rssAfter - rssBefore) * 1024) / streams.length)
        : null,
    load: `${loadBefore} -> ${load()}`,
  };
  console.log(
    `${String(streams.length)} streams open in ${String(openMs)} ms; API RSS ${String(rssBefore)} MiB -> ${String(rssAfter)} MiB (${String(memory.perStreamKiB)} KiB per stream); load ${load()}`,
  );

  const ownerToken = (await login(api.baseUrl, 'agent@demo.example', PASSWORD)).token;

  // A bulletin to the whole company, in the app only: one request, every stream told.
  const bulletinLatencies: number[] = [];
  const bulletinRequests: number[] = [];
  const receivedPerBulletin: number[] = [];
  for (let n = 1; n <= bulletinCount; n++) {
    const arrivals = streams.map((stream) => nextBell(stream, 'bulletin.published'));
    const sent = performance.now();
    await call(api.baseUrl, 'POST', '/bulletins', ownerToken, {
      title: `Bench bulletin ${String(n)}`,
      body: 'Measuring how fast the bell hears of it.',
      channels: { in_app: true, mail: false, sms: false },
    });
    bulletinRequests.push(performance.now() - sent);
    const received = (await Promise.all(arrivals)).filter((at): at is number => at !== null);
    receivedPerBulletin.push(received.length);
    bulletinLatencies.push(...received.map((at) => at - sent));
  }
  const bulletin = {
    events: bulletinCount,
    receivedPerEvent: receivedPerBulletin,
    streams: streams.length,
    delivery: spread(bulletinLatencies),
    request: spread(bulletinRequests),
    load: load(),
  };
  console.log(
    `bulletin to everyone (${String(bulletinCount)}x): delivered to ${receivedPerBulletin.join(', ')} of ${String(streams.length)} streams; request to bell p50 ${String(bulletin.delivery.p50Ms)} ms, p99 ${String(bulletin.delivery.p99Ms)} ms, max ${String(bulletin.delivery.maxMs)} ms (POST p50 ${String(bulletin.request.p50Ms)} ms); load ${load()}`,
  );

  // A ticket assigned: one request, one person told; every stream once, ASSIGNERS at a time.
  const ticketIds: number[] = [];
  for (let lane = 0; lane < assigners; lane++) {
    const created = await call(api.baseUrl, 'POST', '/task-tickets', ownerToken, {
      subject: `Bench assignment ${String(lane + 1)}`,
      detail: 'Passed from person to person to time the bell.',
    });
    if (typeof created.id !== 'number') throw new Error('ticket not created');
    ticketIds.push(created.id);
  }
  const assignLatencies: number[] = [];
  const assignRequests: number[] = [];
  let assignMissed = 0;
  await inParallel(streams, assigners, async (stream, lane) => {
    const arrival = nextBell(stream, 'ticket.assigned');
    const sent = performance.now();
    await call(api.baseUrl, 'PATCH', `/task-tickets/${String(ticketIds[lane])}`, ownerToken, {
      assignee_id: stream.userId,
    });
    assignRequests.push(performance.now() - sent);
    const at = await arrival;
    if (at === null) assignMissed++;
    else assignLatencies.push(at - sent);
  });
  const assignment = {
    events: streams.length,
    received: assignLatencies.length,
    missed: assignMissed,
    concurrency: assigners,
    delivery: spread(assignLatencies),
    request: spread(assignRequests),
    load: load(),
  };
  console.log(
    `ticket assigned (${String(streams.length)} assignments, ${String(assigners)} at once): ${String(assignLatencies.length)} delivered, ${String(assignMissed)} missed; request to bell p50 ${String(assignment.delivery.p50Ms)} ms, p99 ${String(assignment.delivery.p99Ms)} ms, max ${String(assignment.delivery.maxMs)} ms (PATCH p50 ${String(assignment.request.p50Ms)} ms, p99 ${String(assignment.request.p99Ms)} ms); load ${load()}`,
  );

  const unexpected = streams.reduce((sum, stream) => sum + stream.unexpected, 0);
  for (const stream of streams) stream.response.destroy();
  agent.destroy();
  return { memory, bulletin, assignment, unexpectedBellEvents: unexpected };
}

const figures = (r: LoadResult) => ({
  p50Ms: r.latencyP50Ms,
  p99Ms: r.latencyP99Ms,
  avgMs: round(r.latencyAvgMs),
  requestsPerSecond: Math.round(r.requestsPerSecond),
  requests: r.requests,
  non2xx: r.non2xx,
});

async function listFigures(api: RunningServer, owner: pg.Client, databaseUrl: string) {
  const started = performance.now();
  await owner.query(seedTicketsSql(ticketRows));
  await owner.query('vacuum analyze tickets');
  const counted = await owner.query<{ tickets: number }>(
    `select count(*)::int as tickets from tickets where company_id = ${String(COMPANY)}`,
  );
  const seeded = {
    tickets: counted.rows[0]?.tickets ?? 0,
    seedMs: Math.round(performance.now() - started),
  };
  console.log(`seeded ${JSON.stringify(seeded)}`);
  const token = (await login(api.baseUrl, 'agent@demo.example', PASSWORD)).token;
  const listPath = '/api/task-tickets?perPage=20';
  const page = (await getJson(api.baseUrl, listPath, token)) as {
    data: { results: unknown[]; total: number; total_estimated?: boolean };
  };
  console.log(
    `ticket list: ${String(page.data.results.length)} rows, total ${String(page.data.total)}${page.data.total_estimated ? ' (estimated)' : ''}`,
  );
  const list = await measure(
    {
      name: 'ticket list',
      method: 'GET',
      url: `${api.baseUrl}${listPath}`,
      headers: { authorization: `Bearer ${token}` },
    },
    { seconds, connections, warmupSeconds: 1 },
  );
  const apiFigures = { ...figures(list), load: load() };
  console.log(
    `GET /task-tickets?perPage=20 (${String(seeded.tickets)} tickets, ${String(connections)} at once): p50 ${String(list.latencyP50Ms)} ms, p99 ${String(list.latencyP99Ms)} ms, ${String(Math.round(list.requestsPerSecond))} req/s (${String(list.non2xx)} not 2xx); load ${load()}`,
  );
  const baseline = await startBaseline({ kind: 'postgres', databaseUrl });
  let bareFigures;
  try {
    // The same page: the same ids in the same order, the same total.
    const check = (await getJson(baseline.baseUrl, '/tickets')) as typeof page;
    const ids = (reply: typeof page) =>
      reply.data.results.map((row) => Number(Reflect.get(Object(row), 'id'))).join(',');
    if (ids(check) !== ids(page) || check.data.total !== page.data.total)
      console.log(
        `note: the baseline's page differs (total ${String(check.data.total)}, ids ${ids(check)})`,
      );
    const bare = await measure(
      { name: 'baseline ticket list', method: 'GET', url: `${baseline.baseUrl}/tickets` },
      { seconds, connections, warmupSeconds: 1 },
    );
    bareFigures = { ...figures(bare), load: load() };
    console.log(
      `bare SQL, same page (${String(connections)} at once): p50 ${String(bare.latencyP50Ms)} ms, p99 ${String(bare.latencyP99Ms)} ms, ${String(Math.round(bare.requestsPerSecond))} req/s; load ${load()}`,
    );
  } finally {
    await baseline.stop();
  }
  return {
    seeded,
    total: page.data.total,
    totalEstimated: page.data.total_estimated ?? false,
    connections,
    api: apiFigures,
    bareSql: bareFigures,
  };
}

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  await ensureApiBuilt();
  const { admin, database, databaseUrl } = await createBenchDatabase(adminUrl, 'bench_tickets');
  const results: Record<string, unknown> = {};
  try {
    console.log('PostgreSQL: starting the API (migrate, demo seed) ...');
    const api = await startApi({ kind: 'postgres', databaseUrl });
    const owner = new pg.Client({ connectionString: databaseUrl });
    try {
      await owner.connect();
      results.notifications = await notificationFigures(api, owner);
      results.ticketList = await listFigures(api, owner, databaseUrl);
    } finally {
      await owner.end().catch(() => undefined);
      await api.stop();
    }
  } finally {
    await dropBenchDatabase(admin, database);
  }
  writeResults('tickets', loadAverageBefore, {
    startedAt,
    seconds,
    streams: streamCount,
    ticketRows,
    results,
  });
}

runMain(main);

/**
 * npm run bench:purchasing -w @portal/bench: the buying side's figures (issue 19).
 *
 * 1. SKU search (GET /api/inventory-stock/sku-search, limit 20) on SKUS (default 100,000) products
 *    of the demo company, on PostgreSQL and on PGlite, BENCH_CONNECTIONS (default 10) at once: a
 *    SKU prefix and a words search, each beside a bare baseline of the same SQL in the same run
 *    (the catalogue's searchSkus queries straight on the database with a pool of the same size:
 *    no HTTP, session, RLS or the stock figures the route adds to the 20 matches).
 * 2. Posting a receipt of a RECEIPT_LINES-line (default 200) purchase order (POST
 *    /api/inventory-purchase-order-receipts, every line accepted), RECEIPT_RUNS times (default 5):
 *    p50 and every run.
 *
 * Prints the figures with the load average; writes results/purchasing.json.
 * Env: SKUS, BENCH_SECONDS (default 5), BENCH_CONNECTIONS, RECEIPT_LINES, RECEIPT_RUNS,
 * BENCH_PG_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_ENTRY
 * (a private build), BENCH_ONLY (postgres or pglite).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DEMO_EMAIL, DEMO_PASSWORD } from './lib/backends.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { resultsDir } from './lib/paths.ts';
import { installCleanup, withCleanup } from './lib/processes.ts';
import { BENCH_COMPANY_ID } from './lib/seed.ts';
import { type Backend, ensureApiBuilt, getJson, login, startApi } from './lib/server.ts';

const skus = Math.max(1_000, Math.round(Number(process.env.SKUS ?? 100_000)));
const seconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
const connections = Math.max(1, Math.round(Number(process.env.BENCH_CONNECTIONS ?? 10)));
const receiptLines = Math.max(1, Math.round(Number(process.env.RECEIPT_LINES ?? 200)));
const receiptRuns = Math.max(1, Math.round(Number(process.env.RECEIPT_RUNS ?? 5)));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY;
const COMPANY = BENCH_COMPANY_ID;

/** The searches measured: a SKU prefix (answered by the SKU part) and words (the word part). */
const searches = [
  { name: 'SKU prefix', q: 'BULK-01' },
  { name: 'words', q: 'anker black bank' },
];

type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

/** `skus` products in the demo company (brand, kind, colour, number), one in fifty inactive. */
const seedSql = `
  insert into products (company_id, name, sku, price_cents, is_serialized, is_active)
  select ${COMPANY},
    (array['Apple','Samsung','Motorola','Belkin','Anker','Google','OnePlus','Nokia'])[1 + n % 8]
      || ' ' || (array['Charger','Cable','Case','Screen Protector','Power Bank','Earbuds','Mount'])[1 + n % 7]
      || ' ' || (array['Black','White','Blue','Red','Green','Silver'])[1 + n % 6] || ' ' || n,
    'BULK-' || lpad(n::text, 6, '0'), 100 + n % 5000, false, n % 50 <> 0
  from generate_series(1, ${skus}) n`;
const analyzeSql = ['analyze products', 'analyze product_search_words'];
const receiptProductsSql = `
  select id from products where company_id = ${COMPANY} and is_active and sku like 'BULK-%'
   order by id limit ${receiptLines}`;

// The catalogue's searchSkus (apps/api/src/modules/catalog/api.ts) as plain SQL.
const prefixSql = `
  select id, sku, name, is_serialized, price_cents from products
   where company_id = $1 and is_active and sku_key >= upper($2) and sku_key < upper($2) || chr(1114111)
   order by sku_key, id limit 20`;
// The word part: the words each term starts (a skip scan), then a walk over them in name order.
const termsSql = (terms: number) => `
  with recursive terms(i, lo, hi) as (
    values ${Array.from({ length: terms }, (_, i) => `(${i}, upper($${i + 2}), upper($${i + 2}) || chr(1114111))`).join(', ')}
  ), found(i, word, depth) as (
    select terms.i, (select min(word) from product_search_words
       where company_id = $1 and word >= terms.lo and word < terms.hi), 1 from terms
    union all
    select found.i, (select min(word) from product_search_words
       where company_id = $1 and word > found.word and word < terms.hi), found.depth + 1
      from found join terms on terms.i = found.i where found.word is not null and found.depth <= 16
  )
  select i, word from found where word is not null`;
const walkSql = (words: string[][]) => {
  let next = 2;
  const terms = words.map(
    (list, i) =>
      `(select u.name n, u.product_id p from (${list
        .map(
          () =>
            `(select name, product_id from product_search_words where company_id = $1 and word = $${next++}
               and (name, product_id) >= (walk.n, walk.p) order by name, product_id limit 1)`,
        )
        .join(' union all ')}) u order by u.name, u.product_id limit 1) t${i}`,
  );
  return `
    with recursive walk(n, p, hit, found, step) as (
      select ''::text, 0, false, 0, 0
      union all
      select s.n, s.p + s.hit::int, s.hit, walk.found + s.hit::int, walk.step + 1
        from walk cross join lateral (
          select m.n, m.p, ${words.map((_, i) => `(t${i}.n, t${i}.p) = (m.n, m.p)`).join(' and ')} as hit
            from ${terms.join(', ')},
              lateral (select v.n, v.p from (values ${words.map((_, i) => `(t${i}.n, t${i}.p)`).join(', ')}) v(n, p)
                order by v.n desc, v.p desc limit 1) m
        ) s
       where walk.found < 20 and walk.step < 2000
    )
    select p - 1 as product_id from walk where hit`;
};
const byIdsSql = `
  select id, sku, name, is_serialized, price_cents from products
   where company_id = $1 and is_active and id = any($2::int[]) order by name, id`;

async function bareSearch(query: Query, q: string) {
  const bySku = await query(prefixSql, [COMPANY, q]);
  const terms = [...new Set(q.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  if (bySku.length >= 20 || !terms.length) return bySku;
  const words = terms.map((): string[] => []);
  const found = (await query(termsSql(terms.length), [COMPANY, ...terms])) as {
    i: number;
    word: string;
  }[];
  for (const row of found) words[Number(row.i)]?.push(row.word);
  if (words.some((list) => !list.length)) return bySku;
  const walked = (await query(walkSql(words), [COMPANY, ...words.flat()])) as {
    product_id: number;
  }[];
  const ids = walked.map((row) => row.product_id);
  return [...bySku, ...(await query(byIdsSql, [COMPANY, ids]))];
}

/** The bare baseline: `connections` loops running the search on the database for `seconds`. */
async function measureBare(query: Query, q: string) {
  const run = async (duration: number) => {
    const times: number[] = [];
    const end = performance.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          await bareSearch(query, q);
          times.push(performance.now() - started);
        }
      }),
    );
    return times.sort((a, b) => a - b);
  };
  await run(1);
  const times = await run(seconds);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  return {
    p50Ms: Math.round(at(0.5) * 10) / 10,
    p99Ms: Math.round(at(0.99) * 10) / 10,
    requests: times.length,
  };
}

const figures = (r: LoadResult) => ({
  p50Ms: r.latencyP50Ms,
  p99Ms: r.latencyP99Ms,
  requests: r.requests,
  non2xx: r.non2xx,
});

interface BackendFigures {
  seedSeconds: number;
  search: Record<
    string,
    { api: ReturnType<typeof figures>; bare?: Awaited<ReturnType<typeof measureBare>> }
  >;
  receipt?: { lines: number; runsMs: number[]; p50Ms: number };
  load: number[];
}

async function call(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { data?: { id: number; needs_approval?: boolean } };
  if (!response.ok || !reply.data)
    throw new Error(`POST ${path}: HTTP ${response.status} ${JSON.stringify(reply).slice(0, 300)}`);
  return reply.data;
}

/** A purchase order of `productIds` (5 each), approved and sent; then its receipt, timed. */
async function timeReceipt(baseUrl: string, token: string, productIds: number[], run: number) {
  const first = <T>(body: unknown) => (body as { data: { results: T[] } }).data.results[0];
  const supplier = first<{ id: number }>(
    await getJson(baseUrl, '/api/inventory-suppliers?perPage=1', token),
  );
  const warehouse = first<{ id: number }>(
    await getJson(baseUrl, '/api/purchasing-warehouses', token),
  );
  if (!supplier || !warehouse) throw new Error('the demo has no supplier or warehouse');
  const order = await call(baseUrl, token, '/inventory-purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    reference: `BENCH-${process.pid}-${run}`,
    lines: productIds.map((product_id) => ({
      product_id,
      quantity: 5,
      unit_cost_cents: 250,
      expected_date: '2030-01-15',
    })),
  });
  const move = (to: string) =>
    call(baseUrl, token, `/inventory-purchase-orders/${order.id}/transition`, { to });
  if (order.needs_approval) await move('pending_approval');
  await move('approved');
  await move('sent');
  const lines = (
    (await getJson(baseUrl, `/api/inventory-purchase-orders/${order.id}`, token)) as {
      data: { lines: { id: number }[] };
    }
  ).data.lines;
  const started = performance.now();
  await call(baseUrl, token, '/inventory-purchase-order-receipts', {
    purchase_order_id: order.id,
    lines: lines.map((line) => ({ purchase_order_line_id: line.id, accepted_quantity: 5 })),
  });
  return Math.round(performance.now() - started);
}

/** Runs the searches and the receipts against a started API (the data already seeded). */
async function measureApi(baseUrl: string, productIds: number[], into: BackendFigures) {
  const { token } = await login(baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
  for (const search of searches) {
    const path = `/api/inventory-stock/sku-search?q=${encodeURIComponent(search.q)}&limit=20`;
    const found = (await getJson(baseUrl, path, token)) as { data: unknown[] };
    if (found.data.length !== 20) throw new Error(`${search.q}: ${found.data.length} matches`);
    const result = await measure(
      {
        name: search.name,
        method: 'GET',
        url: `${baseUrl}${path}`,
        headers: { authorization: `Bearer ${token}` },
      },
      { seconds, connections, warmupSeconds: 1 },
    );
    into.search[search.name] = { api: figures(result) };
  }
  const runsMs: number[] = [];
  for (let run = 0; run < receiptRuns; run++)
    runsMs.push(await timeReceipt(baseUrl, token, productIds, run));
  const sorted = [...runsMs].sort((a, b) => a - b);
  into.receipt = {
    lines: productIds.length,
    runsMs,
    p50Ms: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0,
  };
}

async function measureBaseline(query: Query, into: BackendFigures) {
  for (const search of searches) {
    const entry = into.search[search.name];
    if (entry) entry.bare = await measureBare(query, search.q);
  }
}

async function onPostgres(): Promise<BackendFigures> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  const database = `bench_purchasing_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const backend: Backend = { kind: 'postgres', databaseUrl: url.toString() };
  const into: BackendFigures = { seedSeconds: 0, search: {}, load: [] };
  return withCleanup(
    async () => {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
    async () => {
      await admin.query(`create database ${database}`);
      console.log(`PostgreSQL (${database}): starting the API (migrate, demo seed) ...`);
      const api = await startApi(backend);
      const pool = new pg.Pool({ connectionString: backend.databaseUrl, max: connections });
      try {
        console.log(`PostgreSQL: inserting ${skus} products ...`);
        const started = performance.now();
        await pool.query(seedSql);
        for (const statement of analyzeSql) await pool.query(statement);
        into.seedSeconds = Math.round(performance.now() - started) / 1000;
        const ids = (await pool.query<{ id: number }>(receiptProductsSql)).rows.map((r) => r.id);
        await measureApi(api.baseUrl, ids, into);
        await measureBaseline(async (text, params) => (await pool.query(text, params)).rows, into);
        into.load = loadavg();
      } finally {
        await pool.end().catch(() => undefined);
        await api.stop();
      }
      return into;
    },
  );
}

/** PGlite: the server holds the data dir, so seed between a first start and the measured one. */
async function onPglite(): Promise<BackendFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-purchasing-'));
  const backend: Backend = { kind: 'pglite', dataDir };
  const into: BackendFigures = { seedSeconds: 0, search: {}, load: [] };
  return withCleanup(
    () => rm(dataDir, { recursive: true, force: true }),
    async () => {
      console.log(`PGlite (${dataDir}): first start to migrate and seed the demo ...`);
      await (await startApi(backend)).stop();
      console.log(`PGlite: inserting ${skus} products ...`);
      const started = performance.now();
      let ids: number[] = [];
      const db = await PGlite.create(join(dataDir, 'pgdata'));
      try {
        await db.exec(seedSql);
        for (const statement of analyzeSql) await db.exec(statement);
        ids = (await db.query<{ id: number }>(receiptProductsSql)).rows.map((r) => r.id);
      } finally {
        await db.close();
      }
      into.seedSeconds = Math.round(performance.now() - started) / 1000;
      const api = await startApi(backend);
      try {
        await measureApi(api.baseUrl, ids, into);
      } finally {
        await api.stop();
      }
      const bare = await PGlite.create(join(dataDir, 'pgdata'));
      try {
        await measureBaseline(async (text, params) => (await bare.query(text, params)).rows, into);
      } finally {
        await bare.close();
      }
      into.load = loadavg();
      return into;
    },
  );
}

function print(name: string, result: BackendFigures) {
  const load = result.load.map((n) => n.toFixed(2)).join(' ');
  console.log(`\n${name} (${skus} SKUs seeded in ${result.seedSeconds} s; load ${load})`);
  for (const [search, { api, bare }] of Object.entries(result.search))
    console.log(
      `  SKU search, ${search}, ${connections} at once: API p50 ${api.p50Ms} ms, p99 ${api.p99Ms} ms (${api.requests} requests, ${api.non2xx} not 2xx)` +
        (bare ? `; bare SQL p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms (${bare.requests})` : ''),
    );
  if (result.receipt)
    console.log(
      `  receipt of a ${result.receipt.lines}-line purchase order: p50 ${result.receipt.p50Ms} ms (runs ${result.receipt.runsMs.join(', ')} ms)`,
    );
}

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  await ensureApiBuilt();
  const results: Record<string, BackendFigures> = {};
  if (only !== 'pglite') print('PostgreSQL', (results.PostgreSQL = await onPostgres()));
  if (only !== 'postgres') print('PGlite', (results.PGlite = await onPglite()));
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'purchasing.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt,
        cpus: cpus().length,
        loadAverageBefore,
        loadAverageAfter: loadavg(),
        skus,
        seconds,
        connections,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`JSON: ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * npm run bench:orders -w @portal/bench: warehouse ordering figures on PostgreSQL. Starts the built
 * API on a throwaway database (migrated and seeded with the demo tenant), adds ORDERS (default
 * 50,000) orders of two lines each to the demo company, then measures:
 * - the order list (GET /api/orders?perPage=20, default sort) as the owner, one request at a time
 *   and BENCH_CONNECTIONS at once, beside the bare baseline (lib/baseline-server.ts: the same
 *   page's SQL, no platform) in the same run;
 * - checkout of a CART_LINES-line cart (POST /api/orders/checkout), one request at a time;
 * - fulfilment of a FULFIL_UNITS-serial order (POST /api/fulfill-order/:id as the warehouse clerk),
 *   FULFIL_RUNS orders, each timed on its own (the units are added to the warehouse first).
 * Prints p50/p99 and the load average; writes results/orders.json.
 *
 * Env: ORDERS, CART_LINES (default 50), FULFIL_UNITS (default 100), FULFIL_RUNS (default 5),
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_PG_URL (admin URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_ENTRY (a private build), BENCH_KEEP_DB
 * (keep the database afterwards, for EXPLAIN).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { startBaseline } from './lib/baseline.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { seedOrdersSql } from './lib/orders-seed.ts';
import {
  createBenchDatabase,
  dropBenchDatabase,
  installCleanup,
  runMain,
} from './lib/processes.ts';
import { writeResults } from './lib/report.ts';
import { BENCH_COMPANY_ID } from './lib/seed.ts';
import { ensureApiBuilt, getJson, login, startApi } from './lib/server.ts';

const count = (name: string, fallback: number) =>
  Math.max(1, Math.round(Number(process.env[name] ?? fallback)));
const orderCount = count('ORDERS', 50_000);
const cartLines = count('CART_LINES', 50);
const fulfilUnits = count('FULFIL_UNITS', 100);
const fulfilRuns = count('FULFIL_RUNS', 5);
const seconds = count('BENCH_SECONDS', 10);
const connections = count('BENCH_CONNECTIONS', 10);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANY = BENCH_COMPANY_ID;

/** The orders, and enough sold devices for the cart (bench products when the demo has too few). */
async function seed(client: pg.Client) {
  const started = performance.now();
  await client.query(
    `insert into products (company_id, name, sku, kind, price_cents, tax_bps, is_serialized)
     select ${COMPANY}, 'Bench phone ' || g, 'BENCH-PHONE-' || g, 'device', 49900 + g * 100, 825, true
       from generate_series(1, $1::int) g`,
    [cartLines],
  );
  for (const statement of seedOrdersSql(orderCount)) await client.query(statement);
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze order_lines');
  const counted = await client.query<{ orders: number; lines: number }>(`
    select (select count(*)::int from orders where company_id = ${COMPANY}) as orders,
           (select count(*)::int from order_lines where company_id = ${COMPANY}) as lines`);
  return { ...counted.rows[0], seedMs: Math.round(performance.now() - started) };
}

const figures = (r: LoadResult) => ({
  p50Ms: r.latencyP50Ms,
  p99Ms: r.latencyP99Ms,
  avgMs: Math.round(r.latencyAvgMs * 10) / 10,
  requestsPerSecond: Math.round(r.requestsPerSecond),
  requests: r.requests,
  non2xx: r.non2xx,
});

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function send(baseUrl: string, token: string, path: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { data?: { id?: number; status?: string } };
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`POST ${path}: HTTP ${response.status} ${JSON.stringify(reply).slice(0, 300)}`);
  return { ms, data: reply.data ?? {} };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  await ensureApiBuilt();
  const { admin, database, databaseUrl } = await createBenchDatabase(adminUrl, 'bench_orders');
  const backend = { kind: 'postgres' as const, databaseUrl: databaseUrl };
  const results: Record<string, unknown> = {};
  let seeded: Awaited<ReturnType<typeof seed>> | null = null;
  try {
    console.log('PostgreSQL: starting the API (migrate, demo seed) ...');
    const api = await startApi(backend);
    const owner = new pg.Client({ connectionString: databaseUrl });
    try {
      await owner.connect();
      console.log(`seeding ${orderCount} orders ...`);
      seeded = await seed(owner);
      console.log(`seeded ${JSON.stringify(seeded)}`);
      const agent = (await login(api.baseUrl, 'agent@demo.example', 'Demo@12345')).token;
      const clerk = (await login(api.baseUrl, 'warehouse@demo.example', 'Demo@12345')).token;

      // The order list, and the same page's bare SQL in the same run.
      const listPath = '/api/orders?perPage=20';
      const page = (await getJson(api.baseUrl, listPath, agent)) as {
        data: { results: unknown[]; total: number; total_estimated?: boolean };
      };
      console.log(
        `order list: ${page.data.results.length} rows, total ${page.data.total}${page.data.total_estimated ? ' (estimated)' : ''}`,
      );
      // One request at a time (the latency a clerk sees), then connections at once.
      const widths = [...new Set([1, connections])];
      const listResults: Record<string, unknown> = {};
      for (const n of widths) {
        const list = await measure(
          {
            name: 'order list',
            method: 'GET',
            url: `${api.baseUrl}${listPath}`,
            headers: { authorization: `Bearer ${agent}` },
          },
          { seconds, connections: n, warmupSeconds: 1 },
        );
        listResults[`api, ${String(n)} at once`] = { ...figures(list), load: load() };
        console.log(
          `GET /orders (${orderCount} orders, ${String(n)} at once): p50 ${list.latencyP50Ms} ms, p99 ${list.latencyP99Ms} ms, ${Math.round(list.requestsPerSecond)} req/s (${list.non2xx} not 2xx); load ${load()}`,
        );
      }
      const baseline = await startBaseline(backend);
      try {
        for (const n of widths) {
          const bare = await measure(
            { name: 'baseline order list', method: 'GET', url: `${baseline.baseUrl}/orders` },
            { seconds, connections: n, warmupSeconds: 1 },
          );
          listResults[`bare SQL, ${String(n)} at once`] = { ...figures(bare), load: load() };
          console.log(
            `bare SQL, same page (${String(n)} at once): p50 ${bare.latencyP50Ms} ms, p99 ${bare.latencyP99Ms} ms, ${Math.round(bare.requestsPerSecond)} req/s; load ${load()}`,
          );
        }
      } finally {
        await baseline.stop();
      }
      results.orderList = listResults;

      // Checkout: a cart of cartLines distinct phones, one request at a time.
      const stores = (await getJson(api.baseUrl, '/api/orders/stores-can-order-for', agent)) as {
        data: { id: number }[];
      };
      const storeId = stores.data[0]?.id;
      if (!storeId) throw new Error('the owner may order for no store');
      const phones = await owner.query<{ id: number }>(
        `select id from products where company_id = ${COMPANY} and sku like 'BENCH-PHONE-%' order by id`,
      );
      const cart = {
        store_id: storeId,
        kind: 'device',
        lines: phones.rows.map((row, index) => ({ product_id: row.id, quantity: 1 + (index % 3) })),
      };
      // A submitted order must fit the warehouse's available units: enough units of every phone
      // for the orders the run places (at most 3 a phone per order, one order every 10 ms).
      const locations = (await getJson(api.baseUrl, '/api/stock-locations', clerk)) as {
        data: { id: number; kind: string }[];
      };
      const warehouse = locations.data.find((l) => l.kind === 'warehouse');
      if (!warehouse) throw new Error('the demo has no warehouse');
      const unitsPerPhone = 3 * 100 * (seconds + 1);
      await owner.query(
        `insert into inventory_items (company_id, serial, product_id, location_id)
         select ${COMPANY}, 'BENCH-UNIT-' || p.id || '-' || g, p.id, ${String(warehouse.id)}
         from products p, generate_series(1, ${String(unitsPerPhone)}) g
         where p.company_id = ${COMPANY} and p.sku like 'BENCH-PHONE-%'`,
      );
      const checkout = await measure(
        {
          name: 'checkout',
          method: 'POST',
          url: `${api.baseUrl}/api/orders/checkout`,
          headers: { authorization: `Bearer ${agent}`, 'content-type': 'application/json' },
          body: JSON.stringify(cart),
        },
        { seconds, connections: 1, warmupSeconds: 1 },
      );
      results.checkout = { ...figures(checkout), lines: cart.lines.length, load: load() };
      console.log(
        `POST /orders/checkout (${cart.lines.length} lines, one at a time): p50 ${checkout.latencyP50Ms} ms, p99 ${checkout.latencyP99Ms} ms (${checkout.requests} orders, ${checkout.non2xx} not 2xx); load ${load()}`,
      );

      // Fulfilment: an order of fulfilUnits units of one phone, its serials in the warehouse.
      const productId = phones.rows[0]?.id;
      if (!productId) throw new Error('no bench phone');
      const runs: number[] = [];
      for (let run = 0; run < fulfilRuns; run++) {
        const serials = Array.from(
          { length: fulfilUnits },
          (_, i) =>
            `35${String(process.pid).padStart(7, '0')}${String(run * 1000 + i).padStart(6, '0')}`,
        );
        await send(api.baseUrl, clerk, '/api/inventory-items', {
          product_id: productId,
          location_id: warehouse.id,
          serials,
        });
        const placed = await send(api.baseUrl, agent, '/api/orders/checkout', {
          store_id: storeId,
          kind: 'device',
          lines: [{ product_id: productId, quantity: fulfilUnits }],
        });
        const shipped = await send(api.baseUrl, clerk, `/api/fulfill-order/${placed.data.id}`, {
          serials,
        });
        if (shipped.data.status !== 'shipped')
          throw new Error(`order ${placed.data.id} is ${shipped.data.status}`);
        runs.push(Math.round(shipped.ms * 10) / 10);
      }
      results.fulfil = { units: fulfilUnits, runsMs: runs, medianMs: median(runs), load: load() };
      console.log(
        `POST /fulfill-order/:id (${fulfilUnits} serials): ${runs.join(', ')} ms; median ${median(runs)} ms; load ${load()}`,
      );
    } finally {
      await owner.end().catch(() => undefined);
      await api.stop();
    }
  } finally {
    await dropBenchDatabase(admin, database);
  }
  writeResults('orders', loadAverageBefore, {
    startedAt,
    seconds,
    seeded,
    results,
  });
}

runMain(main);

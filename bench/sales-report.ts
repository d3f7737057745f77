/**
 * npm run bench:sales-report -w @portal/bench: GET /api/sales-reports over SALE_LINES (default
 * 200,000) sale lines on PostgreSQL. Starts the built API on a throwaway database (migrated and
 * seeded with the demo tenant), adds a month of sales to the demo company (two lines each, spread
 * over its stores, sellers and October 2026), returns, activations and a timecard per seller and
 * day, then measures the month's report as the company's master agent, one request at a time
 * (the latency a manager sees) and with BENCH_CONNECTIONS at once, per grouping, and the first
 * page of the details. Prints p50/p99; writes results/sales-report.json.
 *
 * Env: SALE_LINES, BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 4), BENCH_PG_URL (admin
 * URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_ENTRY (a private build),
 * BENCH_KEEP_DB (keep the database afterwards).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { measure, type LoadResult } from './lib/load.ts';
import {
  createBenchDatabase,
  dropBenchDatabase,
  installCleanup,
  runMain,
} from './lib/processes.ts';
import { writeResults } from './lib/report.ts';
import { ensureApiBuilt, getJson, login, startApi } from './lib/server.ts';

const saleLines = Math.max(2, Math.round(Number(process.env.SALE_LINES ?? 200_000)));
const seconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
const connections = Math.max(1, Math.round(Number(process.env.BENCH_CONNECTIONS ?? 4)));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANY = 1;
const RANGE = 'from=2026-10-01&to=2026-10-31';

/** A month of sales, returns, activations and timecards for the demo company (as the owner). */
async function seed(client: pg.Client) {
  const sales = Math.floor(saleLines / 2);
  // Sellers are the company's users, each at a store (their current store, else the first one).
  await client.query(`
    create temporary table bench_sellers as
    select row_number() over (order by u.id) as n, u.id as user_id,
           coalesce(u.current_store, (select min(id) from stores where company_id = ${COMPANY})) as store_id
      from users u where u.company_id = ${COMPANY} and not u.is_deleted`);
  const products = await client.query<{ devices: number[]; accessories: number[] }>(`
    select array_agg(id) filter (where kind = 'device') as devices,
           array_agg(id) filter (where kind = 'accessory') as accessories
      from products where company_id = ${COMPANY}`);
  const { devices, accessories } = products.rows[0] ?? { devices: [], accessories: [] };
  if (!devices.length || !accessories.length) throw new Error('the demo has no products');
  const customer = await client.query<{ id: number }>(
    `select min(id) as id from customers where company_id = ${COMPANY}`,
  );
  const customerId = customer.rows[0]?.id;
  const started = performance.now();
  // Sale g: seller g mod n, October 2026 spread over the month's minutes.
  await client.query(
    `
    insert into sales (company_id, store_id, status, subtotal_cents, total_cents, paid_cents,
                       completed_at, created_by, customer_id, created_at)
    select ${COMPANY}, s.store_id, 'completed', 0, 0, 0,
           timestamptz '2026-10-01 12:00Z' + make_interval(mins => (g * 7919) % (30 * 24 * 60)),
           s.user_id, $1, timestamptz '2026-10-01 12:00Z'
      from generate_series(1, $2::int) g
      join bench_sellers s on s.n = 1 + g % (select count(*) from bench_sellers)`,
    [customerId, sales],
  );
  // Two lines each: a phone or an accessory, then an accessory (every third sale a phone).
  await client.query(
    `
    insert into sale_lines (company_id, sale_id, product_id, quantity, unit_price_cents, tax_cents, total_cents)
    select ${COMPANY}, s.id, l.product_id, 1, l.price, 0, l.price
      from sales s
      cross join lateral (values
        (case when s.id % 3 = 0 then ($1::int[])[1 + s.id % array_length($1::int[], 1)]
              else ($2::int[])[1 + s.id % array_length($2::int[], 1)] end,
         case when s.id % 3 = 0 then 79900 else 2499 end),
        (($2::int[])[1 + (s.id / 3) % array_length($2::int[], 1)], 1999)
      ) as l(product_id, price)
     where s.company_id = ${COMPANY} and s.created_at = timestamptz '2026-10-01 12:00Z'`,
    [devices, accessories],
  );
  // Fresh statistics first: with the empty tables' ones the planner joins each sale to a re-run
  // aggregate of every line (a nested loop that ran for over 15 minutes at 200,000 lines).
  await client.query('analyze sales, sale_lines');
  await client.query(`
    update sales s set subtotal_cents = t.total, total_cents = t.total, paid_cents = t.total
      from (select sale_id, sum(total_cents)::int as total from sale_lines
             where company_id = ${COMPANY} group by sale_id) t
     where s.company_id = ${COMPANY} and s.id = t.sale_id and s.created_at = timestamptz '2026-10-01 12:00Z'`);
  // One sale in fifty has its accessory line returned (buyer's remorse, refunded).
  await client.query(`
    insert into sale_returns (company_id, store_id, sale_id, sale_line_id, type, reason, refund_cents, created_by, created_at)
    select ${COMPANY}, s.store_id, s.id, max(l.id), 'bre', 'Bench', 1999, s.created_by, s.completed_at + interval '1 day'
      from sales s join sale_lines l on l.company_id = s.company_id and l.sale_id = s.id
     where s.company_id = ${COMPANY} and s.created_at = timestamptz '2026-10-01 12:00Z' and s.id % 50 = 0
     group by s.company_id, s.id`);
  // An activation for one sale in ten; a timecard of 8 hours per seller and day.
  await client.query(
    `
    insert into activations (company_id, store_id, customer_id, status, carrier, plan, imei, iccid,
                             phone_number, created_by, created_at)
    select ${COMPANY}, s.store_id, $1, 'active', (array['Verizon','AT&T','T-Mobile'])[1 + s.id % 3],
           'Unlimited', lpad(s.id::text, 15, '0'), lpad(s.id::text, 19, '0'), '555' || lpad(s.id::text, 7, '0'),
           s.created_by, s.completed_at
      from sales s where s.company_id = ${COMPANY} and s.created_at = timestamptz '2026-10-01 12:00Z' and s.id % 10 = 0`,
    [customerId],
  );
  await client.query(`
    insert into hr_timecards (company_id, user_id, store_id, time_zone, clock_in, clock_out)
    select ${COMPANY}, b.user_id, b.store_id, st.time_zone, d + time '14:00', d + time '22:00'
      from bench_sellers b join stores st on st.company_id = ${COMPANY} and st.id = b.store_id,
           generate_series(date '2026-10-01', date '2026-10-31', interval '1 day') d`);
  await client.query('analyze');
  const counted = await client.query<{ lines: number; sellers: number; stores: number }>(`
    select (select count(*)::int from sale_lines where company_id = ${COMPANY}) as lines,
           (select count(*)::int from bench_sellers) as sellers,
           (select count(distinct store_id)::int from bench_sellers) as stores`);
  return { ...counted.rows[0], seedMs: Math.round(performance.now() - started) };
}

const figures = (r: LoadResult) => ({
  p50Ms: r.latencyP50Ms,
  p99Ms: r.latencyP99Ms,
  avgMs: Math.round(r.latencyAvgMs * 10) / 10,
  requests: r.requests,
  non2xx: r.non2xx,
});

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  await ensureApiBuilt();
  const { admin, database, databaseUrl } = await createBenchDatabase(adminUrl, 'bench_sales');
  const results: Record<string, ReturnType<typeof figures>> = {};
  let seeded: Awaited<ReturnType<typeof seed>> | null = null;
  try {
    console.log('PostgreSQL: starting the API (migrate, demo seed) ...');
    const api = await startApi({ kind: 'postgres', databaseUrl: databaseUrl });
    const owner = new pg.Client({ connectionString: databaseUrl });
    try {
      await owner.connect();
      console.log(`seeding ${saleLines} sale lines ...`);
      seeded = await seed(owner);
      console.log(`seeded ${JSON.stringify(seeded)}`);
      const { token } = await login(api.baseUrl, 'agent@demo.example', 'Demo@12345');
      const headers = { authorization: `Bearer ${token}` };
      const check = (await getJson(
        api.baseUrl,
        `/api/sales-reports?${RANGE}&level=company&group_by=store`,
        token,
      )) as { data: { totals: { sales_count: number; units: number; net_cents: number } } };
      console.log(`month totals: ${JSON.stringify(check.data.totals)}`);
      const targets = [
        ...['store', 'employee', 'category', 'carrier', 'day'].map((group) => ({
          name: `report by ${group}`,
          path: `/api/sales-reports?${RANGE}&level=company&group_by=${group}`,
        })),
        { name: 'details page 1', path: `/api/sales-reports/details?${RANGE}&level=company` },
      ];
      for (const target of targets)
        for (const n of [1, connections]) {
          const result = await measure(
            { name: target.name, method: 'GET', url: `${api.baseUrl}${target.path}`, headers },
            { seconds, connections: n, warmupSeconds: 1 },
          );
          results[`${target.name}, ${String(n)} at once`] = figures(result);
          console.log(
            `${target.name}, ${String(n)} at once: p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms (${result.requests} requests, ${result.non2xx} not 2xx)`,
          );
        }
    } finally {
      await owner.end().catch(() => undefined);
      await api.stop();
    }
  } finally {
    await dropBenchDatabase(admin, database);
  }
  writeResults('sales-report', loadAverageBefore, {
    startedAt,
    seconds,
    seeded,
    results,
  });
}

runMain(main);

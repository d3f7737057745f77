/**
 * npm run bench:ringup -w @portal/bench: ring-up at the counter under load, on PostgreSQL and
 * PGlite. ASSOCIATES sales associates (default 10), each with a store of the demo company as their
 * current store and clocked in there (the company requires it: sales.require_clock_in), loop for
 * BENCH_SECONDS (default 10): a 5-line sale rung up (POST /api/sales, held) then completed with its
 * payment split cash / card (POST /api/sales/{id}/complete), as /simple-sale does. The lines are
 * five unserialised accessories made for the bench, which a completed sale takes from the store's
 * shelf: BENCH_UNITS (default 1000) units of each are put on the shelf of every store with a stock
 * location, and the associates work at those stores (a sale past the shelf's units is a 409,
 * counted as failed). Prints the p50/p99 of the create, of the complete and of the whole ring-up;
 * writes results/sales-ringup.json.
 *
 * Env: ASSOCIATES, BENCH_SECONDS, BENCH_PG_URL (admin URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_ENTRY (a private API build), BACKENDS
 * (default "postgres,pglite").
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, type Figures, figures, round } from './lib/calls.ts';
import {
  createBenchDatabase,
  dropBenchDatabase,
  installCleanup,
  runMain,
} from './lib/processes.ts';
import { writeResults } from './lib/report.ts';
import { type Backend, ensureApiBuilt, login, startApi } from './lib/server.ts';

const seconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10));
const associates = Math.max(1, Math.round(Number(process.env.ASSOCIATES ?? 10)));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const unitsEach = Math.max(1, Math.round(Number(process.env.BENCH_UNITS ?? 1000)));
const backends = (process.env.BACKENDS ?? 'postgres,pglite').split(',').map((b) => b.trim());
const PASSWORD = 'Bench-Ringup-2026!';
const tag = Date.now().toString(36);

interface BackendResult {
  name: string;
  status: 'ok' | 'failed';
  note?: string;
  /** the whole ring-up: create then complete */
  ringUp?: Figures;
  create?: Figures;
  complete?: Figures;
  salesPerSecond?: number;
  failures?: number;
  loadAverage?: number[];
}

function dataOf(reply: { status: number; body: Record<string, unknown> }, what: string) {
  const data = reply.body.data;
  if (reply.status !== 200 || typeof data !== 'object' || data === null)
    throw new Error(`${what}: ${String(reply.status)} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return data as Record<string, unknown>;
}

interface Associate {
  token: string;
  storeId: number;
}

/**
 * The counter: five accessories, the clock-in requirement on for the company, and `associates`
 * Sales Associates (one per store, round robin) signed in and clocked in at their store.
 */
async function prepare(baseUrl: string) {
  const { token: agent } = await login(baseUrl, 'agent@demo.example', 'Demo@12345');
  const productIds: number[] = [];
  for (let n = 1; n <= 5; n++) {
    const made = await call(baseUrl, 'POST', '/products', agent, {
      name: `Bench Accessory ${String(n)} ${tag}`,
      sku: `BENCH-${tag}-${String(n)}`,
      kind: 'accessory',
      is_serialized: false,
      price_cents: 999 + n * 500,
    });
    productIds.push(Number(dataOf(made, 'product').id));
  }
  const roles = dataOf(await call(baseUrl, 'GET', '/roles?perPage=50', agent), 'roles').results;
  const stores = dataOf(
    await call(baseUrl, 'GET', '/stores?perPage=50&sort=id', agent),
    'stores',
  ).results;
  if (!Array.isArray(roles) || !Array.isArray(stores)) throw new Error('no roles or stores');
  const role = (roles as { id: number; base_role: string }[]).find(
    (r) => r.base_role === 'sub_agent_employee',
  );
  if (!role) throw new Error('no Sales Associate role');
  // Sales take accessories from the store's shelf: the stores with a stock location get units.
  const locations = dataOf(await call(baseUrl, 'GET', '/stock-locations', agent), 'locations');
  const shelves = (Object.values(locations) as { id: number; store_id: number | null }[]).filter(
    (location) => location.store_id !== null,
  );
  const stocked = new Set(shelves.map((shelf) => shelf.store_id));
  const storeIds = (stores as { id: number }[]).map((s) => s.id).filter((id) => stocked.has(id));
  if (!storeIds.length) throw new Error('no store with a stock location');
  for (const shelf of shelves)
    for (const productId of productIds)
      for (let from = 0; from < unitsEach; from += 1000)
        dataOf(
          await call(baseUrl, 'POST', '/inventory-items', agent, {
            product_id: productId,
            location_id: shelf.id,
            serials: Array.from(
              { length: Math.min(1000, unitsEach - from) },
              (_, n) => `BENCH-${tag}-${String(shelf.id)}-${String(productId)}-${String(from + n)}`,
            ),
          }),
          'units on the shelf',
        );
  dataOf(
    await call(baseUrl, 'PUT', '/org-settings/sales.require_clock_in', agent, {
      scope: 'company',
      scope_id: 0,
      value: true,
    }),
    'require clock-in',
  );
  const people: Associate[] = [];
  for (let index = 0; index < associates; index++) {
    const email = `bench.ringup.${tag}.${String(index)}@demo.example`;
    const storeId = storeIds[index % storeIds.length] ?? 0;
    const created = dataOf(
      await call(baseUrl, 'POST', '/users', agent, {
        email,
        first_name: 'Bench',
        last_name: `Associate ${String(index)}`,
        role_id: role.id,
        password: PASSWORD,
        current_store: storeId,
      }),
      `user ${email}`,
    );
    const { token } = await login(baseUrl, email, PASSWORD);
    dataOf(
      await call(baseUrl, 'POST', '/hr-web-clockin', token, {
        user_id: Number(created.id),
        store_id: storeId,
        user_comment: 'bench ring-up',
      }),
      `clock-in ${email}`,
    );
    people.push({ token, storeId });
  }
  return { productIds, people };
}

async function ringUps(baseUrl: string, productIds: number[], people: Associate[]) {
  const creates: number[] = [];
  const completes: number[] = [];
  const whole: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const deadline = performance.now() + seconds * 1000;
  const startedAt = performance.now();
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const sale = await call(baseUrl, 'POST', '/sales', person.token, {
          store_id: person.storeId,
          lines: productIds.map((product_id, index) => ({ product_id, quantity: 1 + (index % 2) })),
        });
        const created = performance.now();
        creates.push(created - started);
        if (sale.status !== 200) {
          failures++;
          firstFailure ||= `create ${JSON.stringify(sale.body).slice(0, 300)}`;
          continue;
        }
        const row = sale.body.data as { id: number; total_cents: number };
        const cash = Math.floor(row.total_cents / 2);
        const paid = await call(
          baseUrl,
          'POST',
          `/sales/${String(row.id)}/complete`,
          person.token,
          {
            payments: [
              { method: 'cash', amount_cents: cash },
              { method: 'card', amount_cents: row.total_cents - cash },
            ],
          },
        );
        const done = performance.now();
        completes.push(done - created);
        if (paid.status !== 200) {
          failures++;
          firstFailure ||= `complete ${JSON.stringify(paid.body).slice(0, 300)}`;
          continue;
        }
        whole.push(done - started);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  if (firstFailure) console.log(`first failure: ${firstFailure}`);
  return {
    ringUp: figures(whole),
    create: figures(creates),
    complete: figures(completes),
    salesPerSecond: round(whole.length / elapsed),
    failures,
  };
}

async function runBackend(name: string, backend: Backend): Promise<BackendResult> {
  console.log(`${name}: starting the API (migrate, demo seed) ...`);
  const api = await startApi(backend);
  try {
    const { productIds, people } = await prepare(api.baseUrl);
    // Warm-up: one ring-up each, unmeasured.
    await ringUpsOnce(api.baseUrl, productIds, people);
    const measured = await ringUps(api.baseUrl, productIds, people);
    const result: BackendResult = { name, status: 'ok', ...measured, loadAverage: loadavg() };
    console.log(
      `${name}: ring-up of a 5-line sale, ${String(people.length)} associates at once: p50 ${String(measured.ringUp.p50Ms)} ms, p99 ${String(measured.ringUp.p99Ms)} ms (${String(measured.ringUp.count)} sales, ${String(measured.salesPerSecond)}/s, ${String(measured.failures)} failed); create p50 ${String(measured.create.p50Ms)} / p99 ${String(measured.create.p99Ms)} ms, complete p50 ${String(measured.complete.p50Ms)} / p99 ${String(measured.complete.p99Ms)} ms; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    return result;
  } finally {
    await api.stop();
  }
}

async function ringUpsOnce(baseUrl: string, productIds: number[], people: Associate[]) {
  await Promise.all(
    people.map(async (person) => {
      const sale = await call(baseUrl, 'POST', '/sales', person.token, {
        store_id: person.storeId,
        lines: productIds.map((product_id) => ({ product_id, quantity: 1 })),
      });
      const row = dataOf(sale, 'warm-up sale') as { id: number; total_cents: number };
      dataOf(
        await call(baseUrl, 'POST', `/sales/${String(row.id)}/complete`, person.token, {
          payments: [{ method: 'card', amount_cents: row.total_cents }],
        }),
        'warm-up payment',
      );
    }),
  );
}

async function main() {
  installCleanup();
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg();
  await ensureApiBuilt();
  const results: BackendResult[] = [];
  for (const name of backends) {
    if (name === 'postgres') {
      const { admin, database, databaseUrl } = await createBenchDatabase(adminUrl, 'bench_ringup');
      try {
        results.push(await runBackend('PostgreSQL', { kind: 'postgres', databaseUrl }));
      } catch (error) {
        results.push({ name: 'PostgreSQL', status: 'failed', note: String(error) });
        console.error(error);
      } finally {
        await dropBenchDatabase(admin, database);
      }
    } else if (name === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-ringup-'));
      try {
        results.push(await runBackend('PGlite', { kind: 'pglite', dataDir }));
      } catch (error) {
        results.push({ name: 'PGlite', status: 'failed', note: String(error) });
        console.error(error);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  writeResults('sales-ringup', loadAverageBefore, {
    startedAt,
    seconds,
    associates,
    results,
  });
}

runMain(main);

/**
 * The bare baseline: Fastify plus a database driver and routes running the same SQL as the users
 * list, the order list and the ticket center's list (rows + count, in parallel like the API; the
 * tickets' total above 2,000 rows the planner's estimate, as the API's), with no auth, validation
 * or envelope schema.
 * Runs as its own process (see baseline.ts) so it gets a CPU of its own, like the API does.
 *
 * Env: PORT, and either DATABASE_URL (node-postgres pool of 10, like the API) or PGLITE_DIR.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { ordersCountSql, ordersListSql } from './orders-seed.ts';
import { BENCH_COMPANY_ID, usersCountSql, usersListSql } from './seed.ts';
import { ticketsCountSql, ticketsEstimateSql, ticketsListSql } from './tickets-seed.ts';

type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

async function openDatabase(): Promise<{ query: Query; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const dir = process.env.PGLITE_DIR;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (text, params) => (await pool.query(text, params)).rows,
      close: () => pool.end(),
    };
  }
  if (dir) {
    const db = await PGlite.create(dir);
    return {
      query: async (text, params) => (await db.query(text, params)).rows,
      close: () => db.close(),
    };
  }
  throw new Error('baseline: set DATABASE_URL or PGLITE_DIR');
}

async function main() {
  const db = await openDatabase();
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  const page = async (listSql: string, countSql: string) => {
    const [results, totals] = await Promise.all([
      db.query(listSql, [BENCH_COMPANY_ID]),
      db.query(countSql, [BENCH_COMPANY_ID]),
    ]);
    const first = totals[0];
    const total =
      typeof first === 'object' && first !== null && 'total' in first ? Number(first.total) : 0;
    return { success: true, message: 'ok', data: { results, total } };
  };
  app.get('/users', () => page(usersListSql, usersCountSql));
  app.get('/orders', () => page(ordersListSql, ordersCountSql));
  app.get('/tickets', async () => {
    const reply = await page(ticketsListSql, ticketsCountSql);
    if (reply.data.total <= 2000) return reply;
    const [plan] = await db.query(ticketsEstimateSql, [BENCH_COMPANY_ID]);
    const json: unknown = Object.values(Object(plan))[0];
    const parsed: unknown = typeof json === 'string' ? JSON.parse(json) : json;
    const top: unknown = Array.isArray(parsed) ? Reflect.get(Object(parsed[0]), 'Plan') : null;
    const estimate = Number(Reflect.get(Object(top), 'Plan Rows'));
    const total = Math.max(Number.isFinite(estimate) ? estimate : 0, reply.data.total);
    return { ...reply, data: { ...reply.data, total, total_estimated: true } };
  });
  app.addHook('onClose', () => db.close());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

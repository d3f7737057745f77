import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../../src/platform/resources/totals.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** A list's total: exact up to EXACT_TOTAL_LIMIT rows, the planner's estimate (flagged) above. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('agent@demo.example');
  const me = await t.call<{ data: { company_id: number; role: string } }>('GET', '/api/auth/me', {
    token,
  });
  const companyId = me.body.data.company_id;
  await t.database.db.execute(sql`
    insert into users (company_id, email, first_name, last_name, role_id, access_level)
    select ${companyId}, 'totals-' || g || '@bench.example', 'Totals', 'Zz' || lpad(g::text, 5, '0'),
           (select id from roles where company_id = ${companyId} order by id limit 1), 1
      from generate_series(1, ${EXACT_TOTAL_LIMIT + 500}) as g`);
  await t.database.db.execute(sql`analyze users`);
});
afterAll(() => t.close());

describe('list totals', () => {
  it('estimates a large total and says so', async () => {
    const res = await t.call<{
      data: { results: unknown[]; total: number; total_estimated?: boolean };
    }>('GET', '/api/users?perPage=20', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toHaveLength(20);
    expect(res.body.data.total_estimated).toBe(true);
    expect(res.body.data.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });

  it('reuses a fresh estimate, and counts exactly a page that ends the list', async () => {
    type Page = { data: { results: unknown[]; total: number; total_estimated?: boolean } };
    const first = await t.call<Page>('GET', '/api/users?perPage=20', { token });
    const again = await t.call<Page>('GET', '/api/users?perPage=20&page=1', { token });
    expect(again.body.data.total_estimated).toBe(true);
    expect(again.body.data.total).toBe(first.body.data.total);

    const result = await t.database.db.execute(
      sql`select count(*)::int as total from users where company_id = (
        select company_id from users where email = 'agent@demo.example')`,
    );
    const [counted] = (result as unknown as { rows: { total: number }[] }).rows;
    const exact = Number(counted?.total);
    const perPage = [20, 21, 23].find((size) => exact % size !== 0) ?? 20;
    const last = await t.call<Page>(
      'GET',
      `/api/users?perPage=${perPage}&page=${Math.floor(exact / perPage)}`,
      { token },
    );
    expect(last.status).toBe(200);
    expect(last.body.data.results).toHaveLength(exact % perPage);
    expect(last.body.data.total).toBe(exact);
    expect(last.body.data).not.toHaveProperty('total_estimated');
  });

  it('counts a small total exactly, without the flag', async () => {
    const res = await t.call<{ data: { total: number; total_estimated?: boolean } }>(
      'GET',
      '/api/users?perPage=20&filter[email]=totals-12',
      { token },
    );
    expect(res.status).toBe(200);
    // totals-12, totals-120..129, totals-1200..1299 (the contains filter on email)
    expect(res.body.data.total).toBe(111);
    expect(res.body.data).not.toHaveProperty('total_estimated');
  });
});

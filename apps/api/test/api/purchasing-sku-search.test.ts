import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkuMatch } from '@portal/contract/resources/purchasing';
import { searchSkus } from '../../src/modules/catalog/api.ts';
import { testBackend } from '../support/database.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let agent: Person;
let northwind: Person;

/** 100,000 SKUs in the demo company: brand, model, colour and a number, as a catalogue holds. */
const CATALOGUE = 100_000;
const brands = ['Apple', 'Samsung', 'Motorola', 'Belkin', 'Anker', 'Google', 'OnePlus', 'Nokia'];
const kinds = ['Charger', 'Cable', 'Case', 'Screen Protector', 'Power Bank', 'Earbuds', 'Mount'];
const colours = ['Black', 'White', 'Blue', 'Red', 'Green', 'Silver'];

const search = (q: string, who: Person = agent) =>
  t.call<Reply<SkuMatch[]>>(
    'GET',
    `/api/inventory-stock/sku-search?q=${encodeURIComponent(q)}&limit=20`,
    { token: who.token },
  );

beforeAll(async () => {
  t = await startTestApp();
  [agent, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
  await t.database.db.execute(sql`
    insert into products (company_id, name, sku, price_cents, is_serialized, is_active)
    select ${agent.companyId},
      (${list(brands)})[1 + n % ${brands.length}] || ' ' || (${list(kinds)})[1 + n % ${kinds.length}]
        || ' ' || (${list(colours)})[1 + n % ${colours.length}] || ' ' || n,
      'BULK-' || lpad(n::text, 6, '0'),
      100 + n % 5000, false, n % 50 <> 0
    from generate_series(1, ${CATALOGUE}) n`);
  // Fresh statistics, as autovacuum would gather them (ANALYZE needs the table's owner).
  await t.database.db.execute(sql`reset role`);
  await t.database.db.execute(sql`analyze products`);
  await t.database.db.execute(sql`analyze product_search_words`);
  await t.database.db.execute(sql`set role portal_app`);
}, 300_000);
afterAll(() => t.close());

describe('SKU search', () => {
  it('finds by SKU prefix (exact SKU first) and by every word of the name; only active, own products', async () => {
    const exact = await search('BULK-012345');
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.data[0]).toMatchObject({ sku: 'BULK-012345', on_hand: 0 });

    // 012350 is n % 50 == 0: inactive, never offered; the other nine come in SKU order.
    const prefix = await search('bulk-01235');
    expect(prefix.body.data.map((p) => p.sku)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `BULK-01235${n}`),
    );

    const words = await search('anker black bank');
    expect(words.body.data.length).toBe(20);
    for (const product of words.body.data)
      for (const word of ['anker', 'black', 'bank'])
        expect(product.name.toLowerCase()).toContain(word);

    // Another company's search finds none of them; wildcards are plain text.
    expect((await search('BULK-0', northwind)).body.data).toEqual([]);
    expect((await search('%')).body.data).toEqual([]);
    expect((await search('   ')).status).toBe(400);
  });

  it('orders name matches by name then id, as many as asked, the same as reading every name', async () => {
    // The reference reads every product's name words (no index): the first `limit` active
    // products of the company with a word starting with each term, by name then id.
    const reference = async (terms: string[], limit: number) => {
      const each = terms.map(
        (term) =>
          sql`exists (select 1 from regexp_split_to_table(upper(p.name), '[^[:alnum:]]+') w(word) where starts_with(w.word, upper(${term})))`,
      );
      const result = await t.database.db.execute(sql`
        select p.id from products p
         where p.company_id = ${agent.companyId} and p.is_active and ${sql.join(each, sql` and `)}
         order by p.name, p.id limit ${limit}`);
      // node-postgres and PGlite both answer { rows }; the shared executor types it loosely.
      const rows: unknown = Reflect.get(Object(result), 'rows');
      return (Array.isArray(rows) ? rows : []).map((row) => Number(Reflect.get(Object(row), 'id')));
    };
    // A walk over one or a few words each, terms standing for many words (intersected), none.
    const cases: [string, number][] = [
      ['anker black bank', 20],
      ['ank pow', 20],
      ['Samsung', 7],
      ['power bank white', 3],
      ['a b c', 20],
      ['silver 99', 20],
      ['apple samsung', 20],
    ];
    for (const [q, limit] of cases) {
      const found = await t.call<Reply<SkuMatch[]>>(
        'GET',
        `/api/inventory-stock/sku-search?q=${encodeURIComponent(q)}&limit=${limit}`,
        { token: agent.token },
      );
      expect(found.status, q).toBe(200);
      const expected = await reference(q.split(' '), limit);
      expect(
        found.body.data.map((p) => p.id),
        q,
      ).toEqual(expected);
    }
  });

  it(`answers within the goal on ${CATALOGUE.toLocaleString('en-US')} SKUs (p99 over HTTP)`, async () => {
    const queries = [
      'BULK-0',
      'BULK-09',
      'bulk-0500',
      'BULK-099999',
      'samsung case',
      'apple charger white',
      'google earbuds',
      'nokia mount red 77',
      'power bank',
      'silver',
    ];
    for (const q of queries) await search(q); // warm-up
    const times: number[] = [];
    for (let round = 0; round < 30; round++) {
      for (const q of queries) {
        const started = performance.now();
        const res = await search(q);
        times.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
    }
    // The same searches straight on the database (no HTTP, no session): the query's own share.
    const dbTimes: number[] = [];
    for (let round = 0; round < 30; round++) {
      for (const q of queries) {
        const started = performance.now();
        await searchSkus(t.database.db, agent.companyId, q, 20);
        dbTimes.push(performance.now() - started);
      }
    }
    dbTimes.sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    const pick = (list: number[], p: number) =>
      list[Math.min(list.length - 1, Math.ceil(p * list.length) - 1)] ?? 0;
    const at = (p: number) => pick(times, p);
    const figures = {
      backend: testBackend(),
      requests: times.length,
      p50: at(0.5),
      p99: at(0.99),
      db_p50: pick(dbTimes, 0.5),
      db_p99: pick(dbTimes, 0.99),
    };
    console.info(
      `sku-search ${JSON.stringify(figures, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`,
    );
    // The goal is 50 ms on PostgreSQL. Timings on a shared, loaded machine say little, so the
    // figures and the SKU prefix query's plan are printed for the report, not asserted.
    if (testBackend() === 'postgres') {
      const plan = await t.database.db.execute(sql`
        explain analyze select id from products
        where company_id = ${agent.companyId} and is_active
          and sku_key >= 'BULK-0' and sku_key < 'BULK-1'
        order by sku_key, id limit 20`);
      const lines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows;
      console.info(`sku-search plan\n${lines.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 16 item 1: a product's device type field values (extra_fields) are list columns of
// /products, filtered (`filter[extra_fields.<key>]`, contains) and sorted (`sort=extra_fields.<key>`,
// numbers as numbers, rows without the value last) by the engine.

type Reply<T> = { data: T; message: string };
interface ProductRow {
  id: number;
  name: string;
  extra_fields: Record<string, unknown>;
}

let t: TestApp;
let agent: string;
const tag = `DC${Date.now() % 1_000_000}`;
const ids: Record<string, number> = {};

const call = <T>(method: string, path: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token: agent, body });

async function created(path: string, body: Record<string, unknown>) {
  const res = await call<{ id: number }>('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** The names of this test's products a list query answers, in order. */
async function names(query: string): Promise<string[]> {
  const res = await call<{ results: ProductRow[] }>(
    'GET',
    `/products?perPage=100&search=${tag}&${query}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.results.map((row) => row.name.replace(` ${tag}`, ''));
}

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  const phones = await created('/categories', { name: `Column Phones ${tag}` });
  await created('/device-type-fields', {
    category_id: phones,
    key: 'storage',
    label: 'Storage',
    field_type: 'select',
    options: ['64GB', '128GB', '256GB'],
  });
  await created('/device-type-fields', {
    category_id: phones,
    key: 'screen',
    label: 'Screen size',
    field_type: 'number',
  });
  const product = async (name: string, extra: Record<string, unknown>) => {
    ids[name] = await created('/products', {
      name: `${name} ${tag}`,
      sku: `${tag}-${name}`,
      price_cents: 30_000,
      category_id: phones,
      extra_fields: extra,
    });
  };
  await product('Alpha', { storage: '128GB', screen: 6.1 });
  await product('Bravo', { storage: '256GB', screen: 10 });
  await product('Charlie', { storage: '64GB', screen: 5.4 });
  await product('Delta', {});
});
afterAll(() => t.close());

describe('device type field columns', () => {
  it('filters by a value (contains, any case) and by its absence', async () => {
    expect(await names('filter[extra_fields.storage]=128gb')).toEqual(['Alpha']);
    expect(await names('filter[extra_fields.storage]=GB&sort=name')).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    expect(await names('filter[extra_fields.screen]=10')).toEqual(['Bravo']);
    expect(await names('filter[extra_fields.storage]=null')).toEqual(['Delta']);
  });

  it('sorts numbers as numbers, rows without the value last both ways', async () => {
    expect(await names('sort=extra_fields.screen')).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta']);
    expect(await names('sort=-extra_fields.screen')).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
      'Delta',
    ]);
    expect(await names('sort=extra_fields.storage')).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
    ]);
  });

  it('refuses other fields and malformed keys, and keeps the keys of undeclared fields closed', async () => {
    for (const query of [
      'sort=extra_fields',
      'sort=extra_fields.Bad-Key',
      "filter[extra_fields.x'y]=1",
      'sort=name.storage',
      'filter[sku.storage]=1',
    ]) {
      const res = await call('GET', `/products?${query}`);
      expect(res.status, query).toBe(400);
    }
    // A resource that declares no keyed fields takes none.
    const res = await call('GET', '/manufacturers?sort=name.storage');
    expect(res.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkuMatch } from '@portal/contract/resources/purchasing';
import type { StockMovement, StockRecord, StockValuation } from '@portal/contract/resources/stock';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { success: boolean; message: string; data: T };
type List<T> = { results: T[]; total: number };
type RowError = { line: number; field: string | null; message: string };
let t: TestApp;
let agent: Person;
let northwind: Person;
let reasonId: number;
let reasonName: string;

const call = <T>(method: string, path: string, who: Person, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token: who.token, body });
const post = <T>(path: string, body: unknown, who: Person = agent) =>
  call<T>('POST', path, who, body);
const get = <T>(path: string, who: Person = agent) => call<T>('GET', path, who);

let unique = 0;
const stamp = () => `${Date.now()}-${++unique}`;

/** A new warehouse of the demo company (its valuation starts empty). */
async function warehouse(): Promise<{ id: number; name: string }> {
  const name = `Stock Test Warehouse ${stamp()}`;
  const res = await post<{ id: number }>('/inventory-warehouses', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, name };
}

/** A new product (counted unless `serialised`); its SKU is returned too. */
async function product(name: string, serialised = false, who: Person = agent) {
  const sku = `STK-${stamp()}`;
  const res = await post<{ id: number }>(
    '/products',
    { name, sku, price_cents: 1000, is_serialized: serialised, kind: 'accessory' },
    who,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, sku };
}

async function record(body: Record<string, unknown>) {
  const res = await post<StockRecord>('/inventory-stock', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const move = (id: number, quantity: number, who: Person = agent, note?: string) =>
  post<StockRecord>(`/inventory-stock/${id}/move`, { quantity, reason_id: reasonId, note }, who);
const valuationOf = async (locationId: number) =>
  (await get<StockValuation>(`/inventory-stock/valuation?location_id=${locationId}`)).body.data;

beforeAll(async () => {
  t = await startTestApp();
  [agent, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  reasonName = `Stock count ${stamp()}`;
  const reason = await post<{ id: number }>('/adjustment-reasons', { name: reasonName });
  expect(reason.status, JSON.stringify(reason.body)).toBe(200);
  reasonId = reason.body.data.id;
}, 240_000);
afterAll(() => t.close());

describe('stock records', () => {
  it('moves stock only with a reason, keeps the history, never goes below zero', async () => {
    const place = await warehouse();
    const cable = await product(`Stock Cable ${stamp()}`);
    const created = await record({
      product_id: cable.id,
      location_id: place.id,
      cost_cents: 250,
      reorder_point: 5,
    });
    expect(created).toMatchObject({ on_hand: 0, value_cents: 0, below_reorder: true });
    expect(created.location_name).toBe(place.name);

    const added = await move(created.id, 12, agent, 'opening count');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ on_hand: 12, value_cents: 3000, below_reorder: false });

    const tooMany = await move(created.id, -13);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(
      'Only 12 on hand; cannot take 13. Stock never goes below zero',
    );
    const taken = await move(created.id, -9);
    expect(taken.body.data).toMatchObject({ on_hand: 3, value_cents: 750, below_reorder: true });

    // No quantity through an edit: the update schema has no on_hand.
    const edit = await call<StockRecord>('PATCH', `/inventory-stock/${created.id}`, agent, {
      on_hand: 100,
    });
    expect(edit.status).toBe(400);
    const costed = await call<StockRecord>('PATCH', `/inventory-stock/${created.id}`, agent, {
      cost_cents: 1999,
    });
    expect(costed.body.data).toMatchObject({ on_hand: 3, cost_cents: 1999, value_cents: 5997 });

    const history = await get<StockMovement[]>(`/inventory-stock/${created.id}/movements`);
    expect(history.body.data.map((m) => [m.delta, m.reason])).toEqual([
      [-9, reasonName],
      [12, `${reasonName}: opening count`],
    ]);
    expect(history.body.data[0]?.user_name).toBe('Marco Agent');

    // A zero move and an unknown reason are refused, nothing written.
    expect((await move(created.id, 0)).status).toBe(400);
    const badReason = await post(`/inventory-stock/${created.id}/move`, {
      quantity: 1,
      reason_id: 999_999,
    });
    expect(badReason.status).toBe(400);
    expect(
      (await get<StockMovement[]>(`/inventory-stock/${created.id}/movements`)).body.data,
    ).toHaveLength(2);
  });

  it('values stock per warehouse and overall, and filters what is below its reorder point', async () => {
    const place = await warehouse();
    const [a, b] = await Promise.all([
      product(`Stock Case ${stamp()}`),
      product(`Stock Charger ${stamp()}`),
    ]);
    const ra = await record({ product_id: a.id, location_id: place.id, cost_cents: 450 });
    const rb = await record({
      product_id: b.id,
      location_id: place.id,
      cost_cents: 1999,
      reorder_point: 8,
    });
    await move(ra.id, 10);
    await move(rb.id, 7);

    const here = await valuationOf(place.id);
    expect(here).toMatchObject({
      records: 2,
      on_hand: 17,
      value_cents: 10 * 450 + 7 * 1999,
      below_reorder: 1,
    });
    expect(here.locations).toEqual([
      {
        location_id: place.id,
        location_name: place.name,
        records: 2,
        on_hand: 17,
        value_cents: 18_493,
        below_reorder: 1,
      },
    ]);
    // Overall is the sum of the warehouses.
    const all = (await get<StockValuation>('/inventory-stock/valuation')).body.data;
    expect(all.value_cents).toBe(all.locations.reduce((sum, l) => sum + l.value_cents, 0));
    expect(all.locations.find((l) => l.location_id === place.id)?.value_cents).toBe(18_493);

    const below = await get<List<StockRecord>>(
      `/inventory-stock?filter[location_id]=${place.id}&filter[below_reorder]=true`,
    );
    expect(below.body.data.results.map((row) => row.id)).toEqual([rb.id]);
    const byValue = await get<List<StockRecord>>(
      `/inventory-stock?filter[location_id]=${place.id}&sort=-value_cents`,
    );
    expect(byValue.body.data.results.map((row) => row.value_cents)).toEqual([13_993, 4_500]);
  });

  it('refuses serialised products, places that are not warehouses, twins and other companies', async () => {
    const place = await warehouse();
    const phone = await product(`Stock Phone ${stamp()}`, true);
    const serial = await post<unknown>('/inventory-stock', {
      product_id: phone.id,
      location_id: place.id,
    });
    expect(serial.status).toBe(400);
    expect(serial.body.message).toContain('is serialised');

    const counted = await product(`Stock Strap ${stamp()}`);
    const first = await record({ product_id: counted.id, location_id: place.id });
    const twin = await post<unknown>('/inventory-stock', {
      product_id: counted.id,
      location_id: place.id,
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(
      `${(await get<StockRecord>(`/inventory-stock/${first.id}`)).body.data.product_name} already has a stock record at ${place.name}; edit that one`,
    );

    const foreign = await product(`Northwind Strap ${stamp()}`, false, northwind);
    const cross = await post<unknown>('/inventory-stock', {
      product_id: foreign.id,
      location_id: place.id,
    });
    expect(cross.status).toBe(400);

    // Another company's record is not found, whatever is asked of it.
    await move(first.id, 2);
    expect((await get(`/inventory-stock/${first.id}`, northwind)).status).toBe(404);
    expect((await get(`/inventory-stock/${first.id}/movements`, northwind)).status).toBe(404);
    expect((await move(first.id, -1, northwind)).status).toBe(404);
    expect(
      (await call('PATCH', `/inventory-stock/${first.id}`, northwind, { reorder_point: 1 })).status,
    ).toBe(404);
    expect((await get<StockRecord>(`/inventory-stock/${first.id}`)).body.data.on_hand).toBe(2);
  });

  it('follows counted stock taken elsewhere (internal use)', async () => {
    const place = await warehouse();
    const item = await product(`Stock Sticker ${stamp()}`);
    const made = await record({ product_id: item.id, location_id: place.id, cost_cents: 100 });
    await move(made.id, 5);
    const kept = await post<unknown>('/inventory-internal-inv', {
      product_id: item.id,
      warehouse_id: place.id,
      quantity: 2,
      purpose: 'Shop display',
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const after = (await get<StockRecord>(`/inventory-stock/${made.id}`)).body.data;
    expect(after).toMatchObject({ on_hand: 3, value_cents: 300 });
  });
});

describe('stock bulk files', () => {
  it('uploads all lines or none, naming each bad line', async () => {
    const place = await warehouse();
    const [a, b] = await Promise.all([
      product(`Bulk Lanyard ${stamp()}`),
      product(`Bulk Holster ${stamp()}`),
    ]);
    const phone = await product(`Bulk Phone ${stamp()}`, true);
    const bad = [
      'sku,location,quantity,cost,reorder_point',
      `${a.sku},${place.name},10,4.50,3`,
      `NO-SUCH-SKU,${place.name},1,1,0`,
      `${b.sku},Nowhere,1,1.00,0`,
      `${b.sku},${place.name},-2,1.00,0`,
      `${phone.sku},${place.name},1,1,0`,
      `${a.sku},${place.name},1,,`,
    ].join('\n');
    const refused = await post<{ errors: RowError[] }>('/inventory-stock/bulk-upload', {
      csv: bad,
      reason_id: reasonId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('5 rows have errors; nothing was saved');
    expect(refused.body.data.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'sku'],
      [4, 'location'],
      [5, 'quantity'],
      [6, 'sku'],
      [7, null],
    ]);
    expect(refused.body.data.errors[0]?.message).toBe('No product with SKU NO-SUCH-SKU');
    expect((await valuationOf(place.id)).records).toBe(0);

    const good = [
      'sku,location,quantity,cost,reorder_point',
      `${a.sku},${place.name},10,4.50,3`,
      `${b.sku},${place.name.toUpperCase()},4,12,6`,
    ].join('\n');
    const checked = await post<{ count: number }>('/inventory-stock/bulk-upload', {
      csv: good,
      reason_id: reasonId,
      dry_run: true,
    });
    expect(checked.body.data.count).toBe(2);
    expect((await valuationOf(place.id)).records).toBe(0);

    const done = await post<{ count: number; ids: number[] }>('/inventory-stock/bulk-upload', {
      csv: good,
      reason_id: reasonId,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe('2 stock lines uploaded');
    expect(await valuationOf(place.id)).toMatchObject({
      records: 2,
      on_hand: 14,
      value_cents: 10 * 450 + 4 * 1200,
      below_reorder: 1,
    });
    // A second file adds to what is there; an empty cost keeps the cost.
    await post('/inventory-stock/bulk-upload', {
      csv: `sku,location,quantity,cost,reorder_point\n${a.sku},${place.name},5,,`,
      reason_id: reasonId,
    });
    const id = done.body.data.ids[0] ?? 0;
    const row = (await get<StockRecord>(`/inventory-stock/${id}`)).body.data;
    expect(row).toMatchObject({ on_hand: 15, cost_cents: 450, reorder_point: 3 });
    const moves = (await get<StockMovement[]>(`/inventory-stock/${id}/movements`)).body.data;
    expect(moves.map((m) => [m.delta, m.reason])).toEqual([
      [5, reasonName],
      [10, reasonName],
    ]);
  });

  it('updates reorder points and costs of existing records only', async () => {
    const place = await warehouse();
    const [a, b] = await Promise.all([
      product(`Update Clip ${stamp()}`),
      product(`Update Mount ${stamp()}`),
    ]);
    const ra = await record({ product_id: a.id, location_id: place.id, cost_cents: 100 });
    await move(ra.id, 4);
    const refused = await post<{ errors: RowError[] }>('/inventory-stock/bulk-update', {
      csv: `sku,location,reorder_point,reorder_quantity,cost\n${a.sku},${place.name},9,20,2.5\n${b.sku},${place.name},1,1,1`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      { line: 3, field: null, message: `No stock record of ${b.sku} at ${place.name}` },
    ]);
    expect((await get<StockRecord>(`/inventory-stock/${ra.id}`)).body.data.cost_cents).toBe(100);

    const done = await post<{ count: number }>('/inventory-stock/bulk-update', {
      csv: `sku,location,reorder_point,reorder_quantity,cost\n${a.sku},${place.name},9,20,2.5`,
    });
    expect(done.body.message).toBe('1 stock record updated');
    expect((await get<StockRecord>(`/inventory-stock/${ra.id}`)).body.data).toMatchObject({
      on_hand: 4,
      reorder_point: 9,
      reorder_quantity: 20,
      cost_cents: 250,
      value_cents: 1000,
      below_reorder: true,
    });
  });
});

describe('SKU search', () => {
  const search = async (q: string, who: Person = agent) =>
    (await get<SkuMatch[]>(`/inventory-stock/sku-search?q=${encodeURIComponent(q)}`, who)).body
      .data;

  it('finds by SKU prefix and by the start of each word, follows renames, own company only', async () => {
    const tag = `Q${Date.now().toString(36).toUpperCase()}`;
    const made = await post<{ id: number }>('/products', {
      name: `Zephyrine ${tag} Braided Cable`,
      sku: `${tag}-CBL-1`,
      price_cents: 900,
      kind: 'accessory',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await search(`${tag.toLowerCase()}-cbl`)).map((p) => p.sku)).toEqual([`${tag}-CBL-1`]);
    expect((await search(`braid ${tag.toLowerCase()}`)).map((p) => p.id)).toEqual([
      made.body.data.id,
    ]);
    expect(await search(`braid ${tag.toLowerCase()} nylon`)).toEqual([]);
    expect(await search(`${tag} cable`, northwind)).toEqual([]);

    await call('PATCH', `/products/${made.body.data.id}`, agent, {
      name: `Aurelian ${tag} Cable`,
    });
    expect(await search(`zephyrine ${tag}`)).toEqual([]);
    expect((await search(`aurel ${tag}`)).map((p) => p.id)).toEqual([made.body.data.id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockWarehouse } from '../support/warehouse-stock.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 16 item 2: the shop, the cart's checkout (one order, one transaction, priced on the
// server, only for a store the caller may order for) and the CSV order (per-row errors).

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
interface Line {
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  tax_cents: number;
  total_cents: number;
}
interface Order {
  id: number;
  status: string;
  kind: string;
  store_id: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  lines: Line[];
}
interface ShopRow {
  id: number;
  name: string;
  kind: string;
  in_stock: number;
  price_cents: number;
  tax_bps: number;
}
interface RowError {
  line: number;
  field: string | null;
  message: string;
}

let t: TestApp;
let agent: string;
let manager: string;
let other: string;
let storeId: number;
let phone: number;
let charger: number;
let makerId: number;
const tag = `CK${Date.now() % 100000}`;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

const orderCount = async () =>
  (await call<{ total: number }>('GET', '/orders/count', agent)).body.data.total;

async function product(body: Record<string, unknown>) {
  const res = await call<{ id: number }>('POST', '/products', agent, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  manager = await t.login('manager@demo.example');
  other = await t.login('admin@northwind.example');
  const maker = await call<{ id: number }>('POST', '/manufacturers', agent, {
    name: `Maker ${tag}`,
  });
  makerId = maker.body.data.id;
  phone = await product({
    name: `Checkout Phone ${tag}`,
    sku: `${tag}-PHONE`,
    price_cents: 45_000,
    tax_bps: 825,
    manufacturer_id: makerId,
    is_serialized: true,
  });
  charger = await product({
    name: `Checkout Charger ${tag}`,
    sku: `${tag}-CHG`,
    kind: 'accessory',
    price_cents: 1_999,
    tax_bps: 1000,
  });
  // Submitted orders must fit the warehouse's available units.
  await stockWarehouse(t, agent, phone, 40, tag);
  await stockWarehouse(t, agent, charger, 40, tag);
  const stores = await call<{ id: number }[]>('GET', '/orders/stores-can-order-for', manager);
  storeId = stores.body.data[0]?.id ?? 0;
  expect(storeId).toBeGreaterThan(0);
});
afterAll(() => t.close());

describe('shop', () => {
  it('lists one kind of product with the warehouse stock, searched and filtered', async () => {
    const warehouse = await call<{ id: number }>('POST', '/stock-locations', agent, {
      name: `Shop Warehouse ${tag}`,
    });
    await call('POST', '/inventory-items', agent, {
      product_id: phone,
      location_id: warehouse.body.data.id,
      serials: [`${tag}-1`, `${tag}-2`, `${tag}-3`],
    });
    const found = await call<{ results: ShopRow[]; total: number }>(
      'GET',
      `/shop/products?search=${tag}&manufacturer_id=${makerId}`,
      manager,
    );
    expect(found.status).toBe(200);
    // 40 units from the start, 3 more here: the warehouses' sum.
    expect(found.body.data.results).toEqual([
      expect.objectContaining({ id: phone, kind: 'device', in_stock: 43, tax_bps: 825 }),
    ]);
    const accessories = await call<{ results: ShopRow[] }>(
      'GET',
      `/shop/accessories?search=${tag}`,
      manager,
    );
    expect(accessories.body.data.results.map((row) => row.id)).toEqual([charger]);
    const none = await call<{ results: ShopRow[]; total: number }>(
      'GET',
      `/shop/products?search=${tag}&manufacturer_id=${makerId + 100000}`,
      manager,
    );
    expect(none.body.data.total).toBe(0);
    // Another company's shop does not show these.
    const theirs = await call<{ total: number }>('GET', `/shop/products?search=${tag}`, other);
    expect(theirs.body.data.total).toBe(0);
    // Who may not order does not shop.
    const employee = await t.login('user@demo.example');
    expect((await call('GET', '/shop/products', employee)).status).toBe(403);
  });
});

describe('checkout', () => {
  it('prices every line on the server, ignoring the browser prices, and merges a product listed twice', async () => {
    const before = await orderCount();
    const res = await call<Order>('POST', '/orders/checkout', manager, {
      store_id: storeId,
      kind: 'device',
      note: 'From the cart',
      lines: [
        { product_id: phone, quantity: 2, price: 1, tax: 0, total: 2, unit_price_cents: 1 },
        { product_id: phone, quantity: 1, price: 1, tax: 0, total: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Order created');
    // 3 x 450.00 = 1350.00; tax 8.25 % = 111.375 -> 111.38
    expect(res.body.data).toMatchObject({
      status: 'submitted',
      kind: 'device',
      store_id: storeId,
      subtotal_cents: 135_000,
      tax_cents: 11_138,
      total_cents: 146_138,
    });
    expect(res.body.data.lines).toEqual([
      expect.objectContaining({
        product_id: phone,
        quantity: 3,
        unit_price_cents: 45_000,
        tax_cents: 11_138,
        total_cents: 146_138,
      }),
    ]);
    expect(await orderCount()).toBe(before + 1);
    const history = await call<{ action: string; note: string | null }[]>(
      'GET',
      `/orders/${res.body.data.id}/history`,
      manager,
    );
    expect(history.body.data.map((entry) => entry.action)).toEqual(['transition', 'created']);
    expect(history.body.data[0]?.note).toBe('Checked out from the cart');
  });

  it('is one transaction: a refused line writes nothing', async () => {
    const retired = await product({ name: `Retired ${tag}`, sku: `${tag}-OLD`, price_cents: 100 });
    await call('DELETE', `/products/${retired}`, agent);
    const before = await orderCount();
    const res = await call('POST', '/orders/checkout', manager, {
      store_id: storeId,
      lines: [
        { product_id: phone, quantity: 1 },
        { product_id: retired, quantity: 1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'lines.1.product_id': [`Retired ${tag} is no longer sold`],
    });
    expect(await orderCount()).toBe(before);
  });

  it('keeps devices and accessories in their own carts', async () => {
    const res = await call('POST', '/orders/checkout', manager, {
      store_id: storeId,
      kind: 'device',
      lines: [{ product_id: charger, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Checkout Charger ${tag} is an accessory; order it from the accessories cart`,
    );
    const ok = await call<Order>('POST', '/orders/checkout', manager, {
      store_id: storeId,
      kind: 'accessory',
      lines: [{ product_id: charger, quantity: 4 }],
    });
    expect(ok.status).toBe(200);
    // 4 x 19.99 = 79.96; tax 10 % = 8.00 (7.996)
    expect(ok.body.data).toMatchObject({ kind: 'accessory', total_cents: 7_996 + 800 });
    const listed = await call<{ results: { id: number }[] }>(
      'GET',
      '/orders?filter[kind]=accessory&perPage=100',
      manager,
    );
    expect(listed.body.data.results.map((row) => row.id)).toContain(ok.body.data.id);
  });

  it('refuses an empty cart', async () => {
    const before = await orderCount();
    const res = await call('POST', '/orders/checkout', manager, { store_id: storeId, lines: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your cart is empty');
    expect(await orderCount()).toBe(before);
  });

  it('orders only for a store the caller may order for (storesCanOrderFor)', async () => {
    const mine = await call<{ id: number }[]>('GET', '/orders/stores-can-order-for', manager);
    const all = await call<{ results: { id: number }[] }>('GET', '/stores?perPage=1000', agent);
    const allowed = new Set(mine.body.data.map((store) => store.id));
    const outside = all.body.data.results.find((store) => !allowed.has(store.id));
    expect(outside, 'the demo manager does not oversee every store').toBeDefined();
    const before = await orderCount();
    const lines = [{ product_id: phone, quantity: 1 }];
    const refused = await call('POST', '/orders/checkout', manager, {
      store_id: outside?.id,
      lines,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You may not order for this store');
    // The order form is held to the same rule.
    const form = await call('POST', '/orders', manager, { store_id: outside?.id, lines });
    expect(form.status).toBe(403);
    expect(form.body.message).toBe('You may not order for this store');
    // A company-wide role orders for every store.
    const agentOrder = await call('POST', '/orders/checkout', agent, {
      store_id: outside?.id,
      lines,
    });
    expect(agentOrder.status).toBe(200);
    // Another company's store is nobody's to order for here.
    const theirs = await call<{ results: { id: number }[] }>('GET', '/stores?perPage=1', other);
    const cross = await call('POST', '/orders/checkout', agent, {
      store_id: theirs.body.data.results[0]?.id,
      lines,
    });
    expect(cross.status).toBe(403);
    expect(await orderCount()).toBe(before + 1);
  });

  it('checks out a 50-line cart (p50 for the report)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++)
      ids.push(
        await product({
          name: `Bulk ${tag} ${i}`,
          sku: `${tag}-B${i}`,
          price_cents: 1_000 + i,
          tax_bps: 825,
        }),
      );
    const lines = ids.map((product_id, i) => ({ product_id, quantity: 1 + (i % 5) }));
    // Enough warehouse units for every run (15 orders of up to 5 each).
    for (const id of ids) await stockWarehouse(t, agent, id, 75, tag);
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const started = performance.now();
      const res = await call<Order>('POST', '/orders/checkout', manager, {
        store_id: storeId,
        lines,
      });
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
      expect(res.body.data.lines).toHaveLength(50);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `checkout of a 50-line cart (${process.env.TEST_DB ?? 'pglite'}): p50 ${p50.toFixed(1)} ms, ` +
        `min ${times[0]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms over ${times.length}`,
    );
    expect(p50).toBeLessThan(5_000);
  });
});

describe('csv order', () => {
  it('reports every bad row by line and column and writes nothing', async () => {
    const before = await orderCount();
    const csv = [
      'sku,quantity',
      `${tag}-PHONE,2`,
      `NOPE-${tag},1`,
      `${tag}-PHONE,1`,
      `${tag}-CHG,1`,
      `${tag}-PHONE,0`,
      `,x`,
    ].join('\n');
    const res = await call<null>('POST', '/csv-order', manager, { store_id: storeId, csv });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('5 rows have errors; nothing was saved');
    expect((res.body.data as unknown as { errors: RowError[] }).errors).toEqual([
      { line: 3, field: 'sku', message: `No product with SKU NOPE-${tag}` },
      { line: 4, field: 'sku', message: `SKU ${tag}-PHONE is already on line 2` },
      {
        line: 5,
        field: 'sku',
        message: `Checkout Charger ${tag} is an accessory; order it from the accessories cart`,
      },
      { line: 6, field: 'sku', message: `SKU ${tag}-PHONE is already on line 2` },
      { line: 6, field: 'quantity', message: 'Quantity must be at least 1' },
      { line: 7, field: 'sku', message: 'Enter a SKU' },
      { line: 7, field: 'quantity', message: 'Enter a whole quantity' },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('names the row of each line over what the warehouse has, and writes nothing', async () => {
    const scarce = await product({
      name: `Scarce Phone ${tag}`,
      sku: `${tag}-SCARCE`,
      price_cents: 30_000,
      is_serialized: true,
    });
    // None in the warehouse.
    await product({
      name: `Rare Phone ${tag}`,
      sku: `${tag}-RARE`,
      price_cents: 60_000,
      is_serialized: true,
    });
    await stockWarehouse(t, agent, scarce, 2, `${tag}S`);
    const before = await orderCount();
    const csv = ['sku,quantity', `${tag}-PHONE,1`, `${tag}-SCARCE,5`, `${tag}-RARE,1`].join('\n');
    const expected = [
      {
        line: 3,
        field: 'quantity',
        message: `Scarce Phone ${tag}: 5 ordered, only 2 available at the warehouse`,
      },
      {
        line: 4,
        field: 'quantity',
        message: `Rare Phone ${tag}: 1 ordered, only 0 available at the warehouse`,
      },
    ];
    for (const dry_run of [true, false]) {
      const res = await call<{ errors: RowError[] }>('POST', '/csv-order', manager, {
        store_id: storeId,
        csv,
        dry_run,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe('2 rows have errors; nothing was saved');
      expect(res.body.data.errors).toEqual(expected);
    }
    expect(await orderCount()).toBe(before);
    // What the warehouse has is still free: the refused file reserved nothing.
    const fits = await call<{ order_id: number }>('POST', '/csv-order', manager, {
      store_id: storeId,
      csv: `sku,quantity\n${tag}-SCARCE,2\n`,
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses a file without its columns, and a store the caller may not order for', async () => {
    const bad = await call<{ errors: RowError[] }>('POST', '/csv-order', manager, {
      store_id: storeId,
      csv: 'product,qty\nx,1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toEqual({
      line: 1,
      field: 'product',
      message: 'Unknown column product',
    });
    const theirs = await call<{ results: { id: number }[] }>('GET', '/stores?perPage=1', other);
    const refused = await call('POST', '/csv-order', manager, {
      store_id: theirs.body.data.results[0]?.id,
      csv: `sku,quantity\n${tag}-PHONE,1`,
    });
    expect(refused.status).toBe(403);
  });

  it('checks a good file on a dry run, then orders it: one submitted order priced on the server', async () => {
    const before = await orderCount();
    const csv = `sku,quantity\n${tag}-PHONE,2\n`;
    const dry = await call<{ order_id: number | null; lines: unknown[] }>(
      'POST',
      '/csv-order',
      manager,
      { store_id: storeId, csv, dry_run: true },
    );
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.message).toBe('1 line checked; nothing was saved');
    expect(dry.body.data).toMatchObject({
      order_id: null,
      lines: [{ line: 2, product_id: phone, quantity: 2 }],
    });
    expect(await orderCount()).toBe(before);
    const placed = await call<{ order_id: number }>('POST', '/csv-order', manager, {
      store_id: storeId,
      csv,
    });
    expect(placed.status).toBe(200);
    expect(placed.body.message).toBe('Order created');
    const order = await call<Order>('GET', `/orders/${placed.body.data.order_id}`, manager);
    expect(order.body.data).toMatchObject({
      status: 'submitted',
      subtotal_cents: 90_000,
      tax_cents: 7_425,
    });
    expect(await orderCount()).toBe(before + 1);
  });
});

describe('warehouse reports', () => {
  it('counts open orders by store and values stock by location', async () => {
    const open = await call<
      { store_id: number; submitted: number; orders: number; units: number; total_cents: number }[]
    >('GET', '/reports/open-orders', manager);
    expect(open.status).toBe(200);
    const mine = open.body.data.find((row) => row.store_id === storeId);
    // The checkouts above: each one a submitted order of this store.
    expect(mine?.submitted).toBeGreaterThanOrEqual(4);
    expect(mine?.orders).toBeGreaterThanOrEqual(mine?.submitted ?? 0);
    expect(mine?.units).toBeGreaterThan(0);
    const stock = await call<
      { location_name: string; product_id: number; units: number; value_cents: number }[]
    >('GET', '/reports/stock-on-hand', manager);
    expect(stock.body.data).toContainEqual(
      expect.objectContaining({
        location_name: `Shop Warehouse ${tag}`,
        product_id: phone,
        units: 3,
        value_cents: 0,
      }),
    );
    // Another company sees its own figures only.
    const theirs = await call<{ store_id: number }[]>('GET', '/reports/open-orders', other);
    expect(theirs.body.data.map((row) => row.store_id)).not.toContain(storeId);
    const employee = await t.login('employee@demo.example');
    expect((await call('GET', '/reports/stock-on-hand', employee)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 16 rules: "a canceled order releases what it reserved". An order holds warehouse units
// from its submission until it ships; the shop's in_stock is the warehouse's units less those.
// Every way out of submitted / pending_shipment releases them: Cancel (from either), back to open;
// a submitted order cannot be deleted or edited; a shipment turns the hold into units in transit. Concurrent moves leave the figures right.

type Reply<T> = { data: T; message: string };
interface Order {
  id: number;
  status: string;
}
interface ShopRow {
  id: number;
  in_stock: number;
  reserved: number;
}

let t: TestApp;
let agent: string;
let manager: string;
let clerk: string;
let storeId: number;
let phone: number;
const tag = `RS${Date.now() % 100000}`;
const serials = Array.from({ length: 6 }, (_, i) => `${tag}-${String(i + 1)}`);

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

/** The phone's row in the shop: what a new order can get, and what orders hold. */
async function shopRow(): Promise<{ in_stock: number; reserved: number }> {
  const res = await call<{ results: ShopRow[] }>('GET', `/shop/products?search=${tag}`, manager);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = res.body.data.results.find((r) => r.id === phone);
  if (!row) throw new Error('the phone is not in the shop');
  return { in_stock: row.in_stock, reserved: row.reserved };
}

async function submitted(quantity: number): Promise<number> {
  const res = await call<Order>('POST', '/orders/checkout', manager, {
    store_id: storeId,
    kind: 'device',
    lines: [{ product_id: phone, quantity }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.status).toBe('submitted');
  return res.body.data.id;
}

const move = (id: number, to: string, token = agent) =>
  call<Order>('POST', `/orders/${String(id)}/transition`, token, { to });

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  manager = await t.login('manager@demo.example');
  clerk = await t.login('warehouse@demo.example');
  const made = await call<{ id: number }>('POST', '/products', agent, {
    name: `Reserved Phone ${tag}`,
    sku: `${tag}-PHONE`,
    price_cents: 30_000,
    is_serialized: true,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  phone = made.body.data.id;
  const warehouse = await call<{ id: number }>('POST', '/stock-locations', agent, {
    name: `Reserve Warehouse ${tag}`,
  });
  const added = await call('POST', '/inventory-items', agent, {
    product_id: phone,
    location_id: warehouse.body.data.id,
    serials,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const stores = await call<{ id: number }[]>('GET', '/orders/stores-can-order-for', manager);
  storeId = stores.body.data[0]?.id ?? 0;
  expect(storeId).toBeGreaterThan(0);
});
afterAll(() => t.close());

describe('warehouse stock reserved by orders', () => {
  it('holds units from submission; Cancel and back to open release them', async () => {
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });

    // An open order holds nothing; submitting it holds its units.
    const draft = await call<Order>('POST', '/orders', manager, {
      store_id: storeId,
      lines: [{ product_id: phone, quantity: 2 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });
    expect((await move(draft.body.data.id, 'submitted', manager)).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 2 });
    // Back to open releases them.
    expect((await move(draft.body.data.id, 'open')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });

    // Canceled from submitted and from pending_shipment.
    const first = await submitted(3);
    expect(await shopRow()).toEqual({ in_stock: 3, reserved: 3 });
    expect((await move(first, 'canceled')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });
    const second = await submitted(1);
    expect((await move(second, 'pending_shipment')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 5, reserved: 1 });
    expect((await move(second, 'canceled')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });

    // A submitted order is neither deleted nor edited (its hold stays whole) until canceled.
    const third = await submitted(2);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 2 });
    expect((await call('DELETE', `/orders/${String(third)}`, agent)).status).toBe(409);
    const edited = await call('PATCH', `/orders/${String(third)}`, agent, {
      lines: [{ product_id: phone, quantity: 5 }],
    });
    expect(edited.status).toBe(409);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 2 });
    expect((await move(third, 'canceled')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });

    // A canceled order stays released: it cannot be submitted again.
    expect((await move(first, 'submitted')).status).toBe(409);
    expect(await shopRow()).toEqual({ in_stock: 6, reserved: 0 });
  });

  it('a shipment turns the hold into units in transit; more ordered than held shows 0, never negative', async () => {
    const order = await submitted(2);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 2 });
    const shipped = await call<Order>('POST', `/fulfill-order/${String(order)}`, clerk, {
      serials: serials.slice(0, 2),
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.status).toBe('shipped');
    // Two units left the warehouse and the order holds nothing more.
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 0 });
    // A shipped order cannot be canceled: nothing to release twice.
    expect((await move(order, 'canceled')).status).toBe(409);

    const big = await submitted(9);
    expect(await shopRow()).toEqual({ in_stock: 0, reserved: 9 });
    expect((await move(big, 'canceled')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 0 });
  });

  it('concurrent cancels release once; a cancel racing a shipment leaves one outcome', async () => {
    const order = await submitted(2);
    const cancels = await Promise.all([move(order, 'canceled'), move(order, 'canceled')]);
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 0 });

    const raced = await submitted(2);
    const [cancel, ship] = await Promise.all([
      move(raced, 'canceled'),
      call<Order>('POST', `/fulfill-order/${String(raced)}`, clerk, {
        serials: serials.slice(2, 4),
      }),
    ]);
    // Exactly one wins; the figures match the winner.
    expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
    const seen = await call<Order>('GET', `/orders/${String(raced)}`, agent);
    if (cancel.status === 200) {
      expect(seen.body.data.status).toBe('canceled');
      expect(await shopRow()).toEqual({ in_stock: 4, reserved: 0 });
    } else {
      expect(seen.body.data.status).toBe('shipped');
      expect(await shopRow()).toEqual({ in_stock: 2, reserved: 0 });
    }
  });
});

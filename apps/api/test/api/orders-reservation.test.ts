import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/schema.ts';
import { inventoryItems, stockLocations } from '../../src/modules/inventory/schema.ts';
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
let warehouseId: number;
let companyId: number;
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

/** How many orders the company has (a refused checkout adds none). */
async function orderCount(): Promise<number> {
  const res = await call<{ total: number }>('GET', '/orders/count', agent);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.total;
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
  warehouseId = warehouse.body.data.id;
  const [product] = await t.database.db
    .select({ company_id: products.company_id })
    .from(products)
    .where(eq(products.id, phone));
  companyId = product?.company_id ?? 0;
  const added = await call('POST', '/inventory-items', agent, {
    product_id: phone,
    location_id: warehouseId,
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

  it('a shipment turns the hold into units in transit', async () => {
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
  });

  it('refuses a checkout or a Submit over the available units, naming the product; nothing written', async () => {
    const one = await submitted(1);
    expect(await shopRow()).toEqual({ in_stock: 3, reserved: 1 });
    const before = await orderCount();
    const over = await call<Order>('POST', '/orders/checkout', manager, {
      store_id: storeId,
      kind: 'device',
      lines: [{ product_id: phone, quantity: 4 }],
    });
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    expect(over.body.message).toBe(
      `Reserved Phone ${tag}: 4 ordered, only 3 available at the warehouse`,
    );
    expect(await orderCount()).toBe(before);
    expect(await shopRow()).toEqual({ in_stock: 3, reserved: 1 });

    // An open order is not held; submitting it later is checked the same way and it stays open.
    const draft = await call<Order>('POST', '/orders', manager, {
      store_id: storeId,
      lines: [{ product_id: phone, quantity: 4 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const refused = await move(draft.body.data.id, 'submitted', manager);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Reserved Phone ${tag}: 4 ordered, only 3 available at the warehouse`,
    );
    const still = await call<Order>('GET', `/orders/${String(draft.body.data.id)}`, manager);
    expect(still.body.data.status).toBe('open');
    expect(await shopRow()).toEqual({ in_stock: 3, reserved: 1 });

    // Exactly what is available passes.
    const all = await submitted(3);
    expect(await shopRow()).toEqual({ in_stock: 0, reserved: 4 });
    for (const id of [one, all]) expect((await move(id, 'canceled')).status).toBe(200);
    expect((await call('DELETE', `/orders/${String(draft.body.data.id)}`, manager)).status).toBe(
      200,
    );
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 0 });
  });

  it('concurrent checkouts for the last units: one order is placed, the others are refused', async () => {
    const before = await orderCount();
    const checkout = () =>
      call<Order>('POST', '/orders/checkout', manager, {
        store_id: storeId,
        kind: 'device',
        lines: [{ product_id: phone, quantity: 3 }],
      });
    const replies = await Promise.all([checkout(), checkout(), checkout()]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409))
      expect(reply.body.message).toBe(
        `Reserved Phone ${tag}: 3 ordered, only 1 available at the warehouse`,
      );
    expect(await orderCount()).toBe(before + 1);
    expect(await shopRow()).toEqual({ in_stock: 1, reserved: 3 });
    const placed = replies.find((r) => r.status === 200);
    expect((await move(placed?.body.data.id ?? 0, 'canceled')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 4, reserved: 0 });
  });

  it('a partly fulfilled order in pending shipment holds only what is not fulfilled yet', async () => {
    const order = await submitted(2);
    expect((await move(order, 'pending_shipment')).status).toBe(200);
    expect(await shopRow()).toEqual({ in_stock: 2, reserved: 2 });
    // One unit of the two has been shipped on the order (left the warehouse for its transit
    // location) while the order still waits for the other.
    const [transit] = await t.database.db
      .insert(stockLocations)
      .values({
        company_id: companyId,
        kind: 'in_transit',
        name: `Transit ${tag}`,
        order_id: order,
      })
      .returning({ id: stockLocations.id });
    const unit = and(
      eq(inventoryItems.company_id, companyId),
      eq(inventoryItems.serial, serials[5] ?? ''),
    );
    await t.database.db
      .update(inventoryItems)
      .set({ location_id: transit?.id ?? 0, order_id: order })
      .where(unit);
    // Three units in the warehouse, the order still holds one of them.
    expect(await shopRow()).toEqual({ in_stock: 2, reserved: 1 });
    // A checkout of what is available passes, one more is refused.
    const refused = await call('POST', '/orders/checkout', manager, {
      store_id: storeId,
      kind: 'device',
      lines: [{ product_id: phone, quantity: 3 }],
    });
    expect(refused.status).toBe(409);
    const fits = await submitted(2);
    expect(await shopRow()).toEqual({ in_stock: 0, reserved: 3 });
    expect((await move(fits, 'canceled')).status).toBe(200);
    // Back as it was: the unit returns to the warehouse and the order is canceled.
    await t.database.db
      .update(inventoryItems)
      .set({ location_id: warehouseId, order_id: null })
      .where(unit);
    expect((await move(order, 'canceled')).status).toBe(200);
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

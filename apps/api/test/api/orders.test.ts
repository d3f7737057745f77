import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../../src/modules/orders/schema.ts';
import { openEventStream } from '../support/event-stream.ts';
import { stockWarehouse } from '../support/warehouse-stock.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T };
interface Line {
  id: number;
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}
interface Order {
  id: number;
  status: string;
  store_id: number;
  total_cents: number;
  allowed_transitions: string[];
  lines: Line[];
}

let t: TestApp;
let agent: string;
let manager: string;
let other: string;
let storeId: number;
let productId: number;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Data<T>>(method, `/api${path}`, { token, body });

const newOrder = async (token = agent, quantity = 2) => {
  const res = await call<Order>('POST', '/orders', token, {
    store_id: storeId,
    lines: [{ product_id: productId, quantity }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const count = async (query: string, token = agent) =>
  (await call<{ total: number }>('GET', `/orders/count${query}`, token)).body.data.total;

beforeAll(async () => {
  t = await startTestApp();
  // The store manager may order (write_orders) but not fulfil (write_order_fulfillment).
  await t.database.db.execute(sql`
    update permission_groups set permissions = array_append(permissions, 'write_orders')
    where id in (select rpg.permission_group_id from role_permission_groups rpg
                 join users u on u.role_id = rpg.role_id and u.company_id = rpg.company_id
                 where u.email = 'manager@demo.example')`);
  agent = await t.login('agent@demo.example');
  manager = await t.login('manager@demo.example');
  other = await t.login('admin@northwind.example');
  // A store the manager may order for (storesCanOrderFor): the agent orders for every store.
  const stores = await call<{ id: number }[]>('GET', '/orders/stores-can-order-for', manager);
  storeId = stores.body.data[0]?.id ?? 0;
  const product = await call<{ id: number }>('POST', '/products', agent, {
    name: 'Order Test Phone',
    sku: 'ORDER-TEST-1',
    price_cents: 45_000,
  });
  productId = product.body.data.id;
  // Submitted orders must fit the warehouse's available units.
  await stockWarehouse(t, agent, productId, 60, 'ORDERS');
});
afterAll(() => t.close());

describe('orders', () => {
  it('each move needs its permission: the store submits, only the warehouse accepts', async () => {
    const order = await newOrder(manager);
    expect(order.allowed_transitions.sort()).toEqual(['canceled', 'submitted']);
    const submitted = await call<Order>('POST', `/orders/${order.id}/transition`, manager, {
      to: 'submitted',
    });
    expect(submitted.body).toMatchObject({ message: 'Order status updated' });
    expect(submitted.body.data.allowed_transitions.sort()).toEqual(['canceled', 'open']);
    const refused = await call('POST', `/orders/${order.id}/transition`, manager, {
      to: 'pending_shipment',
    });
    expect(refused.status).toBe(403);
    const accepted = await call<Order>('POST', `/orders/${order.id}/transition`, agent, {
      to: 'pending_shipment',
    });
    expect(accepted.body.data.status).toBe('pending_shipment');
    const seen = await call<Order>('GET', `/orders/${order.id}`, manager);
    expect(seen.body.data.allowed_transitions).toEqual(['canceled']);
    const shipped = await call('POST', `/orders/${order.id}/transition`, agent, { to: 'shipped' });
    expect(shipped.status).toBe(200);
    const back = await call('POST', `/orders/${order.id}/transition`, agent, { to: 'open' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Order cannot go from Shipped to Open');
  });

  it('tells the screens of those who read orders when an order moves (live event)', async () => {
    const order = await newOrder();
    const watcher = await openEventStream(t.baseUrl, manager);
    const outsider = await openEventStream(t.baseUrl, await t.login('user@demo.example'));
    expect([watcher.status, outsider.status]).toEqual([200, 200]);
    await call('POST', `/orders/${order.id}/transition`, agent, { to: 'submitted' });
    const event = await watcher.waitFor((e) => e.type === 'order.status_changed');
    expect(event?.data).toMatchObject({ id: order.id, from: 'open', to: 'submitted' });
    expect(await outsider.waitFor((e) => e.type === 'order.status_changed', 500)).toBeUndefined();
    watcher.close();
    outsider.close();
  });

  it('two moves of one order at once: one wins, the other is refused against the new status', async () => {
    const order = await newOrder();
    const [a, b] = await Promise.all([
      call('POST', `/orders/${order.id}/transition`, agent, { to: 'submitted' }),
      call('POST', `/orders/${order.id}/transition`, manager, { to: 'submitted' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body.message, b.body.message]).toContain('Order is already Submitted');
    const history = await call<{ action: string }[]>('GET', `/orders/${order.id}/history`, agent);
    expect(history.body.data.filter((entry) => entry.action === 'transition')).toHaveLength(1);
  });

  it('prices lines from the product on the server, at the time the line is written', async () => {
    const order = await newOrder(agent, 3);
    expect(order.lines[0]).toMatchObject({ unit_price_cents: 45_000, total_cents: 135_000 });
    expect(order.total_cents).toBe(135_000);
    await call('PATCH', `/products/${productId}`, agent, { price_cents: 50_000 });
    const kept = await call<Order>('GET', `/orders/${order.id}`, agent);
    expect(kept.body.data.total_cents).toBe(135_000);
    const line = order.lines[0];
    const edited = await call<Order>('PATCH', `/orders/${order.id}`, agent, {
      lines: [{ id: line?.id, product_id: productId, quantity: 1, unit_price_cents: 1 }],
    });
    expect(edited.body.data.lines).toMatchObject([
      { unit_price_cents: 50_000, total_cents: 50_000 },
    ]);
    expect(edited.body.data.total_cents).toBe(50_000);
    await call('PATCH', `/products/${productId}`, agent, { price_cents: 45_000 });
  });

  it('refuses a product that is no longer sold', async () => {
    const retired = await call<{ id: number }>('POST', '/products', agent, {
      name: 'Retired Phone',
      sku: 'ORDER-TEST-RETIRED',
      price_cents: 1000,
    });
    await call('DELETE', `/products/${retired.body.data.id}`, agent);
    const res = await call('POST', '/orders', agent, {
      store_id: storeId,
      lines: [{ product_id: retired.body.data.id, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'lines.0.product_id': ['This product is no longer sold'] });
  });

  it('counts open orders and the orders of today in the store time zone', async () => {
    const openBefore = await count('?filter[status]=open');
    const todayBefore = await count('/today');
    const order = await newOrder();
    expect(await count('?filter[status]=open')).toBe(openBefore + 1);
    expect(await count('/today')).toBe(todayBefore + 1);
    await call('POST', `/orders/${order.id}/transition`, agent, { to: 'submitted' });
    expect(await count('?filter[status]=open')).toBe(openBefore);

    // An order made 25 hours ago is not today's, wherever the store is.
    const old = await newOrder();
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '25 hours' where id = ${old.id}`,
    );
    expect(await count('/today')).toBe(todayBefore + 1);
    // Today is the store's: an order from 00:30 of the store's day counts, even where UTC is on
    // another date, and one from 23:30 of the store's yesterday does not.
    await t.database.db.execute(sql`
      update stores set time_zone = 'Pacific/Kiritimati' where id = ${storeId}`);
    await t.database.db.execute(sql`
      update orders set created_at = (date_trunc('day', now() at time zone 'Pacific/Kiritimati')
        + interval '30 minutes') at time zone 'Pacific/Kiritimati' where id = ${old.id}`);
    expect(await count('/today')).toBe(todayBefore + 2);
    await t.database.db.execute(sql`
      update orders set created_at = (date_trunc('day', now() at time zone 'Pacific/Kiritimati')
        - interval '30 minutes') at time zone 'Pacific/Kiritimati' where id = ${old.id}`);
    expect(await count('/today')).toBe(todayBefore + 1);
    // Another company counts its own orders only.
    expect(await count('/today', other)).toBe(0);
    const nobody = await t.login('user@demo.example');
    expect((await call('GET', '/orders/count/today', nobody)).status).toBe(403);
  });

  it('duplicates an order as a new open order priced now', async () => {
    const order = await newOrder(agent, 4);
    await call('POST', `/orders/${order.id}/transition`, agent, { to: 'submitted' });
    const copy = await call<Order>('POST', `/orders/${order.id}/duplicate`, agent, {});
    expect(copy.body.message).toBe('Order duplicated');
    expect(copy.body.data).toMatchObject({
      status: 'open',
      store_id: storeId,
      total_cents: 180_000,
    });
    expect(copy.body.data.id).not.toBe(order.id);
    expect(copy.body.data.lines).toMatchObject([{ product_id: productId, quantity: 4 }]);
  });

  it('documents the transition table and the allowed moves in the OpenAPI description', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/json`);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const transition = doc.paths['/api/orders/{id}/transition']?.post;
    expect(transition?.description).toContain(
      '- shipped -> under_review ("Report a discrepancy", needs write_orders)',
    );
    expect(transition?.description).toContain(
      '- pending_shipment -> shipped ("Ship", needs write_order_fulfillment)',
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/orders/{id}/duplicate',
        '/api/orders/{id}/history',
        '/api/orders/count/today',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/orders/{id}'])).toContain('allowed_transitions');
  });

  it('deletes an open order with its lines', async () => {
    const order = await newOrder();
    const res = await call('DELETE', `/orders/${order.id}`, agent);
    expect(res.body.message).toBe('Order deleted');
    expect((await call('GET', `/orders/${order.id}`, agent)).status).toBe(404);
    const left = await t.database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.order_id, order.id));
    expect(left).toEqual([]);
  });

  it('refuses to edit or delete an order no longer open (409), as the list offers no Edit', async () => {
    const order = await newOrder();
    await call('POST', `/orders/${order.id}/transition`, agent, { to: 'submitted' });
    const edit = await call('PATCH', `/orders/${order.id}`, agent, { note: 'late change' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Only open orders can be changed');
    const removed = await call('DELETE', `/orders/${order.id}`, agent);
    expect(removed.status).toBe(409);
    const seen = await call<Order & { note: string | null }>('GET', `/orders/${order.id}`, agent);
    expect(seen.body.data.note).toBeNull();
  });
});

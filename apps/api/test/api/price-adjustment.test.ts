import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockWarehouse } from '../support/warehouse-stock.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T };
interface Line {
  id: number;
  product_id: number;
  quantity: number;
  adjustment_cents: number;
  total_cents: number;
}
interface Order {
  id: number;
  status: string;
  total_cents: number;
  adjustment_cents: number;
  lines: Line[];
}
interface Adjustment {
  id: number;
  order_line_id: number;
  product_name: string | null;
  delta_cents: number;
  reason_name: string | null;
  approved_by_name: string | null;
  line_total_before_cents: number;
  line_total_after_cents: number;
}

let t: TestApp;
let agent: string;
let warehouse: string;
let manager: string;
let other: string;
let storeId: number;
let productId: number;
let reasonId: number;
let tag = '';

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Data<T>>(method, `/api${path}`, { token, body });

/** An order of 2 x $100.00 (no tax) moved to `status` through the transition table. */
async function orderIn(status: 'open' | 'pending_shipment') {
  const res = await call<Order>('POST', '/orders', agent, {
    store_id: storeId,
    lines: [{ product_id: productId, quantity: 2 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = res.body.data;
  if (status === 'pending_shipment')
    for (const to of ['submitted', 'pending_shipment']) {
      const moved = await call('POST', `/orders/${order.id}/transition`, agent, { to });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  return order;
}
const getOrder = async (id: number, token = agent) =>
  (await call<Order>('GET', `/orders/${id}`, token)).body.data;

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  warehouse = await t.login('warehouse@demo.example');
  manager = await t.login('manager@demo.example');
  other = await t.login('admin@northwind.example');
  tag = String(Date.now() % 1_000_000);
  const stores = await call<{ results: { id: number }[] }>('GET', '/stores?perPage=1', agent);
  storeId = stores.body.data.results[0]?.id ?? 0;
  const product = await call<{ id: number }>('POST', '/products', agent, {
    name: `Adjusted Phone ${tag}`,
    sku: `ADJ-${tag}`,
    price_cents: 10_000,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  productId = product.body.data.id;
  // Submitted orders must fit the warehouse's available units.
  await stockWarehouse(t, agent, productId, 40, `ADJ-${tag}`);
  const reason = await call<{ id: number }>('POST', '/adjustment-reasons', agent, {
    name: `Damaged box ${tag}`,
  });
  expect(reason.status, JSON.stringify(reason.body)).toBe(200);
  reasonId = reason.body.data.id;
});
afterAll(() => t.close());

describe('price adjustments', () => {
  it('adjusts a line: the line and order totals change, the store sees it with reason and approver, the history records it', async () => {
    const order = await orderIn('pending_shipment');
    const line = order.lines[0];
    if (!line) throw new Error('no line');
    expect(line.total_cents).toBe(20_000);
    const res = await call<Adjustment>('POST', `/orders/${order.id}/price-adjustments`, warehouse, {
      order_line_id: line.id,
      delta_cents: -1_550,
      reason_id: reasonId,
      note: 'Dented box',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Price adjustment added');
    expect(res.body.data).toMatchObject({
      order_line_id: line.id,
      delta_cents: -1_550,
      reason_name: `Damaged box ${tag}`,
      approved_by_name: 'Wes Warehouse',
      product_name: `Adjusted Phone ${tag}`,
      line_total_before_cents: 20_000,
      line_total_after_cents: 18_450,
    });
    // The store manager (read_orders) sees the adjusted totals and the adjustment on the order.
    const seen = await getOrder(order.id, manager);
    expect(seen.total_cents).toBe(18_450);
    expect(seen.adjustment_cents).toBe(-1_550);
    expect(seen.lines[0]).toMatchObject({ adjustment_cents: -1_550, total_cents: 18_450 });
    const list = await call<{ results: Adjustment[]; total: number }>(
      'GET',
      `/orders/${order.id}/price-adjustments`,
      manager,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.results[0]).toMatchObject({
      delta_cents: -1_550,
      reason_name: `Damaged box ${tag}`,
      approved_by_name: 'Wes Warehouse',
    });
    // A second adjustment adds up.
    const more = await call('POST', `/orders/${order.id}/price-adjustments`, agent, {
      order_line_id: line.id,
      delta_cents: 500,
      reason_id: reasonId,
    });
    expect(more.status).toBe(200);
    expect((await getOrder(order.id)).total_cents).toBe(18_950);
    const history = await call<{ action: string; note: string | null }[]>(
      'GET',
      `/orders/${order.id}/history`,
      manager,
    );
    const entries = history.body.data.filter((entry) => entry.action === 'price_adjustment');
    expect(entries.map((entry) => entry.note)).toEqual([
      `Adjusted Phone ${tag}: +$5.00 (Damaged box ${tag})`,
      `Adjusted Phone ${tag}: -$15.50 (Damaged box ${tag}): Dented box`,
    ]);
  });

  it('refuses a total below zero, a missing or unknown reason, an unknown line and an open order, writing nothing', async () => {
    const order = await orderIn('pending_shipment');
    const line = order.lines[0];
    if (!line) throw new Error('no line');
    const post = (body: Record<string, unknown>) =>
      call<{ errors?: unknown }>('POST', `/orders/${order.id}/price-adjustments`, warehouse, {
        order_line_id: line.id,
        delta_cents: -100,
        reason_id: reasonId,
        ...body,
      });
    const negative = await post({ delta_cents: -20_001 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe("The line's total cannot go below zero (it is -$0.01)");
    const noReason = await post({ reason_id: undefined });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Choose a reason');
    const unknownReason = await post({ reason_id: 999_999_999 });
    expect(unknownReason.status).toBe(400);
    const theirReason = await call<{ results: { id: number }[] }>(
      'GET',
      '/adjustment-reasons',
      other,
    );
    const foreign = theirReason.body.data.results[0]?.id;
    if (foreign) expect((await post({ reason_id: foreign })).status).toBe(400);
    const unknownLine = await post({ order_line_id: 999_999_999 });
    expect(unknownLine.status).toBe(400);
    expect(unknownLine.body.message).toBe('Order line not found');
    const otherOrder = await orderIn('pending_shipment');
    const notThisOrder = await post({ order_line_id: otherOrder.lines[0]?.id });
    expect(notThisOrder.status).toBe(400);
    const zero = await post({ delta_cents: 0 });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain('Enter an amount other than zero');
    const open = await orderIn('open');
    const notAccepted = await call('POST', `/orders/${open.id}/price-adjustments`, warehouse, {
      order_line_id: open.lines[0]?.id,
      delta_cents: -100,
      reason_id: reasonId,
    });
    expect(notAccepted.status).toBe(409);
    expect(notAccepted.body.message).toBe(
      'Only orders the warehouse has accepted can have a price adjustment',
    );
    const after = await getOrder(order.id);
    expect(after.total_cents).toBe(20_000);
    expect(after.lines[0]?.adjustment_cents).toBe(0);
    const list = await call<{ total: number }>(
      'GET',
      `/orders/${order.id}/price-adjustments`,
      agent,
    );
    expect(list.body.data.total).toBe(0);
  });

  it('only approvers adjust (403); another company answers 404', async () => {
    const order = await orderIn('pending_shipment');
    const body = { order_line_id: order.lines[0]?.id, delta_cents: -100, reason_id: reasonId };
    const denied = await call('POST', `/orders/${order.id}/price-adjustments`, manager, body);
    expect(denied.status).toBe(403);
    const foreignPost = await call('POST', `/orders/${order.id}/price-adjustments`, other, body);
    expect(foreignPost.status).toBe(404);
    const foreignList = await call('GET', `/orders/${order.id}/price-adjustments`, other);
    expect(foreignList.status).toBe(404);
    expect((await getOrder(order.id)).total_cents).toBe(20_000);
  });
});

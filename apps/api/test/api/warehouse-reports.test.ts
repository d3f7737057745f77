import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockWarehouse } from '../support/warehouse-stock.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T };
interface FulfilmentRow {
  store_id: number | null;
  store_name: string | null;
  orders: number;
  average_days: number;
  median_days: number;
  p90_days: number;
}
interface InTransitRow {
  store_id: number;
  store_name: string | null;
  orders: number;
  days_0_2: number;
  days_3_7: number;
  days_8_plus: number;
  oldest_days: number;
}
interface AdjustmentRow {
  key: string;
  kind: 'stock' | 'price';
  created_at: string;
  location_name: string | null;
  order_id: number | null;
  store_name: string | null;
  product_name: string | null;
  reason_name: string | null;
  user_name: string | null;
  quantity: number | null;
  amount_cents: number | null;
  note: string | null;
}
interface Company {
  token: string;
  storeId: number;
  productId: number;
  reasonId: number;
}

let t: TestApp;
let demo: Company;
let northwind: Company;
let tag = '';

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Data<T>>(method, `/api${path}`, { token, body });

async function created(method: string, path: string, token: string, body: unknown) {
  const res = await call<{ id: number }>(method, path, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** A fresh store, product and adjustment reason of the caller's company. */
async function company(token: string, name: string): Promise<Company> {
  const made = {
    token,
    storeId: await created('POST', '/stores', token, {
      name: `${name} Reports Store ${tag}`,
      time_zone: 'America/Chicago',
    }),
    productId: await created('POST', '/products', token, {
      name: `${name} Report Phone ${tag}`,
      sku: `${name.toUpperCase()}-RPT-${tag}`,
      price_cents: 10_000,
    }),
    reasonId: await created('POST', '/adjustment-reasons', token, {
      name: `${name} Count fix ${tag}`,
    }),
  };
  // Submitted orders must fit the warehouse's available units.
  await stockWarehouse(t, token, made.productId, 40, `${name}${tag}`);
  return made;
}

/** An order of the company's store moved through `statuses` by the transition table. */
async function orderThrough(c: Company, statuses: string[]) {
  const id = await created('POST', '/orders', c.token, {
    store_id: c.storeId,
    lines: [{ product_id: c.productId, quantity: 2 }],
  });
  for (const to of statuses) {
    const moved = await call('POST', `/orders/${id}/transition`, c.token, { to });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return id;
}

/** Dates the order's move into `status` at `at` (an SQL timestamptz expression). */
async function movedAt(orderId: number, status: string, at: ReturnType<typeof sql>) {
  await t.database.db.execute(sql`
    update resource_history set created_at = ${at}
    where resource = 'orders' and record_id = ${orderId} and to_status = ${status}`);
}

const shippedDaysAgo = async (c: Company, daysAgo: number, receive = false) => {
  const id = await orderThrough(c, [
    'submitted',
    'pending_shipment',
    'shipped',
    ...(receive ? ['received'] : []),
  ]);
  await movedAt(id, 'shipped', sql`now() - make_interval(days => ${daysAgo})`);
  return id;
};

beforeAll(async () => {
  t = await startTestApp();
  tag = String(Date.now() % 1_000_000);
  demo = await company(await t.login('agent@demo.example'), 'Demo');
  northwind = await company(await t.login('admin@northwind.example'), 'North');
});
afterAll(() => t.close());

describe('GET /reports/fulfilment-time', () => {
  it('averages the days from submission to shipment of the orders shipped in the range, per store and overall', async () => {
    // Shipped 1 and 3 days after submission, in March 2021; one more shipped in April.
    const quick = await orderThrough(demo, [
      'submitted',
      'pending_shipment',
      'shipped',
      'received',
    ]);
    await movedAt(quick, 'submitted', sql`'2021-03-10T10:00:00Z'::timestamptz`);
    await movedAt(quick, 'shipped', sql`'2021-03-11T10:00:00Z'::timestamptz`);
    const slow = await orderThrough(demo, ['submitted', 'pending_shipment', 'shipped']);
    await movedAt(slow, 'submitted', sql`'2021-03-28T10:00:00Z'::timestamptz`);
    await movedAt(slow, 'shipped', sql`'2021-03-31T23:59:00Z'::timestamptz`);
    const later = await orderThrough(demo, ['submitted', 'pending_shipment', 'shipped']);
    await movedAt(later, 'submitted', sql`'2021-03-30T10:00:00Z'::timestamptz`);
    await movedAt(later, 'shipped', sql`'2021-04-01T00:00:00Z'::timestamptz`);
    // Another company's order shipped in the same range.
    const theirs = await orderThrough(northwind, ['submitted', 'pending_shipment', 'shipped']);
    await movedAt(theirs, 'submitted', sql`'2021-03-01T00:00:00Z'::timestamptz`);
    await movedAt(theirs, 'shipped', sql`'2021-03-11T00:00:00Z'::timestamptz`);

    const res = await call<FulfilmentRow[]>(
      'GET',
      '/reports/fulfilment-time?from=2021-03-01&to=2021-03-31',
      demo.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 1 day and 3 days 13 h 59 min: average (1 + 3.5826) / 2, median the same, p90 1 + 0.9 x 2.58.
    const slowDays = 3 + (13 * 60 + 59) / 1440;
    const mine = res.body.data.find((row) => row.store_id === demo.storeId);
    expect(mine).toEqual({
      store_id: demo.storeId,
      store_name: `Demo Reports Store ${tag}`,
      orders: 2,
      average_days: Math.round(((1 + slowDays) / 2) * 100) / 100,
      median_days: Math.round(((1 + slowDays) / 2) * 100) / 100,
      p90_days: Math.round((1 + 0.9 * (slowDays - 1)) * 100) / 100,
    });
    expect(res.body.data[0]).toMatchObject({ store_id: null, store_name: 'All stores', orders: 2 });

    const one = await call<FulfilmentRow[]>(
      'GET',
      '/reports/fulfilment-time?from=2021-03-11&to=2021-03-11',
      demo.token,
    );
    expect(one.body.data.find((row) => row.store_id === demo.storeId)).toMatchObject({
      orders: 1,
      average_days: 1,
      median_days: 1,
      p90_days: 1,
    });

    // The other company sees its own order only.
    const other = await call<FulfilmentRow[]>(
      'GET',
      '/reports/fulfilment-time?from=2021-03-01&to=2021-03-31',
      northwind.token,
    );
    expect(other.body.data.map((row) => row.store_id)).toEqual([null, northwind.storeId]);
    expect(other.body.data[0]).toMatchObject({ orders: 1, average_days: 10 });
  });

  it('refuses a date that is not one, or a range that ends before it starts (400 with a message)', async () => {
    const bad = await call(
      'GET',
      '/reports/fulfilment-time?from=2021-02-30&to=2021-03-31',
      demo.token,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Not a real date');
    const text = await call('GET', '/reports/adjustments?from=yesterday', demo.token);
    expect(text.status).toBe(400);
    expect(JSON.stringify(text.body)).toContain('Use a date like 2026-07-14');
    const backwards = await call(
      'GET',
      '/reports/adjustments?from=2021-04-02&to=2021-04-01',
      demo.token,
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(
      'The start date must be on or before the end date',
    );
  });
});

describe('GET /reports/in-transit', () => {
  it('counts the shipped, unreceived orders per store by days since shipment', async () => {
    await shippedDaysAgo(demo, 0);
    await shippedDaysAgo(demo, 2);
    await shippedDaysAgo(demo, 5);
    await shippedDaysAgo(demo, 9);
    await shippedDaysAgo(demo, 12, true); // received: no longer in transit
    await orderThrough(demo, ['submitted', 'pending_shipment']); // not shipped yet
    await shippedDaysAgo(northwind, 4);

    const res = await call<InTransitRow[]>('GET', '/reports/in-transit', demo.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.data.find((row) => row.store_id === demo.storeId);
    // The fulfilment test's unreceived orders shipped in 2021 are 8+ days old too.
    const old = (await t.database.db.execute(sql`
      select count(*)::int as n from orders where store_id = ${demo.storeId} and status = 'shipped'`)) as
      { rows: { n: number }[] } | { n: number }[];
    const shipped = Number(('rows' in old ? old.rows : old)[0]?.n);
    expect(mine).toEqual({
      store_id: demo.storeId,
      store_name: `Demo Reports Store ${tag}`,
      orders: shipped,
      days_0_2: 2,
      days_3_7: 1,
      days_8_plus: shipped - 3,
      oldest_days: expect.any(Number),
    });
    expect(mine?.oldest_days).toBeGreaterThanOrEqual(9);
    expect(res.body.data.map((row) => row.store_id)).not.toContain(northwind.storeId);

    const theirs = await call<InTransitRow[]>('GET', '/reports/in-transit', northwind.token);
    expect(theirs.body.data.find((row) => row.store_id === northwind.storeId)).toMatchObject({
      days_3_7: 1,
    });
    expect(theirs.body.data.map((row) => row.store_id)).not.toContain(demo.storeId);
  });
});

describe('GET /reports/adjustments', () => {
  it('lists stock and price adjustments made in the range with reason, who and amount', async () => {
    // A price adjustment of $15.50 off, dated 5 April 2021.
    const order = await orderThrough(demo, ['submitted', 'pending_shipment']);
    const detail = await call<{ lines: { id: number }[] }>('GET', `/orders/${order}`, demo.token);
    const adjusted = await call<{ id: number }>(
      'POST',
      `/orders/${order}/price-adjustments`,
      demo.token,
      {
        order_line_id: detail.body.data.lines[0]?.id,
        delta_cents: -1_550,
        reason_id: demo.reasonId,
        note: 'Dented box',
      },
    );
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    await t.database.db.execute(sql`
      update order_price_adjustments set created_at = '2021-04-05T12:00:00Z'
      where id = ${adjusted.body.data.id}`);
    // Stock counts at a warehouse: 3 written off on 30 April 23:59, 1 added on 1 May (outside).
    const db = t.database.db;
    const stockAdjustment = async (c: Company, quantity: number, at: string) => {
      await db.execute(sql`
        with place as (
          insert into stock_locations (company_id, kind, name)
          select company_id, 'warehouse', ${`Count Warehouse ${tag} ${at}`} from stores where id = ${c.storeId}
          returning company_id, id
        )
        insert into stock_adjustments
          (company_id, location_id, product_id, on_hand, counted, quantity, reason_id, note, created_at,
           user_id)
        select company_id, id, ${c.productId}, 10, ${10 + quantity}, ${quantity}, ${c.reasonId},
               'Cycle count', ${at}::timestamptz,
               (select u.id from users u
                where u.company_id = place.company_id and u.email = 'warehouse@demo.example')
        from place`);
    };
    await stockAdjustment(demo, -3, '2021-04-30T23:59:00Z');
    await stockAdjustment(demo, 1, '2021-05-01T00:00:00Z');
    await stockAdjustment(northwind, -7, '2021-04-10T00:00:00Z');

    const res = await call<AdjustmentRow[]>(
      'GET',
      '/reports/adjustments?from=2021-04-01&to=2021-04-30',
      demo.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.filter((row) => row.product_name === `Demo Report Phone ${tag}`);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'price',
        order_id: order,
        store_name: `Demo Reports Store ${tag}`,
        location_name: null,
        reason_name: `Demo Count fix ${tag}`,
        user_name: 'Marco Agent',
        quantity: null,
        amount_cents: -1_550,
        note: 'Dented box',
      }),
      expect.objectContaining({
        kind: 'stock',
        order_id: null,
        location_name: `Count Warehouse ${tag} 2021-04-30T23:59:00Z`,
        reason_name: `Demo Count fix ${tag}`,
        user_name: 'Wes Warehouse',
        quantity: -3,
        amount_cents: null,
        note: 'Cycle count',
      }),
    ]);
    expect(res.body.data.some((row) => row.quantity === -7)).toBe(false);

    const theirs = await call<AdjustmentRow[]>(
      'GET',
      '/reports/adjustments?from=2021-04-01&to=2021-04-30',
      northwind.token,
    );
    expect(theirs.body.data.map((row) => [row.kind, row.quantity, row.product_name])).toEqual([
      ['stock', -7, `North Report Phone ${tag}`],
    ]);
  });

  it('needs read_orders (403 without it)', async () => {
    const employee = await t.login('employee@demo.example');
    for (const path of ['/reports/fulfilment-time', '/reports/adjustments', '/reports/in-transit'])
      expect((await call('GET', path, employee)).status).toBe(403);
  });
});

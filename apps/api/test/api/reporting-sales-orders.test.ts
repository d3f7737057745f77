import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeOptions } from '@portal/contract/oneview';
import type { ChartResult, DailySnapshot } from '@portal/contract/reporting';
import { orders } from '../../src/modules/orders/schema.ts';
import { sales } from '../../src/modules/sales/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
type List<T> = { data: { results: T[] } };
let t: TestApp;
let agent: Person;
let manager: Person;
let storeId: number;

const call = <T>(method: string, path: string, who: Person, body?: unknown) =>
  t.call<T>(method, `/api${path}`, { token: who.token, body });
const run = async (who: Person, query: Record<string, unknown>) => {
  const res = await call<Reply<ChartResult>>('POST', '/reporting/charts/run', who, {
    chart_type: 'bar',
    group_by: 'store',
    days: 1,
    scope_level: 'store',
    scope_id: storeId,
    ...query,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  t = await startTestApp();
  agent = await signInPerson(t, 'agent@demo.example');
  manager = await signInPerson(t, 'manager@demo.example');
  const scopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
  storeId = scopes.body.data.stores[0]?.id ?? 0;
  expect(storeId).toBeGreaterThan(0);
});
afterAll(() => t.close());

describe('sales and orders datasets', () => {
  it('are offered by the chart builder with their measures, group-bys and filters', async () => {
    const res = await call<
      List<{
        key: string;
        measures: { key: string; label: string; money: boolean }[];
        groupBys: string[];
        filters: { key: string }[];
      }>
    >('GET', '/reporting/datasets', agent);
    const byKey = new Map(res.body.data.results.map((d) => [d.key, d]));
    expect(byKey.get('sales')?.measures.map((m) => m.key)).toEqual([
      'sales',
      'revenue_cents',
      'refunds_cents',
      'units',
    ]);
    expect(byKey.get('orders')?.measures.map((m) => m.key)).toEqual([
      'orders',
      'total_cents',
      'units',
    ]);
    // The money measures say so (integer cents, shown as dollars), labelled without a unit.
    const money = (key: string) =>
      byKey.get(key)?.measures.map(({ label, money }) => ({ label, money }));
    expect(money('sales')).toEqual([
      { label: 'Sales', money: false },
      { label: 'Revenue', money: true },
      { label: 'Refunds', money: true },
      { label: 'Units sold', money: false },
    ]);
    expect(money('orders')).toEqual([
      { label: 'Orders', money: false },
      { label: 'Order value', money: true },
      { label: 'Units ordered', money: false },
    ]);
    for (const key of ['sales', 'orders']) {
      expect(byKey.get(key)?.groupBys).toEqual([
        'employee',
        'store',
        'district',
        'region',
        'day',
        'week',
        'month',
      ]);
      expect(byKey.get(key)?.filters.map((f) => f.key)).toEqual(['status', 'kind']);
    }
  });

  it('counts the sales completed today at a store: count, revenue, by status; held and voided never', async () => {
    const before = {
      sales: (await run(agent, { dataset: 'sales', measure: 'sales' })).total,
      revenue: (await run(agent, { dataset: 'sales', measure: 'revenue_cents' })).total,
      refunds: (await run(agent, { dataset: 'sales', measure: 'refunds_cents' })).total,
      returned: (
        await run(agent, { dataset: 'sales', measure: 'sales', filters: { status: 'returned' } })
      ).total,
    };
    const now = new Date().toISOString();
    const sale = {
      company_id: agent.companyId,
      store_id: storeId,
      created_by: manager.id,
      completed_at: now,
    };
    await t.database.db.insert(sales).values([
      { ...sale, status: 'completed', total_cents: 1500, paid_cents: 1500 },
      {
        ...sale,
        status: 'returned',
        total_cents: 2500,
        paid_cents: 2500,
        refunded_cents: 2500,
      },
      { ...sale, status: 'voided', total_cents: 9900 },
      { ...sale, status: 'held', total_cents: 9900, completed_at: null },
    ]);
    expect((await run(agent, { dataset: 'sales', measure: 'sales' })).total).toBe(before.sales + 2);
    expect((await run(agent, { dataset: 'sales', measure: 'revenue_cents' })).total).toBe(
      before.revenue + 4000,
    );
    expect((await run(agent, { dataset: 'sales', measure: 'refunds_cents' })).total).toBe(
      before.refunds + 2500,
    );
    expect(
      (await run(agent, { dataset: 'sales', measure: 'sales', filters: { status: 'returned' } }))
        .total,
    ).toBe(before.returned + 1);
    // By the associate who rang them up: the manager's point holds both.
    const byEmployee = await run(agent, {
      dataset: 'sales',
      measure: 'revenue_cents',
      group_by: 'employee',
    });
    expect(
      byEmployee.points.find((p) => p.key === String(manager.id))?.value,
    ).toBeGreaterThanOrEqual(4000);
    // A money measure's chart says so; its points and total stay integer cents.
    expect(byEmployee.money).toBe(true);
    expect(byEmployee.measure_label).toBe('Revenue by employee');
    expect(Number.isInteger(byEmployee.total)).toBe(true);
    expect(byEmployee.points.every((p) => Number.isInteger(p.value))).toBe(true);
    expect((await run(agent, { dataset: 'sales', measure: 'sales' })).money).toBe(false);
  });

  it('counts the orders started today at a store: count and value, by status and kind', async () => {
    const before = {
      orders: (await run(agent, { dataset: 'orders', measure: 'orders' })).total,
      value: (await run(agent, { dataset: 'orders', measure: 'total_cents' })).total,
      accessories: (
        await run(agent, { dataset: 'orders', measure: 'orders', filters: { kind: 'accessory' } })
      ).total,
    };
    const order = { company_id: agent.companyId, store_id: storeId, created_by: manager.id };
    await t.database.db.insert(orders).values([
      { ...order, kind: 'device', status: 'submitted', total_cents: 90000 },
      { ...order, kind: 'accessory', status: 'open', total_cents: 1200 },
    ]);
    expect((await run(agent, { dataset: 'orders', measure: 'orders' })).total).toBe(
      before.orders + 2,
    );
    expect((await run(agent, { dataset: 'orders', measure: 'total_cents' })).total).toBe(
      before.value + 91200,
    );
    expect(
      (await run(agent, { dataset: 'orders', measure: 'orders', filters: { kind: 'accessory' } }))
        .total,
    ).toBe(before.accessories + 1);
    const byDay = await run(agent, {
      dataset: 'orders',
      measure: 'orders',
      group_by: 'day',
      days: 7,
    });
    expect(byDay.points).toHaveLength(7);
  });

  it("puts the day's sales and store orders on the daily snapshot, per store and in all", async () => {
    const snapshotOn = async (date: string) => {
      const res = await call<Reply<DailySnapshot>>(
        'GET',
        `/daily-snapshot?level=store&id=${storeId}&date=${date}`,
        agent,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    // The store's own today: the snapshot names its zone.
    const zone = (await snapshotOn(new Date().toISOString().slice(0, 10))).time_zone;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const figures = async () => {
      const day = await snapshotOn(today);
      // One store: its figures are the scope's.
      expect(day.stores[0]?.figures).toEqual(day.figures);
      return new Map(day.figures.map((f) => [f.key, f]));
    };
    const before = await figures();
    expect([...before.keys()]).toEqual([
      'sales.sales',
      'sales.revenue_cents',
      'orders.orders',
      'orders.total_cents',
    ]);
    expect(before.get('sales.revenue_cents')).toMatchObject({ label: 'Revenue', money: true });
    expect(before.get('orders.orders')).toMatchObject({ label: 'Orders', money: false });
    const by = { company_id: agent.companyId, store_id: storeId, created_by: manager.id };
    await t.database.db.insert(sales).values({
      ...by,
      status: 'completed',
      total_cents: 1500,
      paid_cents: 1500,
      completed_at: new Date().toISOString(),
    });
    await t.database.db
      .insert(orders)
      .values({ ...by, kind: 'accessory', status: 'open', total_cents: 1200 });
    const after = await figures();
    const grew = (key: string) => (after.get(key)?.value ?? 0) - (before.get(key)?.value ?? 0);
    expect(grew('sales.sales')).toBe(1);
    expect(grew('sales.revenue_cents')).toBe(1500);
    expect(grew('orders.orders')).toBe(1);
    expect(grew('orders.total_cents')).toBe(1200);
  });

  it("follows the caller's scope: a store outside it is a 403", async () => {
    const all = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', agent);
    const mine = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
    const inside = new Set(mine.body.data.stores.map((s) => s.id));
    const outside = all.body.data.stores.find((s) => !inside.has(s.id));
    expect(outside).toBeDefined();
    for (const dataset of ['sales', 'orders']) {
      const res = await call('POST', '/reporting/charts/run', manager, {
        dataset,
        measure: dataset,
        group_by: 'store',
        chart_type: 'bar',
        scope_level: 'store',
        scope_id: outside?.id,
      });
      expect(res.status).toBe(403);
      // Their own store charts.
      expect((await run(manager, { dataset, measure: dataset })).dataset).toBe(dataset);
    }
  });
});

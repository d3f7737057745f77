import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  chartWidgetKey,
  oneviewMessages,
  type OneviewLayout,
  type ScopeOptions,
} from '@portal/contract/oneview';
import {
  reportingMessages,
  type ChartResult,
  type DailySnapshot,
  type OrgChart,
  type PowerBiEmbed,
  type SavedChart,
} from '@portal/contract/reporting';
import { reportingCharts } from '../../src/modules/reporting/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
type List<T> = { data: { results: T[]; total: number } };
let t: TestApp;
let agent: Person;
let manager: Person;
let employee: Person;
let northwind: Person;

const call = <T>(method: string, path: string, who: Person, body?: unknown) =>
  t.call<T>(method, `/api${path}`, { token: who.token, body });
const chart = (extra: Record<string, unknown> = {}) => ({
  name: 'Hours by store',
  dataset: 'timecards',
  measure: 'hours',
  group_by: 'store',
  chart_type: 'bar',
  days: 30,
  ...extra,
});
/** A chart to run (no name: nothing is saved). */
const query = (extra: Record<string, unknown> = {}) => {
  const { name: _name, ...rest } = chart(extra);
  return rest;
};
const countCharts = async (companyId: number) =>
  (
    await t.database.db
      .select({ id: reportingCharts.id })
      .from(reportingCharts)
      .where(eq(reportingCharts.company_id, companyId))
  ).length;
const roleOf = async (who: Person) => {
  const [row] = await t.database.db
    .select({ role_id: users.role_id })
    .from(users)
    .where(and(eq(users.company_id, who.companyId), eq(users.id, who.id)));
  return row?.role_id ?? 0;
};

beforeAll(async () => {
  t = await startTestApp();
  agent = await signInPerson(t, 'agent@demo.example');
  manager = await signInPerson(t, 'manager@demo.example');
  employee = await signInPerson(t, 'employee@demo.example');
  northwind = await signInPerson(t, 'admin@northwind.example');
});
afterAll(() => t.close());

describe('reporting charts', () => {
  it('lists the datasets the caller may chart, declared by their modules', async () => {
    const res = await call<List<{ key: string; groupBys: string[] }>>(
      'GET',
      '/reporting/datasets',
      agent,
    );
    expect(res.status).toBe(200);
    const keys = res.body.data.results.map((d) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining(['timecards', 'schedules', 'timeoff', 'users', 'stores']),
    );
    expect((await call('GET', '/reporting/datasets', employee)).status).toBe(403);
  });

  it('runs a chart over the company: the demo work history gives clocked hours per store and day', async () => {
    const byStore = await call<Reply<ChartResult>>('POST', '/reporting/charts/run', agent, {
      ...query({ days: 14 }),
      scope_level: 'company',
    });
    expect(byStore.status).toBe(200);
    expect(byStore.body.data.total).toBeGreaterThan(0);
    expect(byStore.body.data.points.every((p) => p.label.length > 0)).toBe(true);
    const byDay = await call<Reply<ChartResult>>('POST', '/reporting/charts/run', agent, {
      ...query({ group_by: 'day', days: 14 }),
      scope_level: 'company',
    });
    expect(byDay.body.data.points).toHaveLength(14);
    expect(byDay.body.data.total).toBeCloseTo(byStore.body.data.total, 0);
    const byEmployee = await call<Reply<ChartResult>>('POST', '/reporting/charts/run', agent, {
      ...query({ group_by: 'employee', measure: 'timecards' }),
      scope_level: 'company',
    });
    expect(byEmployee.body.data.points.length).toBeGreaterThan(0);
    expect(byEmployee.body.data.points[0]?.label).toMatch(/\w+ \w+/);
  });

  it('refuses a dataset, measure, group-by or filter that does not exist: 400, nothing saved', async () => {
    const before = await countCharts(agent.companyId);
    const cases: [Record<string, unknown>, string][] = [
      [{ dataset: 'salaries' }, reportingMessages.unknownDataset],
      [{ measure: 'profit' }, reportingMessages.unknownMeasure],
      [
        { dataset: 'stores', measure: 'stores', group_by: 'employee' },
        reportingMessages.unknownGroupBy,
      ],
      [{ filters: { colour: 'red' } }, reportingMessages.unknownFilter],
      [{ filters: { open: 'maybe' } }, reportingMessages.unknownFilterValue],
      [{ shared_role_ids: [999999] }, reportingMessages.unknownRole],
    ];
    for (const [extra, message] of cases) {
      const res = await call<Reply<null>>('POST', '/reporting/charts', agent, chart(extra));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const badType = await call<Reply<null>>(
      'POST',
      '/reporting/charts',
      agent,
      chart({ chart_type: 'radar' }),
    );
    expect(badType.status).toBe(400);
    expect(await countCharts(agent.companyId)).toBe(before);
  });

  it('saves a chart, reads it back, shares it with a role; only the author changes it', async () => {
    const managerRole = await roleOf(manager);
    const saved = await call<Reply<SavedChart>>(
      'POST',
      '/reporting/charts',
      agent,
      chart({ filters: { open: 'no' }, shared_role_ids: [managerRole] }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(reportingMessages.chartSaved);
    const id = saved.body.data.id;
    const back = await call<Reply<SavedChart>>('GET', `/reporting/charts/${id}`, agent);
    expect(back.body.data).toMatchObject({
      name: 'Hours by store',
      dataset: 'timecards',
      measure: 'hours',
      group_by: 'store',
      chart_type: 'bar',
      filters: { open: 'no' },
      shared_role_ids: [managerRole],
      mine: true,
    });
    // The manager's role sees it (not theirs to change); the figures follow the manager's scope.
    const list = await call<List<SavedChart>>('GET', '/reporting/charts', manager);
    expect(list.body.data.results.find((c) => c.id === id)?.mine).toBe(false);
    const data = await call<Reply<ChartResult>>('GET', `/reporting/charts/${id}/data`, manager);
    expect(data.status).toBe(200);
    const scopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
    const visible = new Set(scopes.body.data.stores.map((s) => s.name));
    expect(data.body.data.points.every((p) => visible.has(p.label))).toBe(true);
    const edit = await call<Reply<null>>('PUT', `/reporting/charts/${id}`, manager, chart());
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(reportingMessages.notOwner);
    // Unshared: gone from the manager's list, 404 on read.
    const unshare = await call<Reply<SavedChart>>(
      'PUT',
      `/reporting/charts/${id}`,
      agent,
      chart({ name: 'Hours by store (mine)', chart_type: 'pie' }),
    );
    expect(unshare.status).toBe(200);
    expect(unshare.body.data).toMatchObject({
      name: 'Hours by store (mine)',
      chart_type: 'pie',
      shared_role_ids: [],
    });
    expect((await call('GET', `/reporting/charts/${id}`, manager)).status).toBe(404);
    const del = await call<Reply<null>>('DELETE', `/reporting/charts/${id}`, agent);
    expect(del.body.message).toBe(reportingMessages.chartDeleted);
    expect((await call('GET', `/reporting/charts/${id}`, agent)).status).toBe(404);
  });

  it("is a 403 outside the caller's scope and a 404 for another company's store or chart", async () => {
    const scopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', agent);
    const managerScopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
    const mine = new Set(managerScopes.body.data.stores.map((s) => s.id));
    const outside = scopes.body.data.stores.find((s) => !mine.has(s.id));
    expect(outside).toBeDefined();
    const out = await call('POST', '/reporting/charts/run', manager, {
      ...query(),
      scope_level: 'store',
      scope_id: outside?.id,
    });
    expect(out.status).toBe(403);
    const company = await call('POST', '/reporting/charts/run', manager, {
      ...query(),
      scope_level: 'company',
    });
    expect(company.status).toBe(403);
    const nwScopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', northwind);
    const nwStore = nwScopes.body.data.stores[0]?.id;
    const cross = await call('POST', '/reporting/charts/run', agent, {
      ...query(),
      scope_level: 'store',
      scope_id: nwStore,
    });
    expect(cross.status).toBe(404);
    const saved = await call<Reply<SavedChart>>('POST', '/reporting/charts', agent, chart());
    const id = saved.body.data.id;
    expect((await call('GET', `/reporting/charts/${id}`, northwind)).status).toBe(404);
    expect((await call('GET', `/reporting/charts/${id}/data`, northwind)).status).toBe(404);
    expect((await call('DELETE', `/reporting/charts/${id}`, northwind)).status).toBe(404);
    expect((await call('GET', `/reporting/charts/${id}`, agent)).status).toBe(200);
  });
});

describe('charts pinned to OneView', () => {
  it('pins a saved chart to the caller’s OneView, shown to whom the chart is shared with', async () => {
    const saved = await call<Reply<SavedChart>>(
      'POST',
      '/reporting/charts',
      agent,
      chart({ name: 'Pinned hours', shared_role_ids: [await roleOf(manager)] }),
    );
    const key = chartWidgetKey(saved.body.data.id);
    const pin = await call<Reply<OneviewLayout>>('POST', '/oneview/layout/widgets', agent, {
      widget_key: key,
    });
    expect(pin.status).toBe(200);
    expect(pin.body.message).toBe(oneviewMessages.added);
    expect(pin.body.data.source).toBe('personal');
    const placed = pin.body.data.widgets.find((w) => w.widget_key === key);
    expect(placed).toMatchObject({ title: 'Pinned hours', x: 0, w: 6 });
    // Below everything that was there, and read back from the server.
    const others = pin.body.data.widgets.filter((w) => w.widget_key !== key);
    expect(placed?.y).toBe(Math.max(0, ...others.map((w) => w.y + w.h)));
    const back = await call<Reply<OneviewLayout>>('GET', '/oneview/layout', agent);
    expect(back.body.data.widgets.some((w) => w.widget_key === key)).toBe(true);
    const again = await call<Reply<null>>('POST', '/oneview/layout/widgets', agent, {
      widget_key: key,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(oneviewMessages.alreadyPinned);

    // The manager's role shares it: in their catalogue, pinnable, and its figures follow the
    // scope bar; the widget figures skip it (its data is the chart's).
    const catalogue = await call<List<{ key: string; kind: string }>>(
      'GET',
      '/oneview/widgets',
      manager,
    );
    expect(catalogue.body.data.results.find((w) => w.key === key)?.kind).toBe('chart');
    const scopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
    const store = scopes.body.data.stores[0];
    const inStore = await call<Reply<ChartResult>>(
      'GET',
      `/reporting/charts/${saved.body.data.id}/data?level=store&id=${store?.id}`,
      manager,
    );
    expect(inStore.status).toBe(200);
    expect(inStore.body.data.scope_name).toBe(store?.name);
    expect(inStore.body.data.points.every((p) => p.label === store?.name)).toBe(true);
    expect(
      (await call('GET', `/reporting/charts/${saved.body.data.id}/data?level=company`, manager))
        .status,
    ).toBe(403);
    const figures = await call<Reply<{ figures: { key: string }[] }>>(
      'GET',
      '/oneview/widget-data',
      manager,
    );
    expect(figures.body.data.figures.some((f) => f.key === key)).toBe(false);

    // Not shared with the employee, nor seen by another company: 404, nothing saved.
    for (const who of [employee, northwind]) {
      const refused = await call<Reply<null>>('POST', '/oneview/layout/widgets', who, {
        widget_key: key,
      });
      expect(refused.status).toBe(404);
      const own = await call<Reply<OneviewLayout>>('GET', '/oneview/layout', who);
      expect(own.body.data.source).not.toBe('personal');
    }
    const unknown = await call('POST', '/oneview/layout/widgets', agent, {
      widget_key: 'chart.999999',
    });
    expect(unknown.status).toBe(404);

    // A deleted chart leaves the layout quietly.
    await call('DELETE', `/reporting/charts/${saved.body.data.id}`, agent);
    const after = await call<Reply<OneviewLayout>>('GET', '/oneview/layout', agent);
    expect(after.body.data.widgets.some((w) => w.widget_key === key)).toBe(false);
    await call('DELETE', '/oneview/layout', agent);
  });
});

describe('organisation chart and Power BI', () => {
  it('shows regions, districts, stores and people with their supervisors, within scope', async () => {
    const res = await call<Reply<OrgChart>>('GET', '/organization-chart', agent);
    expect(res.status).toBe(200);
    expect(res.body.data.company).toBeTruthy();
    expect(res.body.data.stores.length).toBeGreaterThan(0);
    expect(res.body.data.people.some((p) => p.id === manager.id)).toBe(true);
    expect(res.body.data.people.some((p) => p.id === northwind.id)).toBe(false);
    expect((await call('GET', '/organization-chart', employee)).status).toBe(403);
  });

  it('says Power BI is not configured instead of embedding nothing', async () => {
    const res = await call<Reply<PowerBiEmbed>>(
      'GET',
      '/reporting/pbi/0b9e7f3c-5b8a-4a55-9c44-1d2e3f4a5b6c/embed',
      manager,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      configured: false,
      message: reportingMessages.powerBiNotConfigured,
    });
    expect((await call('GET', '/reporting/pbi/not-a-report/embed', manager)).status).toBe(400);
  });
});

describe('daily snapshot', () => {
  it("gives a store's day per person and a district's stores, within scope only", async () => {
    const scopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
    const home = scopes.body.data.stores.find((s) => s.name === 'Charlotte Amalie');
    expect(home).toBeDefined();
    // Two weeks of demo work history: some day of the last week has worked hours.
    let worked = 0;
    for (let back = 1; back <= 7 && worked === 0; back += 1) {
      const date = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
      const day = await call<Reply<DailySnapshot>>(
        'GET',
        `/daily-snapshot?level=store&id=${home?.id}&date=${date}`,
        manager,
      );
      expect(day.status).toBe(200);
      expect(day.body.data.stores.map((s) => s.name)).toEqual(['Charlotte Amalie']);
      worked = day.body.data.totals.worked_hours;
      if (worked > 0) {
        const store = day.body.data.stores[0];
        expect(store?.totals.staff).toBe(store?.people.length);
        expect(store?.people.every((p) => p.name.length > 0)).toBe(true);
      }
    }
    expect(worked).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const district = scopes.body.data.districts[0];
    if (district) {
      const res = await call<Reply<DailySnapshot>>(
        'GET',
        `/daily-snapshot?level=district&id=${district.id}&date=${today}`,
        manager,
      );
      expect(res.status).toBe(200);
    }
    const all = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', agent);
    const mine = new Set(scopes.body.data.stores.map((s) => s.id));
    const outside = all.body.data.stores.find((s) => !mine.has(s.id));
    expect(
      (await call('GET', `/daily-snapshot?level=store&id=${outside?.id}&date=${today}`, manager))
        .status,
    ).toBe(403);
    const nw = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', northwind);
    expect(
      (
        await call(
          'GET',
          `/daily-snapshot?level=store&id=${nw.body.data.stores[0]?.id}&date=${today}`,
          agent,
        )
      ).status,
    ).toBe(404);
    const bad = await call<Reply<null>>(
      'GET',
      `/daily-snapshot?level=store&id=${home?.id}&date=yesterday`,
      manager,
    );
    expect(bad.status).toBe(400);
    expect(
      (await call('GET', `/daily-snapshot?level=store&id=${home?.id}&date=${today}`, employee))
        .status,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  CompanyWidget,
  OneviewLayout,
  ScopeOptions,
  WidgetData,
  WidgetRows,
} from '@portal/contract/oneview';
import type { StoreView } from '@portal/contract/hr-dashboard';
import { hrSchedules } from '../../src/modules/hr/schema.ts';
import { orders } from '../../src/modules/orders/schema.ts';
import { sales } from '../../src/modules/sales/schema.ts';
import { tickets } from '../../src/modules/tickets/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { assignStores, moveStoreToMidday } from '../support/store-assignments.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
type List<T> = { data: { results: T[]; total: number } };
let t: TestApp;
let agent: Person;
let manager: Person;
let employee: Person;
let northwind: Person;
let managerStore: number;
let otherStore: number;
let northwindStore: number;

const call = <T>(method: string, path: string, who: Person, body?: unknown) =>
  t.call<T>(method, `/api${path}`, { token: who.token, body });
const layoutOf = (who: Person, mode?: number) =>
  call<Reply<OneviewLayout>>('GET', `/oneview/layout${mode ? `?mode=${mode}` : ''}`, who);
const saveCompany = (who: Person, body: Record<string, unknown>) =>
  call<List<CompanyWidget>>('POST', '/oneview-company-widgets', who, body);
const place = (widget_key: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  widget_key,
  x,
  y,
  w: 3,
  h: 3,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  agent = await signInPerson(t, 'agent@demo.example');
  manager = await signInPerson(t, 'manager@demo.example');
  employee = await signInPerson(t, 'employee@demo.example');
  northwind = await signInPerson(t, 'admin@northwind.example');
  const demoStores = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, agent.companyId))
    .orderBy(stores.id);
  // The manager's store, moved to where it is midday, so today's shifts below fall inside today.
  const day = demoStores.find((s) => s.id !== manager.storeId) ?? demoStores[0];
  if (!day) throw new Error('no demo store');
  await moveStoreToMidday(t, day.id);
  managerStore = day.id;
  otherStore = demoStores.find((s) => s.id !== managerStore && s.id !== manager.storeId)?.id ?? 0;
  const [nw] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, northwind.companyId));
  northwindStore = nw?.id ?? 0;
  await assignStores(t, agent.companyId, [manager.id, employee.id], [managerStore]);
  // The employee is late: a published shift started 30 minutes ago, no clock-in.
  await t.database.db.insert(hrSchedules).values({
    company_id: agent.companyId,
    user_id: employee.id,
    store_id: managerStore,
    shift_start: new Date(Date.now() - 30 * 60_000).toISOString(),
    shift_end: new Date(Date.now() + 4 * 60 * 60_000).toISOString(),
    published_at: new Date(Date.now() - 24 * 60 * 60_000).toISOString(),
  });
});
afterAll(() => t.close());

describe('company widgets (/oneview-company-widgets)', () => {
  it('serves the built-in layout of each mode until the company saves one', async () => {
    const mine = await layoutOf(agent);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ mode: 1, source: 'default', can_edit: true });
    expect(mine.body.data.widgets.map((w) => w.widget_key)).toContain('clocked_in');
    const employeeView = await layoutOf(employee);
    expect(employeeView.body.data).toMatchObject({ mode: 3, source: 'default', can_edit: false });
    expect(employeeView.body.data.widgets.map((w) => w.widget_key)).toEqual([
      'my_hours_week',
      'my_pending_timeoff',
      'my_pending_bulletins',
    ]);
  });

  it('saves, lists, reads, updates and deletes widgets with their messages', async () => {
    const saved = await saveCompany(agent, {
      company_id: agent.companyId,
      mode: 2,
      widgetsData: [
        place('late_today', 0, 0),
        place('clocked_in', 3, 0),
        place('hours_week', 6, 0),
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Widget added');
    expect(saved.body.data.total).toBe(3);

    const list = await call<List<CompanyWidget>>(
      'GET',
      '/oneview-company-widgets?filter[mode]=2',
      agent,
    );
    expect(list.body.data.results.map((w) => [w.widget_key, w.x, w.y])).toEqual([
      ['late_today', 0, 0],
      ['clocked_in', 3, 0],
      ['hours_week', 6, 0],
    ]);
    const hours = list.body.data.results.find((w) => w.widget_key === 'hours_week');
    if (!hours) throw new Error('no hours widget');
    expect(hours.title).toBe('Hours this week');

    const one = await call<Reply<CompanyWidget>>(
      'GET',
      `/oneview-company-widgets/${hours.id}`,
      agent,
    );
    expect(one.body.data).toMatchObject({ widget_key: 'hours_week', mode: 2 });

    const moved = await call<Reply<CompanyWidget>>(
      'PATCH',
      `/oneview-company-widgets/${hours.id}`,
      agent,
      { x: 0, y: 3, w: 6 },
    );
    expect(moved.body.message).toBe('Widget updated');
    expect(moved.body.data).toMatchObject({ x: 0, y: 3, w: 6, h: 3 });

    const removed = await call('DELETE', `/oneview-company-widgets/${hours.id}`, agent);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Widget deleted');
    expect((await call('GET', `/oneview-company-widgets/${hours.id}`, agent)).status).toBe(404);
  });

  it('refuses bad input with a 4xx and a message, saving nothing', async () => {
    const before = await call<List<CompanyWidget>>('GET', '/oneview-company-widgets', agent);
    const outside = await saveCompany(agent, {
      company_id: agent.companyId,
      mode: 2,
      widgetsData: [place('clocked_in', 10, 0)],
    });
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body.errors)).toContain('12 columns');
    const unknown = await saveCompany(agent, {
      company_id: agent.companyId,
      mode: 2,
      widgetsData: [place('sales_today_nonexistent', 0, 0)],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('There is no widget sales_today_nonexistent');
    const twice = await saveCompany(agent, {
      company_id: agent.companyId,
      mode: 2,
      widgetsData: [place('clocked_in', 0, 0), place('clocked_in', 3, 0)],
    });
    expect(twice.status).toBe(400);
    const badMode = await saveCompany(agent, {
      company_id: agent.companyId,
      mode: 4,
      widgetsData: [],
    });
    expect(badMode.status).toBe(400);
    // A widget of another company: its company is not found, and its rows are 404s.
    const otherCompany = await saveCompany(agent, {
      company_id: northwind.companyId,
      mode: 1,
      widgetsData: [place('clocked_in', 0, 0)],
    });
    expect(otherCompany.status).toBe(404);
    const after = await call<List<CompanyWidget>>('GET', '/oneview-company-widgets', agent);
    expect(after.body.data).toEqual(before.body.data);

    const someone = before.body.data.results[0];
    if (!someone) throw new Error('no widget');
    expect((await call('GET', `/oneview-company-widgets/${someone.id}`, northwind)).status).toBe(
      404,
    );
    expect(
      (await call('PATCH', `/oneview-company-widgets/${someone.id}`, northwind, { x: 1 })).status,
    ).toBe(404);
    expect((await call('DELETE', `/oneview-company-widgets/${someone.id}`, northwind)).status).toBe(
      404,
    );
    // Who may not edit OneView may not save a layout.
    const refused = await saveCompany(employee, {
      company_id: employee.companyId,
      mode: 3,
      widgetsData: [],
    });
    expect(refused.status).toBe(403);
  });
});

describe('layouts per mode and per user', () => {
  it('gives each role its mode’s company layout, and editors any mode', async () => {
    const managerView = await layoutOf(manager);
    expect(managerView.body.data).toMatchObject({ mode: 2, source: 'company' });
    expect(managerView.body.data.widgets.map((w) => w.widget_key)).toEqual([
      'late_today',
      'clocked_in',
    ]);
    const edited = await layoutOf(agent, 2);
    expect(edited.body.data).toMatchObject({ mode: 2, source: 'company' });
    expect(edited.body.data.widgets).toEqual(managerView.body.data.widgets);
    expect((await layoutOf(agent, 3)).body.data).toMatchObject({ mode: 3, source: 'default' });
    expect((await layoutOf(employee, 2)).status).toBe(403);
  });

  it('keeps a personal layout on the server, read back from another sign-in, until reset', async () => {
    const save = await call<Reply<OneviewLayout>>('PUT', '/oneview/layout', manager, {
      widgetsData: [place('clocked_in', 0, 0, { w: 6 }), place('pending_timeoff', 6, 2)],
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    expect(save.body.message).toBe('Your layout is saved');

    // Another browser: a new session of the same person.
    const elsewhere = await signInPerson(t, 'manager@demo.example');
    const read = await layoutOf(elsewhere);
    expect(read.body.data.source).toBe('personal');
    expect(read.body.data.widgets.map((w) => [w.widget_key, w.x, w.y, w.w])).toEqual([
      ['clocked_in', 0, 0, 6],
      ['pending_timeoff', 6, 2, 3],
    ]);
    // Someone else of the same mode still sees the company layout.
    expect((await layoutOf(agent, 2)).body.data.source).toBe('company');

    const reset = await call<Reply<OneviewLayout>>('DELETE', '/oneview/layout', elsewhere);
    expect(reset.body.message).toBe('Your layout is back to the default');
    expect(reset.body.data.source).toBe('company');
    expect((await layoutOf(manager)).body.data.widgets.map((w) => w.widget_key)).toEqual([
      'late_today',
      'clocked_in',
    ]);
  });

  it('refuses widgets the user may not see and unknown ones in a personal layout', async () => {
    const hidden = await call('PUT', '/oneview/layout', employee, {
      widgetsData: [place('clocked_in', 0, 0)],
    });
    expect(hidden.status).toBe(403);
    const unknown = await call('PUT', '/oneview/layout', employee, {
      widgetsData: [place('nope', 0, 0)],
    });
    expect(unknown.status).toBe(400);
  });
});

describe('locks', () => {
  it('refuses to move or remove a locked widget, for the admin and for everyone else', async () => {
    const list = await call<List<CompanyWidget>>(
      'GET',
      '/oneview-company-widgets?filter[mode]=2',
      agent,
    );
    const late = list.body.data.results.find((w) => w.widget_key === 'late_today');
    if (!late) throw new Error('no late widget');
    const locked = await call<Reply<CompanyWidget>>(
      'PATCH',
      `/oneview-company-widgets/${late.id}`,
      agent,
      { locked: true },
    );
    expect(locked.body.data.locked).toBe(true);

    const move = await call('PATCH', `/oneview-company-widgets/${late.id}`, agent, { x: 6 });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe(
      'This widget is locked by an admin and cannot be moved or removed',
    );
    expect((await call('DELETE', `/oneview-company-widgets/${late.id}`, agent)).status).toBe(409);
    const withoutIt = await saveCompany(agent, {
      company_id: agent.companyId,
      mode: 2,
      widgetsData: [place('clocked_in', 3, 0)],
    });
    expect(withoutIt.status).toBe(409);
    const personalMove = await call('PUT', '/oneview/layout', manager, {
      widgetsData: [place('late_today', 0, 6), place('clocked_in', 3, 0)],
    });
    expect(personalMove.status).toBe(409);
    const personalDrop = await call('PUT', '/oneview/layout', manager, {
      widgetsData: [place('clocked_in', 3, 0)],
    });
    expect(personalDrop.status).toBe(409);
    // Keeping it in place is fine, and it stays locked in the user's view.
    const kept = await call<Reply<OneviewLayout>>('PUT', '/oneview/layout', manager, {
      widgetsData: [place('late_today', 0, 0), place('clocked_in', 0, 3)],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.widgets.find((w) => w.widget_key === 'late_today')?.locked).toBe(true);
    expect(
      (await call('GET', `/oneview-company-widgets/${late.id}`, agent)).body.data,
    ).toMatchObject({
      x: 0,
      y: 0,
      locked: true,
    });

    // Unlocking and moving in one request is the admin's way out.
    const unlocked = await call<Reply<CompanyWidget>>(
      'PATCH',
      `/oneview-company-widgets/${late.id}`,
      agent,
      { locked: false, x: 9 },
    );
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ x: 9, locked: false });
    await call('DELETE', '/oneview/layout', manager);
  });
});

describe('background image', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const sign = (who: Person, body: Record<string, unknown>) =>
    call<Reply<{ signedUrl: string; fileUrl: string; maxBytes: number }>>(
      'POST',
      '/photos/upload',
      who,
      body,
    );

  it('uploads through /photos/upload (folder oneViewBgImg), refuses over 2 MB, saves the url', async () => {
    const signed = await sign(agent, {
      file_type: 'image/png',
      file_name: 'store.png',
      folder: 'oneViewBgImg',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.maxBytes).toBe(2 * 1024 * 1024);
    const { signedUrl, fileUrl } = signed.body.data;

    const tooBig = await fetch(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    expect(tooBig.status).toBe(413);
    const notImage = await fetch(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(notImage.status).toBe(400);
    // Not uploaded yet: the url cannot be saved.
    const early = await call('PATCH', '/oneview-company-widgets/bg-image', agent, {
      company_id: agent.companyId,
      url: fileUrl,
    });
    expect(early.status).toBe(400);

    const put = await fetch(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(put.status).toBe(200);
    const saved = await call('PATCH', '/oneview-company-widgets/bg-image', agent, {
      company_id: agent.companyId,
      url: fileUrl,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Background Image Updated');
    expect((await layoutOf(employee)).body.data.background_url).toBe(fileUrl);
    // Another company's admin cannot point their background at it, nor set ours.
    const foreign = await call('PATCH', '/oneview-company-widgets/bg-image', northwind, {
      company_id: northwind.companyId,
      url: fileUrl,
    });
    expect(foreign.status).toBe(400);
    const ours = await call('PATCH', '/oneview-company-widgets/bg-image', northwind, {
      company_id: agent.companyId,
      url: null,
    });
    expect(ours.status).toBe(404);
    expect((await layoutOf(northwind)).body.data.background_url).toBeNull();
  });

  it('signs only images of the OneView folder, for who may edit OneView', async () => {
    expect(
      (
        await sign(agent, {
          file_type: 'application/pdf',
          file_name: 'a.pdf',
          folder: 'oneViewBgImg',
        })
      ).status,
    ).toBe(400);
    expect(
      (await sign(agent, { file_type: 'image/png', file_name: 'a.png', folder: 'profile-photos' }))
        .status,
    ).toBe(400);
    expect(
      (await sign(employee, { file_type: 'image/png', file_name: 'a.png', folder: 'oneViewBgImg' }))
        .status,
    ).toBe(403);
  });
});

describe('widget figures', () => {
  const dataOf = (who: Person, query = '') =>
    call<Reply<WidgetData>>('GET', `/oneview/widget-data${query}`, who);
  const rowsOf = (who: Person, key: string, query = '') =>
    call<Reply<WidgetRows>>('GET', `/oneview/widgets/${key}/rows${query}`, who);

  it('counts equal the rows of the list each widget opens, with the same filter', async () => {
    const clockIn = await t.call('POST', '/api/hr-web-clockin', {
      token: manager.token,
      body: { user_id: manager.id, store_id: managerStore, schedule_id: 0, user_comment: '' },
    });
    expect(clockIn.status, JSON.stringify(clockIn.body)).toBe(200);

    for (const query of ['', `?level=store&id=${managerStore}`]) {
      const data = await dataOf(query ? manager : agent, query);
      expect(data.status, JSON.stringify(data.body)).toBe(200);
      expect(data.body.data.figures.length).toBeGreaterThan(5);
      for (const figure of data.body.data.figures) {
        const url = new URL(figure.list_url, 'http://x');
        expect(url.pathname).toBe(`/oneview/list/${figure.key}`);
        const rows = await rowsOf(query ? manager : agent, figure.key, url.search);
        expect(rows.status).toBe(200);
        if (figure.kind !== 'hours') expect(rows.body.data.total, figure.key).toBe(figure.value);
        else {
          const worked = rows.body.data.results.reduce((s, r) => s + (r.worked_hours ?? 0), 0);
          expect(Math.round(worked * 10) / 10, figure.key).toBe(figure.value);
        }
      }
    }
    const store = await dataOf(manager, `?level=store&id=${managerStore}`);
    const figure = (key: string) => store.body.data.figures.find((f) => f.key === key)?.value;
    expect(store.body.data.scope).toMatchObject({ level: 'store', id: managerStore });
    // The same figures as the store view of /hr/dashboard/store_employees.
    const view = await call<Reply<StoreView>>(
      'GET',
      `/hr-dashboard/store-employees/${managerStore}`,
      manager,
    );
    expect(figure('clocked_in')).toBe(
      view.body.data.counts.clocked_in + view.body.data.counts.on_break,
    );
    expect(figure('clocked_in')).toBeGreaterThanOrEqual(1);
    const late = await rowsOf(manager, 'late_today', `?level=store&id=${managerStore}`);
    expect(late.body.data.results.map((r) => r.user_id)).toContain(employee.id);
    const clocked = await rowsOf(manager, 'clocked_in', `?level=store&id=${managerStore}`);
    expect(clocked.body.data.results.map((r) => r.name)).toContain('Mina Manager');
  });

  it('gives the company scope the store view of every active store, each in its own zone', async () => {
    // The manager's store is in another time zone than the rest (moved to midday above).
    const active = await t.database.db
      .select({ id: stores.id, time_zone: stores.time_zone })
      .from(stores)
      .where(and(eq(stores.company_id, agent.companyId), eq(stores.is_active, true)))
      .orderBy(stores.id);
    expect(new Set(active.map((s) => s.time_zone)).size).toBeGreaterThan(1);
    const statuses: Record<string, (e: StoreView['employees'][number]) => boolean> = {
      clocked_in: (e) => e.status === 'clocked_in' || e.status === 'on_break',
      on_break: (e) => e.status === 'on_break',
      late_today: (e) => e.status === 'late' || e.late_minutes > 0,
    };
    const expected: Record<string, string[]> = { clocked_in: [], on_break: [], late_today: [] };
    for (const { id } of active) {
      const view = await call<Reply<StoreView>>(
        'GET',
        `/hr-dashboard/store-employees/${id}`,
        agent,
      );
      expect(view.status).toBe(200);
      for (const [key, keep] of Object.entries(statuses))
        for (const e of view.body.data.employees.filter(keep))
          expected[key]?.push(`${view.body.data.store.name}/${e.user_id}`);
    }
    expect(expected.late_today?.length).toBeGreaterThanOrEqual(1);
    for (const key of Object.keys(statuses)) {
      const rows = await rowsOf(agent, key, '?level=company');
      expect(rows.status).toBe(200);
      const got = rows.body.data.results.map((r) => `${r.store_name}/${r.user_id}`);
      expect(got.sort(), key).toEqual(expected[key]?.sort());
    }
  });

  it('counts the modules’ open documents in record widgets, each row opening its record', async () => {
    const db = t.database.db;
    const companyId = agent.companyId;
    const now = new Date().toISOString();
    const store = `?level=store&id=${managerStore}`;
    const [sold, voided, foreignSale] = await db
      .insert(sales)
      .values([
        {
          company_id: companyId,
          store_id: managerStore,
          status: 'completed',
          total_cents: 12_345,
          completed_at: now,
          created_by: manager.id,
        },
        { company_id: companyId, store_id: managerStore, status: 'voided', completed_at: now },
        {
          company_id: northwind.companyId,
          store_id: northwindStore,
          status: 'completed',
          completed_at: now,
        },
      ])
      .returning({ id: sales.id });
    const [submitted, received] = await db
      .insert(orders)
      .values([
        { company_id: companyId, store_id: managerStore, status: 'submitted', total_cents: 5_000 },
        { company_id: companyId, store_id: managerStore, status: 'received' },
      ])
      .returning({ id: orders.id });
    const [open, closed] = await db
      .insert(tickets)
      .values([
        {
          company_id: companyId,
          store_id: managerStore,
          subject: 'Till drawer stuck',
          detail: 'It sticks.',
          status: 'new',
        },
        {
          company_id: companyId,
          store_id: managerStore,
          subject: 'Old one',
          detail: 'Done.',
          status: 'closed',
        },
      ])
      .returning({ id: tickets.id });
    if (!sold || !voided || !foreignSale || !submitted || !received || !open || !closed)
      throw new Error('rows not written');

    const links = async (key: string) => {
      const rows = await rowsOf(agent, key, store);
      expect(rows.status, JSON.stringify(rows.body)).toBe(200);
      const figure = (await dataOf(agent, store)).body.data.figures.find((f) => f.key === key);
      expect(figure?.value, key).toBe(rows.body.data.total);
      return rows.body.data.results.map((row) => row.link);
    };
    const sold_ = await links('sales_today');
    expect(sold_).toContain(`/simple-sale/view/${sold.id}`);
    expect(sold_).not.toContain(`/simple-sale/view/${voided.id}`);
    expect(sold_).not.toContain(`/simple-sale/view/${foreignSale.id}`);
    const saleRow = (await rowsOf(agent, 'sales_today', store)).body.data.results.find(
      (row) => row.link === `/simple-sale/view/${sold.id}`,
    );
    expect(saleRow?.detail).toBe('$123.45 · Mina Manager');
    const ordered = await links('open_store_orders');
    expect(ordered).toContain(`/orders/${submitted.id}`);
    expect(ordered).not.toContain(`/orders/${received.id}`);
    const ticketed = await links('open_tickets');
    expect(ticketed).toContain(`/task-center/${open.id}`);
    expect(ticketed).not.toContain(`/task-center/${closed.id}`);

    // A bulletin for the whole company waits for the employee until they acknowledge it.
    const bulletin = await call<Reply<{ id: number; version: number }>>(
      'POST',
      '/bulletins',
      agent,
      {
        title: `Widget bulletin ${Date.now()}`,
        body: 'Please read this.',
      },
    );
    expect(bulletin.status, JSON.stringify(bulletin.body)).toBe(200);
    const { id, version } = bulletin.body.data;
    const pending = async () =>
      (await rowsOf(employee, 'my_pending_bulletins')).body.data.results.map((row) => row.link);
    expect(await pending()).toContain(`/communications/bulletin-board#bulletin-${id}-title`);
    const ack = await call('POST', `/bulletins/${id}/acknowledge`, employee, {
      version,
      answers: [],
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(await pending()).not.toContain(`/communications/bulletin-board#bulletin-${id}-title`);
    // Store documents are for who may read them: the employee gets 403.
    expect((await rowsOf(employee, 'open_store_orders')).status).toBe(403);
  });

  it('shows an employee only their own figures and widgets they may see', async () => {
    const data = await dataOf(employee);
    expect(data.status).toBe(200);
    // Their store's sales today too, as the sales center shows an associate.
    expect(data.body.data.figures.map((f) => f.key).sort()).toEqual([
      'my_hours_week',
      'my_pending_bulletins',
      'my_pending_timeoff',
      'sales_today',
    ]);
    expect((await rowsOf(employee, 'clocked_in')).status).toBe(403);
    expect((await rowsOf(employee, 'no_such_widget')).status).toBe(404);
  });

  it('limits the scope bar to what the user may see: outside is 403, another company 404', async () => {
    const scopes = await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', manager);
    expect(scopes.body.data.company).toBe(false);
    expect(scopes.body.data.stores.map((s) => s.id)).toContain(managerStore);
    expect(scopes.body.data.stores.map((s) => s.id)).not.toContain(otherStore);
    expect(
      (await call<Reply<ScopeOptions>>('GET', '/oneview/scopes', agent)).body.data,
    ).toMatchObject({ company: true, default: { level: 'company', id: null } });

    expect((await dataOf(manager, '?level=company')).status).toBe(403);
    expect((await dataOf(manager, `?level=store&id=${otherStore}`)).status).toBe(403);
    expect((await rowsOf(manager, 'clocked_in', `?level=store&id=${otherStore}`)).status).toBe(403);
    expect((await dataOf(manager, `?level=store&id=${northwindStore}`)).status).toBe(404);
    expect((await dataOf(agent, `?level=store&id=${northwindStore}`)).status).toBe(404);
    expect((await dataOf(agent, '?level=region')).status).toBe(400);
    expect((await dataOf(agent, '?level=planet&id=1')).status).toBe(400);
    expect((await dataOf(agent, `?level=store&id=${otherStore}`)).status).toBe(200);
  });
});

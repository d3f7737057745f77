import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { ClockActionData, BreakSettingsData } from '@portal/contract/hr';
import type {
  MyView,
  StoreView,
  TeamMember,
  TeamMemberDetail,
} from '@portal/contract/hr-dashboard';
import { hrSchedules, hrTimecards } from '../../src/modules/hr/schema.ts';
import { hrTimesheetCorrections } from '../../src/modules/timesheets/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { assignStores, moveStoreToMidday } from '../support/store-assignments.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { openEventStream } from '../support/event-stream.ts';

type Reply<T> = { data: T };
let t: TestApp;
let employee: Person;
let manager: Person;
let warehouse: Person;
let callcenter: Person;
let baseUser: Person;
let northwind: Person;
let storeId: number;

const person = (email: string) => signInPerson(t, email);

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const clockIn = (who: Person) =>
  t.call<Reply<ClockActionData>>('POST', '/api/hr-web-clockin', {
    token: who.token,
    body: { user_id: who.id, store_id: storeId, schedule_id: 0, user_comment: '' },
  });

const openStream = (token: string) => openEventStream(t.baseUrl, token);

beforeAll(async () => {
  t = await startTestApp();
  employee = await person('employee@demo.example');
  manager = await person('manager@demo.example');
  warehouse = await person('warehouse@demo.example');
  callcenter = await person('callcenter@demo.example');
  baseUser = await person('user@demo.example');
  northwind = await person('admin@northwind.example');
  // A demo store moved to where it is midday, so "today" holds every shift below.
  const demoStores = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, employee.companyId))
    .orderBy(stores.id);
  const chosen = demoStores[0];
  if (!chosen) throw new Error('no demo store');
  await moveStoreToMidday(t, chosen.id);
  storeId = chosen.id;
  // The people clocking in below work at that store.
  const clocking = [employee, manager, warehouse, callcenter].map((p) => p.id);
  await assignStores(t, employee.companyId, clocking, [storeId]);

  const shift = (who: Person, from: number, to: number) => ({
    company_id: employee.companyId,
    user_id: who.id,
    store_id: storeId,
    shift_start: minutesFromNow(from),
    shift_end: minutesFromNow(to),
    published_at: minutesFromNow(-24 * 60),
  });
  await t.database.db.insert(hrSchedules).values([
    shift(employee, -10, 240), // clocks in late by about 10 minutes
    shift(callcenter, -30, 180), // not clocked in: late
    shift(baseUser, -120, -10), // shift over, never clocked in: absent
    shift(warehouse, 60, 300), // later today: scheduled (then clocks in and takes a break)
  ]);
});
afterAll(() => t.close());

const storeView = async (who: Person, id = storeId) =>
  t.call<Reply<StoreView>>('GET', `/api/hr-dashboard/store-employees/${id}`, { token: who.token });

describe('store view and live updates', () => {
  it('streams a clock-in to a manager of the company, to the employee, and to nobody else', async () => {
    const managerStream = await openStream(manager.token);
    const employeeStream = await openStream(employee.token);
    const colleagueStream = await openStream(warehouse.token);
    const otherCompany = await openStream(northwind.token);
    try {
      expect(managerStream.status).toBe(200);
      expect(managerStream.type).toContain('text/event-stream');
      const res = await clockIn(employee);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const seen = await managerStream.waitFor(
        (e) => e.type === 'clock.changed' && e.data.user_id === employee.id,
      );
      expect(seen?.data).toMatchObject({ action: 'clock_in', store_id: storeId });
      expect(seen?.data.audience).toBeUndefined();
      expect(
        await employeeStream.waitFor(
          (e) => e.type === 'clock.changed' && e.data.user_id === employee.id,
        ),
      ).toBeDefined();
      // Give the others the same time to (wrongly) receive it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(otherCompany.events.filter((e) => e.type !== 'ready')).toEqual([]);
      expect(colleagueStream.events.filter((e) => e.type !== 'ready')).toEqual([]);
    } finally {
      for (const s of [managerStream, employeeStream, colleagueStream, otherCompany]) s.close();
    }
  });

  it('delivers an event published by another API instance on the same database', async () => {
    // A second server over the same database, as behind a load balancer.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const other = await buildApp({ config, db: t.database.db, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(manager.token);
    try {
      const address = other.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const types = await fetch(`http://127.0.0.1:${port}/api/hr-timeoff/types`, {
        headers: { authorization: `Bearer ${employee.token}` },
      });
      const sick = (
        (await types.json()) as { data: { results: { id: number; name: string }[] } }
      ).data.results.find((x) => x.name === 'Sick');
      const year = new Date().getUTCFullYear() + 1;
      const res = await fetch(`http://127.0.0.1:${port}/api/hr-timeoff/requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${employee.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type_id: sick?.id,
          start_date: `${year}-03-03`,
          end_date: `${year}-03-03`,
        }),
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { id: number } };
      const seen = await stream.waitFor(
        (e) => e.type === 'timeoff.requested' && e.data.request_id === data.id,
      );
      expect(seen).toBeDefined();
    } finally {
      stream.close();
      await other.close();
    }
  });

  it('keeps an idle stream open with heartbeat comments', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      LIVE_HEARTBEAT_SECONDS: '1',
    });
    const other = await buildApp({ config, db: t.database.db, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const address = other.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { authorization: `Bearer ${manager.token}` },
        signal: controller.signal,
      });
      expect(res.headers.get('cache-control')).toContain('no-cache');
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no stream body');
      const decoder = new TextDecoder();
      let text = '';
      const until = Date.now() + 3000;
      while (!text.includes(': ping') && Date.now() < until) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toContain('retry: 3000');
      expect(text).toContain(': ping');
    } finally {
      controller.abort();
      await other.close();
    }
  });

  it('refuses the stream without a session (460)', async () => {
    const res = await fetch(`${t.baseUrl}/api/events`);
    expect(res.status).toBe(460);
  });

  it('tells a manager about a new time off request of their report', async () => {
    const stream = await openStream(manager.token);
    const colleague = await openStream(warehouse.token);
    try {
      const types = await t.call<Reply<{ results: { id: number; name: string }[] }>>(
        'GET',
        '/api/hr-timeoff/types',
        { token: employee.token },
      );
      const sick = types.body.data.results.find((x) => x.name === 'Sick');
      const year = new Date().getUTCFullYear() + 1;
      const res = await t.call<Reply<{ id: number }>>('POST', '/api/hr-timeoff/requests', {
        token: employee.token,
        body: { type_id: sick?.id, start_date: `${year}-02-02`, end_date: `${year}-02-02` },
      });
      expect(res.status).toBe(200);
      const seen = await stream.waitFor((e) => e.type === 'timeoff.requested');
      expect(seen?.data).toMatchObject({ request_id: res.body.data.id, user_id: employee.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(colleague.events.filter((e) => e.type === 'timeoff.requested')).toEqual([]);
    } finally {
      stream.close();
      colleague.close();
    }
  });

  it('shows who is clocked in, on a break, late and absent against the schedule', async () => {
    expect((await clockIn(warehouse)).status).toBe(200);
    const settings = await t.call<Reply<BreakSettingsData>>(
      'GET',
      `/api/hr-timecard-breaks/break_settings/${storeId}&${warehouse.id}`,
      { token: warehouse.token },
    );
    const lunch = settings.body.data.results.find((s) => s.short_description === 'Lunch Break');
    const session = await t.call<Reply<{ timecard_id: number }>>('GET', '/api/hr-web-clockin', {
      token: warehouse.token,
    });
    const started = await t.call('POST', '/api/hr-timecard-breaks', {
      token: warehouse.token,
      body: {
        timecard_id: session.body.data.timecard_id,
        user_id: warehouse.id,
        settings_store_id: lunch?.settings_store_id,
        user_comment: '',
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const res = await storeView(manager);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byUser = new Map(res.body.data.employees.map((e) => [e.user_id, e]));
    expect(byUser.get(employee.id)).toMatchObject({ status: 'clocked_in' });
    expect(byUser.get(employee.id)?.late_minutes).toBeGreaterThanOrEqual(9);
    expect(byUser.get(warehouse.id)).toMatchObject({
      status: 'on_break',
      break_name: 'Lunch Break',
    });
    expect(byUser.get(callcenter.id)).toMatchObject({ status: 'late' });
    expect(byUser.get(callcenter.id)?.late_minutes).toBeGreaterThanOrEqual(29);
    expect(byUser.get(baseUser.id)).toMatchObject({ status: 'absent', clock_in: null });
    expect(res.body.data.counts).toMatchObject({ clocked_in: 1, on_break: 1, late: 1, absent: 1 });
  });

  it('moves a late employee to clocked in once they clock in', async () => {
    expect((await clockIn(callcenter)).status).toBe(200);
    const res = await storeView(manager);
    const row = res.body.data.employees.find((e) => e.user_id === callcenter.id);
    expect(row?.status).toBe('clocked_in');
    expect(row?.late_minutes).toBeGreaterThanOrEqual(29);
  });

  it('is for holders of read_hr_dashboard (403) of the store’s company (404)', async () => {
    expect((await storeView(employee)).status).toBe(403);
    expect((await storeView(northwind)).status).toBe(404);
    expect((await storeView(manager, 999999)).status).toBe(404);
  });
});

describe('my view and the team', () => {
  it('my view: upcoming shifts, hours from the timesheets, requests and balances', async () => {
    const [card] = await t.database.db
      .select({ id: hrTimecards.id })
      .from(hrTimecards)
      .where(and(eq(hrTimecards.user_id, employee.id), isNull(hrTimecards.clock_out)));
    if (!card) throw new Error('the employee has no open timecard');
    await t.database.db.insert(hrTimesheetCorrections).values({
      company_id: employee.companyId,
      timecard_id: card.id,
      user_id: employee.id,
      requested_by: employee.id,
      requested_end: minutesFromNow(-5),
      reason: 'Forgot to clock out',
    });
    const res = await t.call<Reply<MyView>>('GET', '/api/hr-dashboard/my-view', {
      token: employee.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body.data;
    expect(view.upcoming_shifts.length).toBeGreaterThanOrEqual(1);
    expect(view.week.from <= view.today && view.today <= view.week.to).toBe(true);
    expect(view.timeoff_requests.length).toBeGreaterThanOrEqual(1);
    expect(view.balances.map((b) => b.type_name)).toContain('Vacation');
    // The demo employee's seeded history has a correction waiting too; this one is the test's.
    expect(view.correction_requests.filter((c) => c.timecard_id === card.id)).toEqual([
      expect.objectContaining({
        timecard_id: card.id,
        store_name: expect.any(String),
        status: 'pending',
        reason: 'Forgot to clock out',
      }),
    ]);
  });

  it('the manager sees their reports; a manager clocks a report out with a reason', async () => {
    const team = await t.call<Reply<{ results: TeamMember[] }>>('GET', '/api/hr-team', {
      token: manager.token,
    });
    expect(team.status).toBe(200);
    const member = team.body.data.results.find((m) => m.user_id === employee.id);
    expect(member).toMatchObject({ clock_status: 2 });
    expect(member?.pending_timeoff).toBeGreaterThanOrEqual(1);

    const detail = await t.call<Reply<TeamMemberDetail>>('GET', `/api/hr-team/${employee.id}`, {
      token: manager.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ can_manage_clock: true });
    expect(detail.body.data.open_timecard).not.toBeNull();

    const denied = await t.call('POST', `/api/hr-team/${employee.id}/clock`, {
      token: warehouse.token,
      body: { action: 'clock_out', reason: 'left early' },
    });
    expect(denied.status).toBe(403);
    const noReason = await t.call('POST', `/api/hr-team/${employee.id}/clock`, {
      token: manager.token,
      body: { action: 'clock_out', reason: '' },
    });
    expect(noReason.status).toBe(400);
    const out = await t.call<Reply<TeamMemberDetail>>('POST', `/api/hr-team/${employee.id}/clock`, {
      token: manager.token,
      body: { action: 'clock_out', reason: 'Forgot to clock out' },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data.open_timecard).toBeNull();
    const again = await t.call('POST', `/api/hr-team/${employee.id}/clock`, {
      token: manager.token,
      body: { action: 'clock_out', reason: 'Forgot to clock out' },
    });
    expect(again.status).toBe(409);
    const foreign = await t.call('GET', `/api/hr-team/${employee.id}`, { token: northwind.token });
    expect(foreign.status).toBe(404);
  });
});

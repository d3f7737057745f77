import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import {
  clockOutThereQuestion,
  hrMessages,
  type ActiveSession,
  type BreakActionData,
  type BreakSettingsData,
  type ClockActionData,
  type ClockSession,
} from '@portal/contract/hr';
import { permissionGroups, rolePermissionGroups, roles } from '../../src/modules/access/schema.ts';
import { runAutoClockout } from '../../src/modules/hr/auto-clockout.ts';
import { loginClockFields } from '../../src/modules/hr/login-fields.ts';
import {
  hrSchedules,
  hrStoreTempAccess,
  hrTimecardBreaks,
  hrTimecards,
} from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { hrTimesheetCorrections } from '../../src/modules/timesheets/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import type { MyStore } from '@portal/contract/shell';
import { assignStores } from '../support/store-assignments.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let employee: Person;
let manager: Person;
let warehouse: Person;
let callcenter: Person;
let agent: Person;
let storeIds: number[];
let northwindStore: number;

const person = (email: string) => signInPerson(t, email);

const clockIn = (who: Person, storeId: number, extra: Record<string, unknown> = {}) =>
  t.call<Reply<ClockActionData>>('POST', '/api/hr-web-clockin', {
    token: who.token,
    body: { user_id: who.id, store_id: storeId, schedule_id: 0, user_comment: 'hello', ...extra },
  });
const clockOut = (who: Person, timecardId: number, extra: Record<string, unknown> = {}) =>
  t.call<Reply<ClockActionData>>('PATCH', '/api/hr-web-clockin', {
    token: who.token,
    body: { id: timecardId, user_id: who.id, user_comment: 'bye', ...extra },
  });
const startBreak = (who: Person, timecardId: number, settingId: number) =>
  t.call<Reply<BreakActionData>>('POST', '/api/hr-timecard-breaks', {
    token: who.token,
    body: {
      timecard_id: timecardId,
      user_id: who.id,
      settings_store_id: settingId,
      user_comment: '',
    },
  });
const endBreak = (who: Person, breakId: number) =>
  t.call<Reply<BreakActionData>>('PATCH', '/api/hr-timecard-breaks', {
    token: who.token,
    body: { id: breakId, user_id: who.id, user_comment: 'back' },
  });
const session = async (who: Person) =>
  (await t.call<Reply<ClockSession>>('GET', '/api/hr-web-clockin', { token: who.token })).body.data;
const breakSettings = async (who: Person, storeId: number) =>
  (
    await t.call<Reply<BreakSettingsData>>(
      'GET',
      `/api/hr-timecard-breaks/break_settings/${storeId}&${who.id}`,
      { token: who.token },
    )
  ).body.data;
const openTimecards = async (who: Person) =>
  t.database.db
    .select({ id: hrTimecards.id })
    .from(hrTimecards)
    .where(and(eq(hrTimecards.user_id, who.id), isNull(hrTimecards.clock_out)));

beforeAll(async () => {
  t = await startTestApp();
  employee = await person('employee@demo.example');
  // Demo staff are seeded salaried; the employee here is hourly, so the prompt is offered.
  const hourly = await t.call('PATCH', `/api/employees/${employee.id}`, {
    token: await t.login('manager@demo.example'),
    body: { pay_type: 'hourly' },
  });
  if (hourly.status !== 200)
    throw new Error(`could not make the employee hourly: ${hourly.body.message}`);
  manager = await person('manager@demo.example');
  warehouse = await person('warehouse@demo.example');
  callcenter = await person('callcenter@demo.example');
  agent = await person('agent@demo.example');
  const demoStores = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, employee.companyId))
    .orderBy(stores.id);
  storeIds = demoStores.map((s) => s.id);
  // The people clocking below work at every demo store.
  const clocking = [employee, manager, warehouse, callcenter, agent].map((p) => p.id);
  await assignStores(t, employee.companyId, clocking, storeIds);
  const [other] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(sql`${stores.company_id} <> ${employee.companyId}`);
  if (!other) throw new Error('no second-company store');
  northwindStore = other.id;
});
afterAll(() => t.close());

const store = (index: number) => {
  const id = storeIds[index];
  if (id === undefined) throw new Error(`no demo store ${index}`);
  return id;
};

describe('clock in and out', () => {
  it('clocks in on the server clock, in the store time zone, and answers Clocked In', async () => {
    const before = Date.now();
    const res = await clockIn(employee, store(0));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Clocked In' });
    const { data } = res.body;
    expect(data.status).toBe(2);
    expect(data.timecard_id).toBe(data.timecard.id);
    expect(data.activeSession?.store.id).toBe(store(0));
    expect(data.timecard.time_zone).toBe(data.activeSession?.store.time_zone);
    expect(data.timecard.user_comment).toBe('hello');
    const clockedAt = new Date(data.timecard.clock_in).getTime();
    expect(clockedAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(clockedAt).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(data.timecard.clock_in.endsWith('Z')).toBe(true);
  });

  it('never takes the time from the browser', async () => {
    const res = await clockIn(employee, store(0), { clock_in: '2020-01-01T00:00:00Z' });
    expect(res.status).toBe(400);
  });

  it('answers a repeated clock-in at the same store with the same timecard', async () => {
    const first = await session(employee);
    const again = await clockIn(employee, store(0));
    expect(again.status).toBe(200);
    expect(again.body.data.timecard.id).toBe(first.timecard_id);
    expect(await openTimecards(employee)).toHaveLength(1);
  });

  it('refuses a clock-in at another store while clocked in, naming the open one', async () => {
    const res = await clockIn(employee, store(1));
    expect(res.status).toBe(409);
    const active = (res.body.data as { activeSession: ActiveSession }).activeSession;
    expect(active.store.id).toBe(store(0));
    expect(res.body.message).toBe(hrMessages.alreadyClockedInElsewhere(active.store.name));
    expect(clockOutThereQuestion(active.store.name)).toBe(
      `You clocked-in at ${active.store.name} store do you want to clock-out there?`,
    );
    expect(clockOutThereQuestion(null)).toBe(
      'You clocked-in at some other store do you want to clock-out there?',
    );
  });

  it('clocks out with Clocked Out, and a retry of the clock-out changes nothing', async () => {
    const { timecard_id } = await session(employee);
    if (!timecard_id) throw new Error('not clocked in');
    const out = await clockOut(employee, timecard_id);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: 'Clocked Out' });
    expect(out.body.data.status).toBe(1);
    expect(out.body.data.timecard.clock_out).not.toBeNull();
    expect(out.body.data.timecard.clock_out_comment).toBe('bye');
    const retry = await clockOut(employee, timecard_id);
    expect(retry.status).toBe(200);
    expect(retry.body.data.timecard.clock_out).toBe(out.body.data.timecard.clock_out);
    expect(await openTimecards(employee)).toHaveLength(0);
  });

  it('makes one timecard of many concurrent clock-ins', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => clockIn(employee, store(2))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(results.map((r) => r.body.data.timecard.id)).size).toBe(1);
    expect(await openTimecards(employee)).toHaveLength(1);
    const { timecard_id } = await session(employee);
    if (timecard_id) await clockOut(employee, timecard_id);
  });

  it('keeps one open timecard per user in the database itself', async () => {
    const [firstStore, secondStore] = [store(0), store(1)];
    await t.database.db.insert(hrTimecards).values({
      company_id: employee.companyId,
      user_id: employee.id,
      store_id: firstStore,
      time_zone: 'UTC',
    });
    await expect(
      t.database.db.insert(hrTimecards).values({
        company_id: employee.companyId,
        user_id: employee.id,
        store_id: secondStore,
        time_zone: 'UTC',
      }),
    ).rejects.toThrow();
    await t.database.db
      .update(hrTimecards)
      .set({ clock_out: sql`now()` })
      .where(and(eq(hrTimecards.user_id, employee.id), isNull(hrTimecards.clock_out)));
  });
});

describe('who may punch', () => {
  it('needs a session', async () => {
    const res = await t.call('POST', '/api/hr-web-clockin', {
      body: { user_id: employee.id, store_id: store(0) },
    });
    expect(res.status).toBe(460);
  });

  it('needs both write_hr_clockin and write_hr_clockin_web', async () => {
    const base = await person('user@demo.example');
    expect((await clockIn(base, store(0))).status).toBe(403);

    // The warehouse role keeps only write_hr_clockin_web: still refused, with a clear message.
    const groups = await t.database.db
      .select({ id: permissionGroups.id, permissions: permissionGroups.permissions })
      .from(permissionGroups)
      .innerJoin(
        rolePermissionGroups,
        and(
          eq(rolePermissionGroups.company_id, permissionGroups.company_id),
          eq(rolePermissionGroups.permission_group_id, permissionGroups.id),
        ),
      )
      .innerJoin(
        roles,
        and(
          eq(roles.company_id, rolePermissionGroups.company_id),
          eq(roles.id, rolePermissionGroups.role_id),
        ),
      )
      .where(
        and(eq(roles.company_id, warehouse.companyId), eq(roles.base_role, 'warehouse_account')),
      );
    const group = groups[0];
    if (!group) throw new Error('no warehouse group');
    await t.database.db
      .update(permissionGroups)
      .set({ permissions: group.permissions.filter((p) => p !== 'write_hr_clockin') })
      .where(eq(permissionGroups.id, group.id));
    const refused = await clockIn(warehouse, store(0));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(hrMessages.needsBothClockPermissions);
    await t.database.db
      .update(permissionGroups)
      .set({ permissions: group.permissions })
      .where(eq(permissionGroups.id, group.id));
    const allowed = await clockIn(warehouse, store(0));
    expect(allowed.status).toBe(200);
    await clockOut(warehouse, allowed.body.data.timecard.id);
  });

  it('clocks only the caller', async () => {
    const res = await clockIn(employee, store(0), { user_id: callcenter.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(hrMessages.otherUser);
  });

  it("does not find another company's store", async () => {
    expect((await clockIn(employee, northwindStore)).status).toBe(404);
  });

  it("does not let one employee end another's timecard or break", async () => {
    const mine = await clockIn(callcenter, store(3));
    expect((await clockOut(employee, mine.body.data.timecard.id)).status).toBe(404);
    const [lunch] = (await breakSettings(callcenter, store(3))).results;
    if (!lunch) throw new Error('no break settings');
    const started = await startBreak(
      callcenter,
      mine.body.data.timecard.id,
      lunch.settings_store_id,
    );
    expect((await endBreak(employee, started.body.data.break.id)).status).toBe(404);
    const status = await t.call('GET', `/api/hr-web-clockin/status/${callcenter.id}&${store(3)}`, {
      token: employee.token,
    });
    expect(status.status).toBe(403);
    const asManager = await t.call<Reply<ClockSession>>(
      'GET',
      `/api/hr-web-clockin/status/${callcenter.id}&${store(3)}`,
      { token: manager.token },
    );
    expect(asManager.body.data.status).toBe(3);
    await clockOut(callcenter, mine.body.data.timecard.id);
  });
});

describe('breaks', () => {
  let timecardId: number;
  let lunchId: number;
  let coffeeId: number;

  beforeAll(async () => {
    const settings = await breakSettings(employee, store(0));
    const lunch = settings.results.find((b) => b.short_description === 'Lunch Break');
    const coffee = settings.results.find((b) => b.short_description === 'Coffee Break');
    if (!lunch || !coffee) throw new Error('demo break settings missing');
    expect(lunch).toMatchObject({ duration: 30, is_paid: false, is_mandatory: true });
    expect(coffee).toMatchObject({ duration: 15, is_paid: true, is_mandatory: false });
    lunchId = lunch.settings_store_id;
    coffeeId = coffee.settings_store_id;
  });

  it('cannot start outside an open timecard', async () => {
    const closed = await clockIn(employee, store(0));
    timecardId = closed.body.data.timecard.id;
    await clockOut(employee, timecardId);
    const res = await startBreak(employee, timecardId, lunchId);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You are not clocked in, you can't take breaks now.");
  });

  it('starts inside the open timecard with Break started successfully (status 3)', async () => {
    timecardId = (await clockIn(employee, store(0))).body.data.timecard.id;
    const res = await startBreak(employee, timecardId, lunchId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Break started successfully');
    expect(res.body.data).toMatchObject({
      status: 3,
      timecard_id: timecardId,
      settings_store_id: lunchId,
      timecard_break_id: res.body.data.break.id,
    });
    expect(res.body.data.break).toMatchObject({
      short_description: 'Lunch Break',
      is_mandatory: true,
    });
    expect((await breakSettings(employee, store(0))).active_break?.id).toBe(res.body.data.break.id);
  });

  it('answers a repeated start with the running break, and refuses another kind', async () => {
    const running = (await session(employee)).timecard_break_id;
    const again = await startBreak(employee, timecardId, lunchId);
    expect(again.status).toBe(200);
    expect(again.body.data.break.id).toBe(running);
    const other = await startBreak(employee, timecardId, coffeeId);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(hrMessages.breakKindLocked);
  });

  it('refuses a break setting of another store', async () => {
    const foreign = (await breakSettings(employee, store(1))).results[0];
    if (!foreign) throw new Error('no settings');
    const res = await startBreak(employee, timecardId, foreign.settings_store_id);
    expect([400, 409]).toContain(res.status);
  });

  it('ends with Break ended successfully (status 2); a retry answers the ended break', async () => {
    const breakId = (await session(employee)).timecard_break_id;
    if (!breakId) throw new Error('not on a break');
    const res = await endBreak(employee, breakId);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Break ended successfully');
    expect(res.body.data.status).toBe(2);
    expect(res.body.data.break.break_end).not.toBeNull();
    expect(res.body.data.break.end_comment).toBe('back');
    const retry = await endBreak(employee, breakId);
    expect(retry.status).toBe(200);
    expect(retry.body.data.break.break_end).toBe(res.body.data.break.break_end);
  });

  it('makes one break of many concurrent starts', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => startBreak(employee, timecardId, coffeeId)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.break.id)).size).toBe(1);
    const open = await t.database.db
      .select({ id: hrTimecardBreaks.id })
      .from(hrTimecardBreaks)
      .where(and(eq(hrTimecardBreaks.timecard_id, timecardId), isNull(hrTimecardBreaks.break_end)));
    expect(open).toHaveLength(1);
  });

  it('ends the open break when the timecard is clocked out', async () => {
    const out = await clockOut(employee, timecardId);
    expect(out.status).toBe(200);
    const breaks = await t.call<Reply<{ results: { break_end: string | null }[] }>>(
      'POST',
      '/api/hr-timecard-breaks/timesheet-breaks',
      { token: employee.token, body: { timecard_ids: [timecardId] } },
    );
    expect(breaks.body.data.results).toHaveLength(2);
    expect(breaks.body.data.results.every((b) => b.break_end !== null)).toBe(true);
    expect(breaks.body.data.results[1]?.break_end).toBe(out.body.data.timecard.clock_out);
  });

  it("keeps timesheet breaks of other people's timecards from employees", async () => {
    const res = await t.call('POST', '/api/hr-timecard-breaks/timesheet-breaks', {
      token: callcenter.token,
      body: { timecard_ids: [timecardId] },
    });
    expect(res.status).toBe(403);
    const asManager = await t.call('POST', '/api/hr-timecard-breaks/timesheet-breaks', {
      token: manager.token,
      body: { timecard_ids: [timecardId] },
    });
    expect(asManager.status).toBe(200);
  });
});

describe('active session, store time and login fields', () => {
  it('reads the active session with its store and breaks', async () => {
    const none = await t.call<Reply<{ activeSession: ActiveSession | null }>>(
      'GET',
      '/api/hr-timecards/active-session?related=store,breaks',
      { token: employee.token },
    );
    expect(none.body.data.activeSession).toBeNull();
    const card = (await clockIn(employee, store(4))).body.data.timecard;
    const some = await t.call<Reply<{ activeSession: ActiveSession | null }>>(
      'GET',
      '/api/hr-timecards/active-session?related=store,breaks',
      { token: employee.token },
    );
    expect(some.body.data.activeSession).toMatchObject({
      id: card.id,
      store: { id: store(4) },
      breaks: [],
    });
    await clockOut(employee, card.id);
  });

  it("tells the server's time in the store's zone", async () => {
    const res = await t.call<Reply<{ time_zone: string; now: string; local: string }>>(
      'GET',
      `/api/hr-web-clockin/time/${store(0)}`,
      { token: employee.token },
    );
    expect(res.status).toBe(200);
    const { time_zone, now, local } = res.body.data;
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const expected = new Intl.DateTimeFormat('en-CA', {
      timeZone: time_zone,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(now));
    expect(local.slice(11, 13)).toBe(expected);
    expect(
      (await t.call('GET', `/api/hr-web-clockin/time/${northwindStore}`, { token: employee.token }))
        .status,
    ).toBe(404);
  });

  it('answers the sign-in with the clock fields', async () => {
    const login = async (email: string) =>
      (
        await t.call<{ clock_in: boolean; breakPopUpShow: boolean; scheduleId: number | null }>(
          'POST',
          '/api/auth/login',
          { body: { email, password: 'Demo@12345' } },
        )
      ).body;
    expect(await login('employee@demo.example')).toMatchObject({
      clock_in: true,
      breakPopUpShow: false,
    });
    expect((await login('agent@demo.example')).clock_in).toBe(false);
    const card = (await clockIn(employee, store(0))).body.data.timecard;
    expect((await login('employee@demo.example')).clock_in).toBe(false);
    await clockOut(employee, card.id);
  });

  it('fills the login clock fields from real data', async () => {
    const fields = (who: Person, perms: Record<string, true>, storeId: number | null = store(0)) =>
      loginClockFields(t.database.db, {
        companyId: who.companyId,
        userId: who.id,
        storeId,
        permissions: perms,
        isSuperAdmin: false,
      });
    const clockPerms = { write_hr_clockin: true, write_hr_clockin_web: true } as const;
    // An hourly employee who is not clocked in is offered the prompt; a salaried agent is not.
    expect(await fields(employee, clockPerms)).toMatchObject({
      clock_in: true,
      breakPopUpShow: false,
      showAutoClockoutTimeCards: false,
      geolocation_restriction_required: false,
      scheduleId: null,
    });
    expect((await fields(agent, clockPerms)).clock_in).toBe(false);
    expect((await fields(employee, { write_hr_clockin: true })).clock_in).toBe(false);

    const card = (await clockIn(employee, store(0))).body.data.timecard;
    expect((await fields(employee, clockPerms)).clock_in).toBe(false);
    const [lunch] = (await breakSettings(employee, store(0))).results;
    if (!lunch) throw new Error('no settings');
    await startBreak(employee, card.id, lunch.settings_store_id);
    expect((await fields(employee, clockPerms)).breakPopUpShow).toBe(true);
    await clockOut(employee, card.id);

    const [schedule] = await t.database.db
      .insert(hrSchedules)
      .values({
        company_id: employee.companyId,
        user_id: employee.id,
        store_id: store(0),
        shift_start: new Date(Date.now() - 3600_000).toISOString(),
        shift_end: new Date(Date.now() + 3600_000).toISOString(),
      })
      .returning({ id: hrSchedules.id });
    expect((await fields(employee, clockPerms)).scheduleId).toBe(schedule?.id);
    expect((await fields(employee, clockPerms, store(1))).scheduleId).toBeNull();

    // A clock-in may name that schedule; 0 means none, and someone else's schedule is refused.
    const named = await clockIn(employee, store(0), { schedule_id: schedule?.id });
    expect(named.body.data.timecard.schedule_id).toBe(schedule?.id);
    await clockOut(employee, named.body.data.timecard.id);
    const notMine = await clockIn(callcenter, store(0), { schedule_id: schedule?.id });
    expect(notMine.status).toBe(400);
    expect(notMine.body.message).toBe(hrMessages.scheduleNotYours);
  });
});

describe('HR settings', () => {
  it('reads and updates the company settings (Company HR settings updated)', async () => {
    const got = await t.call<Reply<{ auto_clockout_grace_minutes: number }>>(
      'GET',
      '/api/hr-settings-companies',
      { token: manager.token },
    );
    expect(got.status).toBe(200);
    expect(got.body.data.auto_clockout_grace_minutes).toBe(60);
    const res = await t.call('POST', '/api/hr-settings-companies', {
      token: manager.token,
      body: { auto_clockout_grace_minutes: 45 },
    });
    expect(res.body).toMatchObject({
      message: 'Company HR settings updated',
      data: { auto_clockout_grace_minutes: 45, geofence_mode: 'warn' },
    });
    const refused = await t.call('POST', '/api/hr-settings-companies', {
      token: employee.token,
      body: { auto_clockout_grace_minutes: 1 },
    });
    expect(refused.status).toBe(403);
    const bad = await t.call('POST', '/api/hr-settings-companies', {
      token: manager.token,
      body: { geofence_mode: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('updates a store, replacing its break settings (Store settings updated)', async () => {
    const res = await t.call<Reply<{ breaks: { short_description: string; duration: number }[] }>>(
      'POST',
      '/api/hr-settings-stores',
      {
        token: manager.token,
        body: {
          store_id: store(5),
          breaks: [
            { short_description: 'Coffee Break', duration: 10, is_paid: true, is_mandatory: true },
          ],
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Store settings updated');
    expect(res.body.data.breaks).toEqual([
      expect.objectContaining({ short_description: 'Coffee Break', duration: 10 }),
    ]);
    expect((await breakSettings(employee, store(5))).results).toHaveLength(1);

    const twice = await t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: {
        store_id: store(5),
        breaks: [
          { short_description: 'Coffee Break', duration: 10 },
          { short_description: 'Coffee Break', duration: 5 },
        ],
      },
    });
    expect(twice.status).toBe(400);
    const otherKind = await t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: { store_id: store(5), breaks: [{ short_description: 'Nap Break', duration: 10 }] },
    });
    expect(otherKind.status).toBe(400);
    const foreign = await t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: { store_id: northwindStore, breaks: [] },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('location', () => {
  // Times Square-ish fence of 100 m.
  const fence = { geofence_latitude: 40.758, geofence_longitude: -73.9855, geofence_radius: 100 };
  const setStore = (body: Record<string, unknown>) =>
    t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: { store_id: store(6), ...body },
    });

  it('blocks a clock-in outside the fence, or without coordinates, in block mode', async () => {
    expect((await setStore({ ...fence, geofence_mode: 'block' })).status).toBe(200);
    // ~1.1 km north
    const far = await clockIn(employee, store(6), {
      latitude: 40.768,
      longitude: -73.9855,
      accuracy: 20,
    });
    expect(far.status).toBe(400);
    expect(far.body.message).toMatch(/^You are about \d+ m outside the store's clock-in area$/);
    const none = await clockIn(employee, store(6), { location_error: 1 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(hrMessages.locationRequired);
    expect(await openTimecards(employee)).toHaveLength(0);
  });

  it('counts the reported accuracy towards the fence', async () => {
    // ~150 m away: outside a 100 m fence, inside once 60 m of accuracy is allowed.
    const near = { latitude: 40.75935, longitude: -73.9855 };
    expect((await clockIn(employee, store(6), { ...near, accuracy: 5 })).status).toBe(400);
    const ok = await clockIn(employee, store(6), { ...near, accuracy: 60 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.warning).toBeNull();
    await clockOut(employee, ok.body.data.timecard.id, near);
  });

  it('flags instead of refusing in warn mode, and records a denied permission', async () => {
    await setStore({ geofence_mode: 'warn' });
    const res = await clockIn(employee, store(6), { location_error: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.warning).toBe('No location: permission denied');
    expect(res.body.data.timecard).toMatchObject({
      location_error: 1,
      location_flag: 'No location: permission denied',
    });
    // Clock-outs are never refused; outside the fence they are flagged.
    await setStore({ geofence_mode: 'block' });
    const out = await clockOut(employee, res.body.data.timecard.id, {
      latitude: 41,
      longitude: -73,
    });
    expect(out.status).toBe(200);
    expect(out.body.data.timecard.location_flag).toMatch(/Clock-out: You are about/);
  });

  it('tells the login whether the store wants coordinates', async () => {
    const fields = await loginClockFields(t.database.db, {
      companyId: employee.companyId,
      userId: employee.id,
      storeId: store(6),
      permissions: {},
      isSuperAdmin: false,
    });
    expect(fields.geolocation_restriction_required).toBe(true);
    await setStore({ geofence_latitude: null, geofence_longitude: null, geofence_radius: null });
    const cleared = await t.call<Reply<{ geofence_radius: number | null }>>(
      'GET',
      `/api/hr-settings-stores?store_id=${store(6)}`,
      { token: manager.token },
    );
    expect(cleared.body.data.geofence_radius).toBeNull();
    expect((await setStore({ geofence_radius: 50 })).status).toBe(400);
  });
});

describe('auto clock-out', () => {
  it('closes timecards left open past the schedule end plus grace, and lists them', async () => {
    await t.call('POST', '/api/hr-settings-companies', {
      token: manager.token,
      body: { auto_clockout_grace_minutes: 30, max_shift_hours: 10 },
    });
    const shiftEnd = new Date(Date.now() - 2 * 3600_000);
    const [schedule] = await t.database.db
      .insert(hrSchedules)
      .values({
        company_id: manager.companyId,
        user_id: manager.id,
        store_id: store(1),
        shift_start: new Date(shiftEnd.getTime() - 8 * 3600_000).toISOString(),
        shift_end: shiftEnd.toISOString(),
      })
      .returning({ id: hrSchedules.id });
    const card = (await clockIn(manager, store(1), { schedule_id: schedule?.id })).body.data
      .timecard;
    const [lunch] = (await breakSettings(manager, store(1))).results;
    if (!lunch) throw new Error('no settings');
    await startBreak(manager, card.id, lunch.settings_store_id);
    // The shift began 9 hours ago.
    await t.database.db
      .update(hrTimecards)
      .set({ clock_in: new Date(shiftEnd.getTime() - 7 * 3600_000).toISOString() })
      .where(eq(hrTimecards.id, card.id));
    await t.database.db
      .update(hrTimecardBreaks)
      .set({ break_start: new Date(shiftEnd.getTime() - 3 * 3600_000).toISOString() })
      .where(eq(hrTimecardBreaks.timecard_id, card.id));

    // Another timecard, with no schedule, open for 11 hours (max shift 10 + 30 min grace passed).
    const loose = (await clockIn(warehouse, store(1))).body.data.timecard;
    await t.database.db
      .update(hrTimecards)
      .set({ clock_in: new Date(Date.now() - 11 * 3600_000).toISOString() })
      .where(eq(hrTimecards.id, loose.id));
    // And one still inside its shift: left alone.
    const fresh = (await clockIn(callcenter, store(1))).body.data.timecard;

    // Two passes at once, as from two API instances: each timecard is closed exactly once.
    const closed = await Promise.all([
      runAutoClockout(t.database.db),
      runAutoClockout(t.database.db),
    ]);
    expect(closed[0] + closed[1]).toBe(2);
    expect(await runAutoClockout(t.database.db)).toBe(0);

    const [row] = await t.database.db.select().from(hrTimecards).where(eq(hrTimecards.id, card.id));
    expect(row).toMatchObject({
      auto_clocked_out: true,
      not_corrected: true,
      edit_request_sent: false,
    });
    expect(new Date(row?.clock_out ?? 0).getTime()).toBe(shiftEnd.getTime());
    const [brk] = await t.database.db
      .select()
      .from(hrTimecardBreaks)
      .where(eq(hrTimecardBreaks.timecard_id, card.id));
    expect(new Date(brk?.break_end ?? 0).getTime()).toBe(shiftEnd.getTime());
    const [looseRow] = await t.database.db
      .select()
      .from(hrTimecards)
      .where(eq(hrTimecards.id, loose.id));
    expect(new Date(looseRow?.clock_out ?? 0).getTime()).toBe(
      new Date(looseRow?.clock_in ?? 0).getTime() + 10 * 3600_000,
    );
    expect((await session(callcenter)).status).toBe(2);
    await clockOut(callcenter, fresh.id);

    const fields = await loginClockFields(t.database.db, {
      companyId: manager.companyId,
      userId: manager.id,
      storeId: store(1),
      permissions: {},
      isSuperAdmin: false,
    });
    expect(fields.showAutoClockoutTimeCards).toBe(true);

    const list = await t.call<Reply<{ results: Record<string, unknown>[]; total: number }>>(
      'POST',
      '/api/hr-schedules/user-autoclocked-out',
      {
        token: manager.token,
        body: {
          user_id: manager.id,
          store_id: null,
          not_corrected: true,
          edit_request_sent: false,
          page_size: 5,
          page_number: 1,
        },
      },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.results[0]).toMatchObject({
      timecard_id: card.id,
      schedule_id: schedule?.id,
      total_count: 1,
      store_name: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      schedule_end_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // Without is_clockin_pop_up_required (a base user's role) the list is refused.
    const base = await person('user@demo.example');
    const baseList = await t.call('POST', '/api/hr-schedules/user-autoclocked-out', {
      token: base.token,
      body: { user_id: base.id },
    });
    expect(baseList.status).toBe(403);

    // The real end time goes to the manager as a correction request; the list then empties.
    const tooEarly = await t.call('POST', '/api/hr-timecards/correction-request', {
      token: manager.token,
      body: {
        timecard_id: card.id,
        clock_out: new Date(shiftEnd.getTime() - 10 * 3600_000).toISOString(),
      },
    });
    expect(tooEarly.status).toBe(400);
    const sent = await t.call<Reply<{ edit_request_sent: boolean; clock_out: string }>>(
      'POST',
      '/api/hr-timecards/correction-request',
      {
        token: manager.token,
        body: {
          timecard_id: card.id,
          clock_out: new Date(shiftEnd.getTime() + 1800_000).toISOString(),
          user_comment: 'left late',
        },
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(hrMessages.correctionSent);
    expect(sent.body.data.edit_request_sent).toBe(true);
    expect(new Date(sent.body.data.clock_out).getTime()).toBe(shiftEnd.getTime());
    const queued = await t.database.db
      .select()
      .from(hrTimesheetCorrections)
      .where(eq(hrTimesheetCorrections.timecard_id, card.id));
    expect(queued).toMatchObject([
      {
        status: 'pending',
        source: 'auto_clockout',
        requested_end: new Date(shiftEnd.getTime() + 1800_000).toISOString(),
        reason: 'left late',
      },
    ]);
    const again = await t.call('POST', '/api/hr-timecards/correction-request', {
      token: manager.token,
      body: {
        timecard_id: card.id,
        clock_out: new Date(shiftEnd.getTime() + 1800_000).toISOString(),
      },
    });
    expect(again.status).toBe(409);
    const empty = await t.call<Reply<{ total: number }>>(
      'POST',
      '/api/hr-schedules/user-autoclocked-out',
      {
        token: manager.token,
        body: { user_id: manager.id },
      },
    );
    expect(empty.body.data.total).toBe(0);
    const others = await t.call('POST', '/api/hr-timecards/correction-request', {
      token: warehouse.token,
      body: { timecard_id: card.id, clock_out: new Date().toISOString() },
    });
    expect(others.status).toBe(404);
  });
});

describe('select lists', () => {
  it("lists department roles, employees (for managers) and today's shifts", async () => {
    const roles = await t.call<Reply<{ label: string }[]>>(
      'POST',
      '/api/hr-selectlists/departmentroles',
      {
        token: employee.token,
        body: {},
      },
    );
    expect(roles.body.data.map((r) => r.label)).toEqual(['Cashier', 'Sales Floor', 'Stock Room']);
    const people = await t.call<Reply<{ label: string }[]>>(
      'POST',
      '/api/hr-selectlists/employees',
      {
        token: manager.token,
        body: {},
      },
    );
    expect(people.body.data.map((p) => p.label)).toContain('Eli Employee');
    expect(people.body.data.map((p) => p.label)).not.toContain('Nora North');
    expect(
      (await t.call('POST', '/api/hr-selectlists/employees', { token: employee.token, body: {} }))
        .status,
    ).toBe(403);
    const shifts = await t.call<Reply<{ value: number; label: string }[]>>(
      'POST',
      '/api/hr-selectlists/schedule-shift',
      { token: employee.token, body: { store_id: store(0) } },
    );
    expect(shifts.status).toBe(200);
    expect(shifts.body.data.every((s) => /^\d{2}:\d{2} - \d{2}:\d{2}$/.test(s.label))).toBe(true);
  });
});

describe('where one may clock in: the stores the switcher offers, or temporary access for today', () => {
  let admin: Person;
  let offered: MyStore[];
  let elsewhere: { id: number; name: string }[];
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const cardsAt = (who: Person, storeId: number) =>
    t.database.db
      .select({ id: hrTimecards.id })
      .from(hrTimecards)
      .where(and(eq(hrTimecards.user_id, who.id), eq(hrTimecards.store_id, storeId)));
  const grant = (who: Person, storeId: number, starts_on: string, ends_on: string) =>
    t.database.db.insert(hrStoreTempAccess).values({
      company_id: who.companyId,
      user_id: who.id,
      store_id: storeId,
      starts_on,
      ends_on,
      granted_by: manager.id,
    });

  beforeAll(async () => {
    // A super admin holds every permission, but like the store switcher no store by that alone.
    admin = await person('admin@demo.example');
    const mine = await t.call<Reply<MyStore[]>>('GET', '/api/me/stores', { token: admin.token });
    offered = mine.body.data;
    const [me] = await t.database.db
      .select({ current_store: users.current_store })
      .from(users)
      .where(eq(users.id, admin.id));
    elsewhere = await t.database.db
      .select({ id: stores.id, name: stores.name })
      .from(stores)
      .where(
        and(
          eq(stores.company_id, admin.companyId),
          eq(stores.is_active, true),
          notInArray(stores.id, [...offered.map((s) => s.id), me?.current_store ?? 0]),
        ),
      )
      .orderBy(stores.id);
    if (offered.length < 2 || elsewhere.length < 3)
      throw new Error('the demo admin needs two own stores and three others');
  });

  it('refuses a store the switcher does not offer with a 403 naming it, and creates no timecard', async () => {
    const [other] = elsewhere;
    if (!other) throw new Error('no other store');
    const res = await clockIn(admin, other.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(hrMessages.notYourStore(other.name));
    expect(await openTimecards(admin)).toHaveLength(0);
    expect(await cardsAt(admin, other.id)).toHaveLength(0);
  });

  it('clocks in at every store the switcher offers', async () => {
    for (const own of offered) {
      const res = await clockIn(admin, own.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.activeSession?.store.id).toBe(own.id);
      expect((await clockOut(admin, res.body.data.timecard.id)).status).toBe(200);
    }
  });

  it('refuses another store while clocked in before asking to clock out there, leaving the open timecard', async () => {
    const [own] = offered;
    const [other] = elsewhere;
    if (!own || !other) throw new Error('no stores');
    const card = (await clockIn(admin, own.id)).body.data.timecard;
    const res = await clockIn(admin, other.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(hrMessages.notYourStore(other.name));
    expect((await openTimecards(admin)).map((c) => c.id)).toEqual([card.id]);
    expect((await clockOut(admin, card.id)).status).toBe(200);
  });

  it('clocks in with temporary access covering today', async () => {
    const temp = elsewhere[1];
    if (!temp) throw new Error('no store for temporary access');
    expect((await clockIn(admin, temp.id)).status).toBe(403);
    await grant(admin, temp.id, day(-1), day(1));
    const res = await clockIn(admin, temp.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.timecard.store_id).toBe(temp.id);
    expect((await clockOut(admin, res.body.data.timecard.id)).status).toBe(200);
  });

  it('refuses when the temporary access has expired or not yet begun', async () => {
    const temp = elsewhere[2];
    if (!temp) throw new Error('no store for temporary access');
    await grant(admin, temp.id, '2020-01-01', '2020-01-31');
    await grant(admin, temp.id, day(3), day(10));
    const res = await clockIn(admin, temp.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(hrMessages.notYourStore(temp.name));
    expect(await cardsAt(admin, temp.id)).toHaveLength(0);
  });
});

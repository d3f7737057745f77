import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { formatInZone } from '@portal/contract/hr';
import {
  scheduleMessages,
  type ScheduleCheck,
  type ScheduleCopyResult,
  type ScheduleSaveResult,
  type ScheduleShift,
  type ScheduleWeek,
} from '@portal/contract/hr-schedules';
import type { ShiftTemplate } from '@portal/contract/resources/hr-scheduling';
import { roles } from '../../src/modules/access/schema.ts';
import { userStores } from '../../src/modules/assignments/schema.ts';
import { hrDepartmentRoles, hrTimecards } from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { hrTimeoffRequests, hrTimeoffTypes } from '../../src/modules/timeoff/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T; message: string };

let t: TestApp;
let manager: string;
let employeeToken: string;
let northwind: string;
let companyId: number;
/** Brooklyn Heights (America/New_York) and Magnificent Mile (America/Chicago). */
let storeA: { id: number; name: string; time_zone: string };
let storeB: { id: number; name: string; time_zone: string };
let cashier: number;
let worker: { id: number; email: string };
let other: { id: number; email: string };

const PASSWORD = 'Shifts-Every-Week-7';

async function hire(email: string, first: string, storeId: number) {
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.company_id, companyId), eq(roles.base_role, 'sub_agent_employee')));
  const res = await t.call<Reply<{ id: number }>>('POST', '/api/employees/new', {
    token: manager,
    body: {
      email,
      first_name: first,
      last_name: 'Shiftworker',
      role_id: role?.id,
      password: PASSWORD,
      pay_type: 'hourly',
      current_store: storeId,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, email };
}

async function storeNamed(name: string) {
  const [store] = await t.database.db
    .select({ id: stores.id, name: stores.name, time_zone: stores.time_zone })
    .from(stores)
    .where(and(eq(stores.company_id, companyId), eq(stores.name, name)));
  if (!store) throw new Error(`no store ${name}`);
  return store;
}

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login('manager@demo.example');
  employeeToken = await t.login('employee@demo.example');
  northwind = await t.login('admin@northwind.example');
  const [me] = await t.database.db
    .select({ company_id: users.company_id })
    .from(users)
    .where(eq(users.email, 'manager@demo.example'));
  if (!me) throw new Error('no manager');
  companyId = me.company_id;
  storeA = await storeNamed('Brooklyn Heights');
  storeB = await storeNamed('Magnificent Mile');
  const [role] = await t.database.db
    .select({ id: hrDepartmentRoles.id })
    .from(hrDepartmentRoles)
    .where(and(eq(hrDepartmentRoles.company_id, companyId), eq(hrDepartmentRoles.name, 'Cashier')));
  if (!role) throw new Error('no Cashier role');
  cashier = role.id;
  worker = await hire('shift.worker@demo.example', 'Sasha', storeA.id);
  other = await hire('shift.other@demo.example', 'Olly', storeA.id);
  // Sasha also works at store B: shifts there count against shifts at store A.
  await t.database.db
    .insert(userStores)
    .values({ company_id: companyId, user_id: worker.id, store_id: storeB.id });
});
afterAll(() => t.close());

const week = (token: string, storeId: number, weekStart: string) =>
  t.call<Reply<ScheduleWeek>>(
    'GET',
    `/api/hr-schedules/week?store_id=${storeId}&week_start=${weekStart}`,
    { token },
  );
const save = (body: Record<string, unknown>, token = manager) =>
  t.call<Reply<ScheduleSaveResult>>('POST', '/api/hr-schedules/save', { token, body });
const shift = (userId: number, date: string, start: string, end: string) => ({
  op: 'create',
  user_id: userId,
  date,
  start_time: start,
  end_time: end,
  department_role_id: cashier,
});

describe('shift templates', () => {
  it('creates, lists by store, edits and deletes a template; a night shift may cross midnight', async () => {
    const created = await t.call<Reply<ShiftTemplate>>('POST', '/api/hr-shift-templates', {
      token: manager,
      body: {
        store_id: storeA.id,
        name: 'Night Watch',
        start_time: '22:00',
        end_time: '06:00',
        department_role_id: cashier,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe('Shift template created');
    expect(created.body.data).toMatchObject({
      start_time: '22:00',
      end_time: '06:00',
      is_active: true,
    });
    const id = created.body.data.id;

    const list = await t.call<Reply<{ results: ShiftTemplate[] }>>(
      'GET',
      `/api/hr-shift-templates?filter[store_id]=${storeA.id}&perPage=100`,
      { token: manager },
    );
    expect(list.body.data.results.map((r) => r.name)).toContain('Night Watch');
    expect(list.body.data.results.every((r) => r.store_id === storeA.id)).toBe(true);

    const edited = await t.call<Reply<ShiftTemplate>>('PATCH', `/api/hr-shift-templates/${id}`, {
      token: manager,
      body: { end_time: '07:00', is_active: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      start_time: '22:00',
      end_time: '07:00',
      is_active: false,
    });

    // Another company's admin cannot see it; a user without the permission is refused.
    expect(
      (await t.call('GET', `/api/hr-shift-templates/${id}`, { token: northwind })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/hr-shift-templates', { token: employeeToken })).status).toBe(
      403,
    );

    const removed = await t.call('DELETE', `/api/hr-shift-templates/${id}`, { token: manager });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', `/api/hr-shift-templates/${id}`, { token: manager })).status).toBe(
      404,
    );
  });

  it('refuses a template ending when it starts, a bad time, and a role of another company', async () => {
    const same = await t.call('POST', '/api/hr-shift-templates', {
      token: manager,
      body: { store_id: storeA.id, name: 'Zero', start_time: '09:00', end_time: '09:00' },
    });
    expect(same.status).toBe(400);
    expect(same.body.errors?.end_time).toEqual([scheduleMessages.endEqualsStart]);
    const badTime = await t.call('POST', '/api/hr-shift-templates', {
      token: manager,
      body: { store_id: storeA.id, name: 'Bad', start_time: '9am', end_time: '17:00' },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors?.start_time).toBeDefined();
    const [foreignRole] = await t.database.db
      .select({ id: hrDepartmentRoles.id })
      .from(hrDepartmentRoles)
      .where(and(eq(hrDepartmentRoles.name, 'Cashier')))
      .then((rows) => rows.filter((r) => r.id !== cashier));
    const foreign = await t.call('POST', '/api/hr-shift-templates', {
      token: manager,
      body: {
        store_id: storeA.id,
        name: 'Foreign',
        start_time: '09:00',
        end_time: '17:00',
        department_role_id: foreignRole?.id,
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.department_role_id).toEqual([scheduleMessages.unknownRole]);
  });
});

describe('weekly schedule', () => {
  it('builds a week as drafts, with the store zone deciding the instants, hours and conflicts', async () => {
    // Week of Sunday 2026-12-06; a day shift Monday to Friday and a night shift on Saturday.
    const days = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'];
    const res = await save({
      store_id: storeA.id,
      changes: [
        ...days.map((d) => shift(worker.id, d, '09:00', '17:00')),
        { ...shift(worker.id, '2026-12-12', '22:00', '06:00'), ref: 'night' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(scheduleMessages.saved);
    expect(res.body.data.created).toHaveLength(6);
    const night = res.body.data.created.find((s) => s.date === '2026-12-12');
    // 22:00 EST on the 12th is 03:00Z on the 13th; it ends 06:00 local on the 13th.
    expect(night).toMatchObject({
      shift_start: '2026-12-13T03:00:00.000Z',
      shift_end: '2026-12-13T11:00:00.000Z',
      start_time: '22:00',
      end_time: '06:00',
      hours: 8,
      published_at: null,
    });

    // Any date of the week reads the whole week, Sunday to Saturday.
    const read = await week(manager, storeA.id, '2026-12-09');
    expect(read.status).toBe(200);
    expect(read.body.data.week_start).toBe('2026-12-06');
    expect(read.body.data.days).toEqual([
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
    ]);
    expect(read.body.data.employees.map((e) => e.id)).toEqual(
      expect.arrayContaining([worker.id, other.id]),
    );
    const mine = read.body.data.shifts.filter((s) => s.user_id === worker.id);
    expect(mine).toHaveLength(6);
    expect(mine.reduce((sum, s) => sum + s.hours, 0)).toBe(48);
    expect(read.body.data.conflicts).toEqual([]);
  });

  it('gives the right instants in a daylight-saving week (America/New_York, week of 2026-11-01)', async () => {
    const res = await save({
      store_id: storeA.id,
      changes: [
        shift(other.id, '2026-11-01', '01:00', '09:00'),
        shift(other.id, '2026-11-02', '08:00', '16:00'),
        shift(other.id, '2026-11-07', '23:00', '07:00'),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sunday, monday, saturday] = res.body.data.created;
    // 01:00 EDT is 05:00Z; the clocks fall back at 02:00, so 09:00 EST is 14:00Z: 9 hours worked.
    expect(sunday).toMatchObject({
      shift_start: '2026-11-01T05:00:00.000Z',
      shift_end: '2026-11-01T14:00:00.000Z',
      hours: 9,
    });
    expect(monday).toMatchObject({
      shift_start: '2026-11-02T13:00:00.000Z',
      shift_end: '2026-11-02T21:00:00.000Z',
      hours: 8,
    });
    expect(saturday).toMatchObject({
      shift_start: '2026-11-08T04:00:00.000Z',
      shift_end: '2026-11-08T12:00:00.000Z',
      date: '2026-11-07',
    });
    const read = await week(manager, storeA.id, '2026-11-01');
    expect(read.body.data.shifts.filter((s) => s.user_id === other.id).map((s) => s.date)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-07',
    ]);
  });

  it('flags and refuses an overlap at the same store, before and at save', async () => {
    const overlapping = shift(worker.id, '2026-12-07', '16:00', '20:00');
    const check = await t.call<Reply<ScheduleCheck>>('POST', '/api/hr-schedules/check', {
      token: manager,
      body: { store_id: storeA.id, changes: [{ ...overlapping, ref: 'late' }] },
    });
    expect(check.status).toBe(200);
    expect(check.body.data.conflicts).toEqual([
      expect.objectContaining({
        ref: 'late',
        kind: 'overlap',
        user_id: worker.id,
        other_store_id: storeA.id,
      }),
    ]);
    expect(check.body.data.conflicts[0]?.message).toContain(
      '2026-12-07 09:00-17:00 at Brooklyn Heights',
    );

    const refused = await save({ store_id: storeA.id, changes: [overlapping] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(scheduleMessages.overlaps);
    const after = await week(manager, storeA.id, '2026-12-06');
    expect(
      after.body.data.shifts.filter((s) => s.date === '2026-12-07' && s.user_id === worker.id),
    ).toHaveLength(1);

    // Moving the shift instead (delete and create in one save) is fine.
    const monday = after.body.data.shifts.find(
      (s) => s.date === '2026-12-07' && s.user_id === worker.id,
    );
    const moved = await save({
      store_id: storeA.id,
      changes: [{ ...overlapping, op: 'update', id: monday?.id }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.updated[0]).toMatchObject({
      start_time: '16:00',
      end_time: '20:00',
      hours: 4,
    });
  });

  it('refuses a shift at another store that overlaps one at this store', async () => {
    // 11:00-15:00 Chicago is 12:00-16:00 New York: inside Sasha's Tuesday 09:00-17:00 at store A.
    const refused = await save({
      store_id: storeB.id,
      changes: [shift(worker.id, '2026-12-08', '11:00', '15:00')],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('at Brooklyn Heights');
    const conflicts = (refused.body.data as { conflicts: ScheduleCheck['conflicts'] }).conflicts;
    expect(conflicts[0]).toMatchObject({ kind: 'overlap', other_store_id: storeA.id });
    // 17:00-21:00 Chicago starts at 18:00 New York, after that shift: accepted.
    const fine = await save({
      store_id: storeB.id,
      changes: [shift(worker.id, '2026-12-08', '17:00', '21:00')],
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    // Store A's grid shows the store B shift on Sasha's row (read-only there).
    const read = await week(manager, storeA.id, '2026-12-06');
    expect(
      read.body.data.shifts.some((s) => s.store_id === storeB.id && s.user_id === worker.id),
    ).toBe(true);
  });

  it('copies last week as drafts at the same local times, and skips what is already there', async () => {
    const copied = await t.call<Reply<ScheduleCopyResult>>(
      'POST',
      '/api/hr-schedules/copy-last-week',
      {
        token: manager,
        body: { store_id: storeA.id, week_start: '2026-12-13' },
      },
    );
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body.message).toBe(scheduleMessages.copied);
    expect(copied.body.data.created).toBe(6);
    const next = await week(manager, storeA.id, '2026-12-13');
    // The week also holds last Saturday's night shift, which ends on this Sunday morning.
    expect(
      next.body.data.shifts.some((s) => s.date === '2026-12-12' && s.user_id === worker.id),
    ).toBe(true);
    const sasha = next.body.data.shifts.filter(
      (s) => s.user_id === worker.id && s.store_id === storeA.id && s.date >= '2026-12-13',
    );
    expect(sasha.map((s) => `${s.date} ${s.start_time}-${s.end_time}`)).toEqual([
      '2026-12-14 16:00-20:00',
      '2026-12-15 09:00-17:00',
      '2026-12-16 09:00-17:00',
      '2026-12-17 09:00-17:00',
      '2026-12-18 09:00-17:00',
      '2026-12-19 22:00-06:00',
    ]);
    expect(sasha.every((s) => s.published_at === null)).toBe(true);
    const again = await t.call<Reply<ScheduleCopyResult>>(
      'POST',
      '/api/hr-schedules/copy-last-week',
      {
        token: manager,
        body: { store_id: storeA.id, week_start: '2026-12-13' },
      },
    );
    expect(again.body.data.created).toBe(0);
    expect(again.body.data.skipped).toHaveLength(6);
    expect(again.body.data.skipped[0]?.reason).toBe('Already scheduled at that time');
  });

  it('publishes the week: the clock sees the shift only once published', async () => {
    // A shift running now at store A for Olly (hourly, current store A).
    const now = Date.now();
    const start = formatInZone(new Date(now - 3600_000), storeA.time_zone);
    const end = formatInZone(new Date(now + 2 * 3600_000), storeA.time_zone);
    const created = await save({
      store_id: storeA.id,
      changes: [shift(other.id, start.slice(0, 10), start.slice(11, 16), end.slice(11, 16))],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const shiftId = created.body.data.created[0]?.id;

    const signIn = async () =>
      (
        await t.call<{ scheduleId: number | null; token: string }>('POST', '/api/auth/login', {
          body: { email: other.email, password: PASSWORD },
        })
      ).body;
    const draftLogin = await signIn();
    expect(draftLogin.scheduleId).toBeNull();
    const draftOptions = await t.call<Reply<{ value: number }[]>>(
      'POST',
      '/api/hr-selectlists/schedule-shift',
      {
        token: draftLogin.token,
        body: { store_id: storeA.id },
      },
    );
    expect(draftOptions.body.data).toEqual([]);
    // Employees see published shifts only.
    const today = start.slice(0, 10);
    const myDraft = await t.call<Reply<ScheduleShift[]>>(
      'GET',
      `/api/hr-schedules/mine?from=${today}&to=${end.slice(0, 10)}`,
      { token: draftLogin.token },
    );
    expect(myDraft.body.data).toEqual([]);

    const published = await t.call<Reply<{ published: number }>>(
      'POST',
      '/api/hr-schedules/publish',
      {
        token: manager,
        body: { store_id: storeA.id, week_start: today },
      },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.message).toBe(scheduleMessages.published);
    expect(published.body.data.published).toBeGreaterThanOrEqual(1);
    const nothing = await t.call('POST', '/api/hr-schedules/publish', {
      token: manager,
      body: { store_id: storeA.id, week_start: today },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(scheduleMessages.nothingToPublish);

    const login = await signIn();
    expect(login.scheduleId).toBe(shiftId);
    const options = await t.call<Reply<{ value: number }[]>>(
      'POST',
      '/api/hr-selectlists/schedule-shift',
      {
        token: login.token,
        body: { store_id: storeA.id },
      },
    );
    expect(options.body.data.map((o) => o.value)).toEqual([shiftId]);
    const mine = await t.call<Reply<ScheduleShift[]>>(
      'GET',
      `/api/hr-schedules/mine?from=${today}&to=${end.slice(0, 10)}`,
      { token: login.token },
    );
    expect(mine.body.data.map((s) => s.id)).toEqual([shiftId]);

    const clockIn = await t.call<Reply<{ timecard: { schedule_id: number | null } }>>(
      'POST',
      '/api/hr-web-clockin',
      {
        token: login.token,
        body: { user_id: other.id, store_id: storeA.id, schedule_id: shiftId },
      },
    );
    expect(clockIn.status, JSON.stringify(clockIn.body)).toBe(200);
    expect(clockIn.body.data.timecard.schedule_id).toBe(shiftId);
    // A shift clocked in to keeps the clock's record: it cannot be deleted.
    const refused = await t.call('DELETE', `/api/hr-schedules/${shiftId}`, { token: manager });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(scheduleMessages.clockedIn);
    const reassigned = await save({
      store_id: storeA.id,
      changes: [
        {
          ...shift(worker.id, start.slice(0, 10), start.slice(11, 16), end.slice(11, 16)),
          op: 'update',
          id: shiftId,
        },
      ],
    });
    expect(reassigned.status).toBe(409);
    expect(reassigned.body.message).toBe(scheduleMessages.clockedInReassign);
    await t.database.db
      .update(hrTimecards)
      .set({ clock_out: new Date().toISOString() })
      .where(eq(hrTimecards.user_id, other.id));
  });

  it('warns of approved time off and saves over it only when confirmed', async () => {
    const [type] = await t.database.db
      .insert(hrTimeoffTypes)
      .values({ company_id: companyId, name: 'Schedule Test Leave' })
      .returning({ id: hrTimeoffTypes.id });
    await t.database.db.insert(hrTimeoffRequests).values({
      company_id: companyId,
      user_id: worker.id,
      type_id: type?.id ?? 0,
      start_date: '2026-12-21',
      end_date: '2026-12-22',
      minutes: 960,
      status: 'approved',
    });
    const onLeave = shift(worker.id, '2026-12-22', '09:00', '17:00');
    const check = await t.call<Reply<ScheduleCheck>>('POST', '/api/hr-schedules/check', {
      token: manager,
      body: { store_id: storeA.id, changes: [{ ...onLeave, ref: 'leave' }] },
    });
    expect(check.body.data.conflicts).toEqual([
      expect.objectContaining({ ref: 'leave', kind: 'time_off', date: '2026-12-22' }),
    ]);
    expect(check.body.data.conflicts[0]?.message).toContain('Schedule Test Leave');
    const warned = await save({ store_id: storeA.id, changes: [onLeave] });
    expect(warned.status).toBe(409);
    expect(warned.body.message).toContain(scheduleMessages.timeOffNeedsConfirm);
    expect(warned.body.data).toMatchObject({ requires_confirmation: true });
    const confirmed = await save({
      store_id: storeA.id,
      changes: [onLeave],
      confirm_time_off: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.conflicts[0]).toMatchObject({ kind: 'time_off' });
    // The grid shows the time off and flags the shift on it.
    const read = await week(manager, storeA.id, '2026-12-20');
    expect(read.body.data.time_off).toEqual([
      expect.objectContaining({
        user_id: worker.id,
        start_date: '2026-12-21',
        end_date: '2026-12-22',
      }),
    ]);
    expect(read.body.data.conflicts).toEqual([
      expect.objectContaining({
        ref: `shift-${confirmed.body.data.created[0]?.id}`,
        kind: 'time_off',
      }),
    ]);
  });

  it('deletes a shift (Shift deleted), then 404', async () => {
    const read = await week(manager, storeA.id, '2026-12-13');
    const target = read.body.data.shifts.find((s) => s.user_id === worker.id);
    const removed = await t.call('DELETE', `/api/hr-schedules/${target?.id}`, { token: manager });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(scheduleMessages.deleted);
    expect(
      (await t.call('DELETE', `/api/hr-schedules/${target?.id}`, { token: manager })).status,
    ).toBe(404);
  });

  it('is per company (404), needs the permission (403) and validates with field errors (400)', async () => {
    const read = await week(manager, storeA.id, '2026-12-06');
    const target = read.body.data.shifts[0];
    expect((await week(northwind, storeA.id, '2026-12-06')).status).toBe(404);
    expect(
      (await t.call('DELETE', `/api/hr-schedules/${target?.id}`, { token: northwind })).status,
    ).toBe(404);
    const [northwindStore] = await t.database.db
      .select({ id: stores.id })
      .from(stores)
      .where(ne(stores.company_id, companyId))
      .limit(1);
    // Their own store, but a shift of ours: not found.
    const foreignEdit = await save(
      { store_id: northwindStore?.id, changes: [{ op: 'delete', id: target?.id }] },
      northwind,
    );
    expect(foreignEdit.status).toBe(404);

    expect((await week(employeeToken, storeA.id, '2026-12-06')).status).toBe(403);
    expect(
      (
        await save(
          { store_id: storeA.id, changes: [shift(worker.id, '2026-12-20', '09:00', '17:00')] },
          employeeToken,
        )
      ).status,
    ).toBe(403);

    const bad = await save({
      store_id: storeA.id,
      changes: [{ ...shift(worker.id, '2026-12-20', '09:00', '25:00') }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.['changes.0.end_time']).toBeDefined();
    const same = await save({
      store_id: storeA.id,
      changes: [shift(worker.id, '2026-12-20', '09:00', '09:00')],
    });
    expect(same.status).toBe(400);
    expect(same.body.errors?.['changes.0.end_time']).toEqual([scheduleMessages.endEqualsStart]);
    const [stranger] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@northwind.example'));
    const notHere = await save({
      store_id: storeA.id,
      changes: [shift(stranger?.id ?? 0, '2026-12-20', '09:00', '17:00')],
    });
    expect(notHere.status).toBe(400);
    expect(notHere.body.errors?.['changes.0.user_id']).toEqual([scheduleMessages.notAtStore]);
  });
});

describe('week start day', () => {
  const setWeekStart = async (day: number) => {
    const res = await t.call('POST', '/api/hr-settings-companies', {
      token: manager,
      body: { week_start_day: day },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("follows the company's week_start_day (Monday): read, copy last week and publish", async () => {
    await setWeekStart(1);
    try {
      const drafts = await save({
        store_id: storeA.id,
        changes: [
          // Sunday 2027-02-28 ends the Monday week of 2027-02-22.
          shift(worker.id, '2027-02-28', '09:00', '17:00'),
          shift(worker.id, '2027-03-01', '09:00', '17:00'),
          shift(worker.id, '2027-03-07', '09:00', '17:00'),
        ],
      });
      expect(drafts.status, JSON.stringify(drafts.body)).toBe(200);

      // A Sunday belongs to the week that began the Monday before.
      const read = await week(manager, storeA.id, '2027-03-07');
      expect(read.status).toBe(200);
      expect(read.body.data.week_start).toBe('2027-03-01');
      expect(read.body.data.days).toEqual([
        '2027-03-01',
        '2027-03-02',
        '2027-03-03',
        '2027-03-04',
        '2027-03-05',
        '2027-03-06',
        '2027-03-07',
      ]);
      const dates = (w: ScheduleWeek) =>
        w.shifts
          .filter((s) => s.user_id === worker.id && s.store_id === storeA.id)
          .map((s) => s.date)
          .sort();
      expect(dates(read.body.data)).toEqual(['2027-03-01', '2027-03-07']);

      // Copy into the week holding Wednesday 2027-03-10: Monday 03-08 to Sunday 03-14.
      const copied = await t.call<Reply<ScheduleCopyResult>>(
        'POST',
        '/api/hr-schedules/copy-last-week',
        { token: manager, body: { store_id: storeA.id, week_start: '2027-03-10' } },
      );
      expect(copied.status, JSON.stringify(copied.body)).toBe(200);
      expect(copied.body.data).toEqual({ created: 2, skipped: [] });
      const next = await week(manager, storeA.id, '2027-03-08');
      expect(next.body.data.week_start).toBe('2027-03-08');
      expect(dates(next.body.data)).toEqual(['2027-03-08', '2027-03-14']);

      // Publishing from its Sunday publishes that Monday week only.
      const published = await t.call<Reply<{ published: number }>>(
        'POST',
        '/api/hr-schedules/publish',
        { token: manager, body: { store_id: storeA.id, week_start: '2027-03-14' } },
      );
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body.data.published).toBe(2);
      const after = await week(manager, storeA.id, '2027-03-14');
      expect(
        after.body.data.shifts
          .filter((s) => s.user_id === worker.id)
          .every((s) => s.published_at !== null),
      ).toBe(true);
      const before = await week(manager, storeA.id, '2027-03-01');
      expect(
        before.body.data.shifts
          .filter((s) => s.user_id === worker.id)
          .every((s) => s.published_at === null),
      ).toBe(true);
    } finally {
      await setWeekStart(0);
    }
    // Back to the default: the same Sunday starts its own week.
    expect((await week(manager, storeA.id, '2027-03-07')).body.data.week_start).toBe('2027-03-07');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type {
  AuditEntry,
  Correction,
  EmployeeTimesheet,
  PayrollRow,
  TimesheetResult,
} from '@portal/contract/hr-timesheets';
import {
  hrBreakSettings,
  hrEmployeeDetails,
  hrSchedules,
  hrTimecardBreaks,
  hrTimecards,
} from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { hrTimesheetCorrections } from '../../src/modules/timesheets/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { openEventStream } from '../support/event-stream.ts';

type Reply<T> = { data: T };
let t: TestApp;
let employee: Person;
let manager: Person;
let northwind: Person;
let storeId: number;
let lunchSetting: number;
const FROM = '2026-09-01';
const TO = '2026-09-30';

const person = (email: string) => signInPerson(t, email);

const openStream = (token: string) => openEventStream(t.baseUrl, token);

/** A closed timecard written straight into the table, as the clock would have left it. */
async function timecard(
  who: Person,
  clockIn: string,
  clockOut: string,
  breaks: { start: string; end: string; paid: boolean }[] = [],
  extra: Partial<typeof hrTimecards.$inferInsert> = {},
) {
  const [card] = await t.database.db
    .insert(hrTimecards)
    .values({
      company_id: who.companyId,
      user_id: who.id,
      store_id: storeId,
      clock_in: clockIn,
      clock_out: clockOut,
      time_zone: 'America/New_York',
      ...extra,
    })
    .returning({ id: hrTimecards.id });
  if (!card) throw new Error('no timecard');
  for (const b of breaks)
    await t.database.db.insert(hrTimecardBreaks).values({
      company_id: who.companyId,
      timecard_id: card.id,
      user_id: who.id,
      break_setting_id: lunchSetting,
      short_description: b.paid ? 'Coffee Break' : 'Lunch Break',
      duration: 30,
      is_paid: b.paid,
      is_mandatory: !b.paid,
      break_start: b.start,
      break_end: b.end,
    });
  return card.id;
}

const sheet = async (who: Person, query = `from=${FROM}&to=${TO}`) =>
  t.call<Reply<TimesheetResult>>('GET', `/api/hr-timesheets?${query}`, { token: who.token });
const mine = async (who: Person): Promise<EmployeeTimesheet | undefined> =>
  (await sheet(manager, `from=${FROM}&to=${TO}&user_ids=${who.id}`)).body.data.employees[0];
const readCard = async (id: number) => {
  const [card] = await t.database.db.select().from(hrTimecards).where(eq(hrTimecards.id, id));
  if (!card) throw new Error('no card');
  return card;
};

beforeAll(async () => {
  t = await startTestApp();
  employee = await person('employee@demo.example');
  manager = await person('manager@demo.example');
  northwind = await person('admin@northwind.example');
  const [store] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, employee.companyId))
    .orderBy(stores.id);
  if (!store) throw new Error('no store');
  storeId = store.id;
  const [lunch] = await t.database.db
    .select({ id: hrBreakSettings.id })
    .from(hrBreakSettings)
    .where(
      and(
        eq(hrBreakSettings.store_id, storeId),
        eq(hrBreakSettings.short_description, 'Lunch Break'),
      ),
    );
  if (!lunch) throw new Error('no lunch setting');
  lunchSetting = lunch.id;
  // New York is UTC-4 in September: 13:00Z is 09:00 local.
  await timecard(employee, '2026-09-01T13:00:00Z', '2026-09-01T21:30:00Z', [
    { start: '2026-09-01T16:00:00Z', end: '2026-09-01T16:30:00Z', paid: false },
    { start: '2026-09-01T19:00:00Z', end: '2026-09-01T19:15:00Z', paid: true },
  ]);
  await timecard(employee, '2026-09-02T13:00:00Z', '2026-09-02T23:00:00Z');
  // Crosses local midnight: 22:00 Sep 3 to 03:00 Sep 4 local, counted on Sep 3.
  await timecard(employee, '2026-09-04T02:00:00Z', '2026-09-04T07:00:00Z');
});
afterAll(() => t.close());

describe('timesheets', () => {
  it("equals the clock's records: worked = clock span minus unpaid breaks, split into regular and overtime", async () => {
    const result = await mine(employee);
    if (!result) throw new Error('no timesheet');
    const spans = await t.database.db.execute(sql`
      select coalesce(sum(extract(epoch from clock_out - clock_in)), 0) / 60 as span,
        coalesce((select sum(extract(epoch from b.break_end - b.break_start)) / 60
          from ${hrTimecardBreaks} b join ${hrTimecards} c on c.company_id = b.company_id and c.id = b.timecard_id
          where c.user_id = ${employee.id} and not b.is_paid and c.clock_in >= ${FROM}::date
            and c.clock_in < ${TO}::date + 1), 0) as unpaid
      from ${hrTimecards} where user_id = ${employee.id} and clock_out is not null
        and clock_in >= ${FROM}::date and clock_in < ${TO}::date + 1`);
    const row = (spans as unknown as { rows: { span: string; unpaid: string }[] }).rows[0];
    const expected = Number(row?.span) - Number(row?.unpaid);
    expect(result.totals.worked_minutes).toBe(expected);
    expect(result.totals.worked_minutes).toBe(480 + 600 + 300);
    expect(result.totals.regular_minutes + result.totals.overtime_minutes).toBe(
      result.totals.worked_minutes,
    );
    // 8 h daily threshold by default: Sep 2 has 2 h of overtime.
    expect(result.totals.overtime_minutes).toBe(120);
    expect(result.totals.paid_break_minutes).toBe(15);
    expect(result.totals.unpaid_break_minutes).toBe(30);
    expect(result.days.map((d) => d.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-03']);
  });

  it('uses the overtime thresholds of the HR settings', async () => {
    const put = await t.call('POST', '/api/hr-settings-companies', {
      token: manager.token,
      body: { overtime_daily_minutes: 0, overtime_weekly_minutes: 1200 },
    });
    expect(put.status).toBe(200);
    const result = await mine(employee);
    // Weekly 20 h: 23 h worked in the week of Sunday Aug 30, so 3 h overtime.
    expect(result?.totals.overtime_minutes).toBe(180);
    await t.call('POST', '/api/hr-settings-companies', {
      token: manager.token,
      body: { overtime_daily_minutes: 480, overtime_weekly_minutes: 2400 },
    });
  });

  it('counts late arrivals and missed published shifts; draft shifts are not the plan', async () => {
    const shift = async (start: string, end: string, published: boolean) => {
      const [row] = await t.database.db
        .insert(hrSchedules)
        .values({
          company_id: employee.companyId,
          user_id: employee.id,
          store_id: storeId,
          shift_start: start,
          shift_end: end,
          published_at: published ? '2026-09-01T00:00:00Z' : null,
        })
        .returning({ id: hrSchedules.id });
      return row?.id ?? 0;
    };
    await shift('2026-09-20T13:00:00Z', '2026-09-20T21:00:00Z', true);
    await shift('2026-09-21T13:00:00Z', '2026-09-21T21:00:00Z', false);
    const planned = await shift('2026-09-22T13:00:00Z', '2026-09-22T21:00:00Z', true);
    await timecard(employee, '2026-09-22T13:12:00Z', '2026-09-22T21:00:00Z', [], {
      schedule_id: planned,
    });
    const days = (await mine(employee))?.days ?? [];
    const day = (date: string) => days.find((d) => d.date === date);
    expect(day('2026-09-20')).toMatchObject({ missed_punches: 1, scheduled_minutes: 480 });
    expect(day('2026-09-21')).toBeUndefined();
    expect(day('2026-09-22')).toMatchObject({ late_minutes: 12, missed_punches: 0 });
    const late = await t.call<Reply<Record<string, string | number>[]>>(
      'GET',
      '/api/hr-reports/late?from=2026-09-22&to=2026-09-22',
      { token: manager.token },
    );
    expect(late.body.data).toEqual([
      expect.objectContaining({
        date: '2026-09-22',
        shift_start: '09:00',
        clock_in: '09:12',
        late_minutes: 12,
      }),
    ]);
  });

  it('lists the staff with no hours in the range, with zeros', async () => {
    const res = await sheet(manager, 'from=2030-01-07&to=2030-01-13');
    expect(res.status).toBe(200);
    const staff = res.body.data.employees;
    // The demo's staff with an HR record: nobody worked in 2030, everyone is listed.
    expect(staff.map((e) => e.user_id)).toContain(employee.id);
    for (const row of staff) {
      expect(row.days).toEqual([]);
      expect(row.totals.worked_minutes).toBe(0);
    }
    expect(res.body.data.totals.worked_minutes).toBe(0);
  });

  it('shows employees only their own timesheet', async () => {
    const own = await sheet(employee);
    expect(own.status).toBe(200);
    expect(own.body.data.employees.map((e) => e.user_id)).toEqual([employee.id]);
    const other = await t.call(
      'GET',
      `/api/hr-timesheets/details?user_id=${manager.id}&from=${FROM}&to=${TO}`,
      {
        token: employee.token,
      },
    );
    expect(other.status).toBe(403);
  });

  it('refuses bad ranges with 400 and another company with 404', async () => {
    const reversed = await sheet(manager, 'from=2026-09-30&to=2026-09-01');
    expect(reversed.status).toBe(400);
    expect((await sheet(manager, 'from=2026-13-01&to=2026-09-01')).status).toBe(400);
    const details = await t.call(
      'GET',
      `/api/hr-timesheets/details?user_id=${employee.id}&from=${FROM}&to=${TO}`,
      { token: northwind.token },
    );
    expect(details.status).toBe(404);
    const theirs = await sheet(northwind);
    expect(theirs.body.data.employees.map((e) => e.user_id)).not.toContain(employee.id);
  });
});

describe('corrections', () => {
  it('approving applies the change in one go and keeps an audit row with before and after', async () => {
    const id = await timecard(employee, '2026-09-10T13:00:00Z', '2026-09-10T20:00:00Z');
    const bad = await t.call('POST', '/api/hr-timesheet-corrections', {
      token: employee.token,
      body: { timecard_id: id, requested_end: '2026-09-10T12:00:00Z', reason: 'forgot' },
    });
    expect(bad.status).toBe(400);
    const noReason = await t.call('POST', '/api/hr-timesheet-corrections', {
      token: employee.token,
      body: { timecard_id: id, requested_end: '2026-09-10T21:00:00Z' },
    });
    expect(noReason.status).toBe(400);
    const asked = await t.call<Reply<{ id: number }>>('POST', '/api/hr-timesheet-corrections', {
      token: employee.token,
      body: { timecard_id: id, requested_end: '2026-09-10T21:00:00Z', reason: 'Closed the till' },
    });
    expect(asked.status).toBe(200);
    expect((await readCard(id)).edit_request_sent).toBe(true);
    const again = await t.call('POST', '/api/hr-timesheet-corrections', {
      token: employee.token,
      body: { timecard_id: id, requested_end: '2026-09-10T22:00:00Z', reason: 'again' },
    });
    expect(again.status).toBe(409);

    const queue = await t.call<Reply<Correction[]>>(
      'GET',
      '/api/hr-timesheet-corrections?status=pending',
      {
        token: manager.token,
      },
    );
    const entry = queue.body.data.find((c) => c.id === asked.body.data.id);
    expect(entry).toMatchObject({ timecard_id: id, requested_end: '2026-09-10T21:00:00.000Z' });

    // The employee cannot decide it; another company cannot even see it.
    expect(
      (
        await t.call('POST', `/api/hr-timesheet-corrections/${asked.body.data.id}/approve`, {
          token: employee.token,
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('POST', `/api/hr-timesheet-corrections/${asked.body.data.id}/approve`, {
          token: northwind.token,
          body: {},
        })
      ).status,
    ).toBe(404);

    const approved = await t.call(
      'POST',
      `/api/hr-timesheet-corrections/${asked.body.data.id}/approve`,
      {
        token: manager.token,
        body: {},
      },
    );
    expect(approved.status).toBe(200);
    const card = await readCard(id);
    expect(card.clock_out).toBe('2026-09-10T21:00:00.000Z');
    expect(card.edit_request_sent).toBe(false);

    const details = await t.call<Reply<{ audit: AuditEntry[]; corrections: Correction[] }>>(
      'GET',
      `/api/hr-timesheets/details?user_id=${employee.id}&from=2026-09-10&to=2026-09-10`,
      { token: employee.token },
    );
    expect(details.status).toBe(200);
    const [audit] = details.body.data.audit;
    expect(audit).toMatchObject({
      timecard_id: id,
      entity: 'timecard',
      action: 'correction_approved',
      changed_by: manager.id,
      before: { clock_out: '2026-09-10T20:00:00.000Z' },
      after: { clock_out: '2026-09-10T21:00:00.000Z' },
    });
    expect(details.body.data.corrections[0]?.status).toBe('approved');
    const day = (await mine(employee))?.days.find((d) => d.date === '2026-09-10');
    expect(day?.worked_minutes).toBe(480);
    // Deciding twice is refused.
    const twice = await t.call(
      'POST',
      `/api/hr-timesheet-corrections/${asked.body.data.id}/reject`,
      {
        token: manager.token,
        body: { reason: 'no' },
      },
    );
    expect(twice.status).toBe(409);
  });

  it('rejecting keeps the timecard unchanged and records the reason', async () => {
    const id = await timecard(employee, '2026-09-11T13:00:00Z', '2026-09-11T20:00:00Z');
    const asked = await t.call<Reply<{ id: number }>>('POST', '/api/hr-timesheet-corrections', {
      token: employee.token,
      body: { timecard_id: id, requested_start: '2026-09-11T12:00:00Z', reason: 'Early delivery' },
    });
    expect(asked.status).toBe(200);
    const noReason = await t.call(
      'POST',
      `/api/hr-timesheet-corrections/${asked.body.data.id}/reject`,
      {
        token: manager.token,
        body: {},
      },
    );
    expect(noReason.status).toBe(400);
    const rejected = await t.call(
      'POST',
      `/api/hr-timesheet-corrections/${asked.body.data.id}/reject`,
      {
        token: manager.token,
        body: { reason: 'No delivery that day' },
      },
    );
    expect(rejected.status).toBe(200);
    const card = await readCard(id);
    expect(card.clock_in).toBe('2026-09-11T13:00:00.000Z');
    expect(card.edit_request_sent).toBe(false);
    const list = await t.call<Reply<Correction[]>>(
      'GET',
      `/api/hr-timesheet-corrections?user_id=${employee.id}`,
      {
        token: employee.token,
      },
    );
    expect(list.body.data.find((c) => c.id === asked.body.data.id)).toMatchObject({
      status: 'rejected',
      decision_reason: 'No delivery that day',
    });
  });

  it("lets the employee's supervisor decide, and refuses anyone else without write_hr_timesheets", async () => {
    const supervisor = await person('warehouse@demo.example');
    const stranger = await person('callcenter@demo.example');
    await t.database.db
      .update(hrEmployeeDetails)
      .set({ supervisor_id: supervisor.id })
      .where(eq(hrEmployeeDetails.user_id, employee.id));
    const id = await timecard(employee, '2026-09-15T13:00:00Z', '2026-09-15T20:00:00Z');
    const asked = await t.call<Reply<{ id: number }>>('POST', '/api/hr-timesheet-corrections', {
      token: employee.token,
      body: { timecard_id: id, requested_end: '2026-09-15T20:30:00Z', reason: 'Cash count' },
    });
    expect(asked.status).toBe(200);
    const path = `/api/hr-timesheet-corrections/${asked.body.data.id}/approve`;
    const refused = await t.call('POST', path, { token: stranger.token, body: {} });
    expect(refused.status).toBe(403);
    // The supervisor sees the team's request in the queue and approves it.
    const queue = await t.call<Reply<Correction[]>>(
      'GET',
      '/api/hr-timesheet-corrections?status=pending',
      { token: supervisor.token },
    );
    expect(queue.body.data.map((c) => c.id)).toContain(asked.body.data.id);
    expect((await t.call('POST', path, { token: supervisor.token, body: {} })).status).toBe(200);
    expect((await readCard(id)).clock_out).toBe('2026-09-15T20:30:00.000Z');
    await t.database.db
      .update(hrEmployeeDetails)
      .set({ supervisor_id: null })
      .where(eq(hrEmployeeDetails.user_id, employee.id));
  });

  it("queues the auto clock-out's real end time and clears the flag when approved", async () => {
    const id = await timecard(employee, '2026-09-12T13:00:00Z', '2026-09-13T05:00:00Z', [], {
      auto_clocked_out: true,
      not_corrected: true,
    });
    expect((await mine(employee))?.days.find((d) => d.date === '2026-09-12')?.missed_punches).toBe(
      1,
    );
    const stream = await openStream(manager.token);
    try {
      const sent = await t.call('POST', '/api/hr-timecards/correction-request', {
        token: employee.token,
        body: { timecard_id: id, clock_out: '2026-09-12T21:00:00Z', user_comment: 'Left at 5' },
      });
      expect(sent.status).toBe(200);
      // The request itself queues the correction (no list has been read yet) and tells the manager.
      const [queued] = await t.database.db
        .select()
        .from(hrTimesheetCorrections)
        .where(eq(hrTimesheetCorrections.timecard_id, id));
      expect(queued).toMatchObject({
        status: 'pending',
        source: 'auto_clockout',
        user_id: employee.id,
        requested_end: '2026-09-12T21:00:00.000Z',
        reason: 'Left at 5',
      });
      const seen = await stream.waitFor(
        (e) => e.type === 'timesheet.correction_requested' && e.data.correction_id === queued?.id,
      );
      expect(seen?.data).toMatchObject({ user_id: employee.id });
    } finally {
      stream.close();
    }
    const queue = await t.call<Reply<Correction[]>>(
      'GET',
      '/api/hr-timesheet-corrections?status=pending',
      {
        token: manager.token,
      },
    );
    const entry = queue.body.data.find((c) => c.timecard_id === id);
    expect(entry).toMatchObject({
      source: 'auto_clockout',
      requested_end: '2026-09-12T21:00:00.000Z',
    });
    const approved = await t.call('POST', `/api/hr-timesheet-corrections/${entry?.id}/approve`, {
      token: manager.token,
      body: {},
    });
    expect(approved.status).toBe(200);
    const card = await readCard(id);
    expect(card).toMatchObject({ clock_out: '2026-09-12T21:00:00.000Z', not_corrected: false });
    const day = (await mine(employee))?.days.find((d) => d.date === '2026-09-12');
    expect(day).toMatchObject({ worked_minutes: 480, missed_punches: 0 });
  });

  it('lets a manager edit a break, audited; employees get 403', async () => {
    const id = await timecard(employee, '2026-09-14T13:00:00Z', '2026-09-14T21:00:00Z', [
      { start: '2026-09-14T16:00:00Z', end: '2026-09-14T17:00:00Z', paid: false },
    ]);
    const [b] = await t.database.db
      .select({ id: hrTimecardBreaks.id })
      .from(hrTimecardBreaks)
      .where(eq(hrTimecardBreaks.timecard_id, id));
    const body = { break_end: '2026-09-14T16:30:00Z', reason: 'Came back early' };
    expect(
      (await t.call('PATCH', `/api/hr-timesheets/breaks/${b?.id}`, { token: employee.token, body }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.call('PATCH', `/api/hr-timesheets/breaks/${b?.id}`, {
          token: northwind.token,
          body,
        })
      ).status,
    ).toBe(404);
    const edited = await t.call('PATCH', `/api/hr-timesheets/breaks/${b?.id}`, {
      token: manager.token,
      body,
    });
    expect(edited.status).toBe(200);
    const day = (await mine(employee))?.days.find((d) => d.date === '2026-09-14');
    expect(day).toMatchObject({ worked_minutes: 450, unpaid_break_minutes: 30 });
    const details = await t.call<Reply<{ audit: AuditEntry[] }>>(
      'GET',
      `/api/hr-timesheets/details?user_id=${employee.id}&from=2026-09-14&to=2026-09-14`,
      { token: manager.token },
    );
    expect(details.body.data.audit[0]).toMatchObject({
      entity: 'break',
      action: 'manager_edit',
      before: { break_end: '2026-09-14T17:00:00.000Z' },
      after: { break_end: '2026-09-14T16:30:00.000Z' },
      reason: 'Came back early',
    });
  });
});

describe('reports', () => {
  it('sums hours by employee and store, and the payroll rows match the timesheet', async () => {
    const byEmployee = await t.call<Reply<Record<string, string | number>[]>>(
      'GET',
      `/api/hr-reports/hours?from=${FROM}&to=${TO}&group=employee`,
      { token: manager.token },
    );
    expect(byEmployee.status).toBe(200);
    const total = (await mine(employee))?.totals;
    const row = byEmployee.body.data.find((r) => r.key === String(employee.id));
    expect(row?.worked_minutes).toBe(total?.worked_minutes);
    const byStore = await t.call<Reply<Record<string, string | number>[]>>(
      'GET',
      `/api/hr-reports/hours?from=${FROM}&to=${TO}&group=store`,
      { token: manager.token },
    );
    const storeRow = byStore.body.data.find((r) => r.key === `s${storeId}`);
    expect(Number(storeRow?.worked_minutes)).toBeGreaterThanOrEqual(total?.worked_minutes ?? 0);
    const payroll = await t.call<Reply<PayrollRow[]>>(
      'GET',
      `/api/hr-reports/payroll?from=${FROM}&to=${TO}`,
      { token: manager.token },
    );
    const pay = payroll.body.data.find((r) => r.user_id === employee.id);
    expect(pay?.regular_hours).toBeCloseTo((total?.regular_minutes ?? 0) / 60, 2);
    expect(pay?.overtime_hours).toBeCloseTo((total?.overtime_minutes ?? 0) / 60, 2);
    expect(pay?.paid_break_hours).toBeCloseTo(0.25, 2);
  });

  it('refuses employees (403) and bad ranges (400)', async () => {
    expect(
      (
        await t.call('GET', `/api/hr-reports/overtime?from=${FROM}&to=${TO}`, {
          token: employee.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/hr-reports/late?from=${TO}&to=${FROM}`, { token: manager.token }))
        .status,
    ).toBe(400);
    const overtime = await t.call<Reply<Record<string, string | number>[]>>(
      'GET',
      `/api/hr-reports/overtime?from=${FROM}&to=${TO}`,
      { token: manager.token },
    );
    expect(
      overtime.body.data.some((r) => r.date === '2026-09-02' && r.overtime_minutes === 120),
    ).toBe(true);
  });
});

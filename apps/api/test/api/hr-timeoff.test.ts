import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  LeavesReportRow,
  TimeoffBalance,
  TimeoffRequest,
  TimeoffRequestDetail,
  TimeoffType,
} from '@portal/contract/hr-timeoff';
import { hrEmployeeDetails } from '../../src/modules/hr/schema.ts';
import { listApprovedTimeOff } from '../../src/modules/timeoff/services.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
type List<T> = Reply<{ results: T[]; total: number }>;
let t: TestApp;
let employee: Person;
let manager: Person;
let warehouse: Person;
let agent: Person;
let northwind: Person;
let vacationId: number;
let sickId: number;
/** Next year: clear of the demo's pending request and this year's demo allowance. */
const year = new Date().getUTCFullYear() + 1;
const day = (monthDay: string) => `${year}-${monthDay}`;

const person = (email: string) => signInPerson(t, email);

const request = (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<TimeoffRequestDetail>>('POST', '/api/hr-timeoff/requests', {
    token: who.token,
    body,
  });
const decide = (who: Person, id: number, action: string, reason?: string) =>
  t.call<Reply<TimeoffRequestDetail>>('POST', `/api/hr-timeoff/requests/${id}/${action}`, {
    token: who.token,
    body: reason === undefined ? {} : { reason },
  });
const balanceOf = async (who: Person, typeId: number, forUser?: number) => {
  const query = `year=${year}${forUser ? `&user_id=${forUser}` : ''}`;
  const res = await t.call<List<TimeoffBalance>>('GET', `/api/hr-timeoff/balances?${query}`, {
    token: who.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const balance = res.body.data.results.find((b) => b.type_id === typeId);
  if (!balance) throw new Error(`no balance of type ${typeId}`);
  return balance;
};

beforeAll(async () => {
  t = await startTestApp();
  employee = await person('employee@demo.example');
  manager = await person('manager@demo.example');
  warehouse = await person('warehouse@demo.example');
  agent = await person('agent@demo.example');
  northwind = await person('admin@northwind.example');
  const types = await t.call<List<TimeoffType>>('GET', '/api/hr-timeoff/types', {
    token: employee.token,
  });
  const find = (name: string) => {
    const type = types.body.data.results.find((x) => x.name === name);
    if (!type) throw new Error(`no ${name} type`);
    return type;
  };
  vacationId = find('Vacation').id;
  sickId = find('Sick').id;
  expect(find('Vacation')).toMatchObject({ is_paid: true, yearly_allowance_hours: 80 });
  expect(find('Unpaid')).toMatchObject({ is_paid: false, yearly_allowance_hours: null });
});
afterAll(() => t.close());

describe('time off requests', () => {
  it('seeds the demo employee reporting to the demo manager, with a pending request', async () => {
    const [details] = await t.database.db
      .select({ supervisor_id: hrEmployeeDetails.supervisor_id })
      .from(hrEmployeeDetails)
      .where(eq(hrEmployeeDetails.user_id, employee.id));
    expect(details?.supervisor_id).toBe(manager.id);
    const team = await t.call<List<TimeoffRequest>>(
      'GET',
      '/api/hr-timeoff/requests?scope=team&status=pending',
      { token: manager.token },
    );
    expect(team.body.data.results.some((r) => r.user_id === employee.id && r.can_decide)).toBe(
      true,
    );
  });

  let firstId = 0;
  it('requests whole days: pending, counted in hours, shown as pending on the balance', async () => {
    const res = await request(employee, {
      type_id: vacationId,
      start_date: day('03-02'),
      end_date: day('03-04'),
      notes: 'Spring break',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Time off requested' });
    expect(res.body.data).toMatchObject({
      status: 'pending',
      hours: 24,
      partial_day: false,
      type_name: 'Vacation',
      can_cancel: true,
      can_decide: false,
    });
    expect(res.body.data.history).toHaveLength(1);
    firstId = res.body.data.id;
    expect(await balanceOf(employee, vacationId)).toMatchObject({
      allowance: 80,
      approved: 0,
      pending: 24,
      remaining: 80,
      available: 56,
    });
  });

  it('refuses a request overlapping another pending or approved one (409)', async () => {
    const res = await request(employee, {
      type_id: sickId,
      start_date: day('03-04'),
      end_date: day('03-05'),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `You already have time off requested from ${day('03-02')} to ${day('03-04')}`,
    );
  });

  it('refuses a request larger than what is available (allowance - approved - pending)', async () => {
    const res = await request(employee, {
      type_id: vacationId,
      start_date: day('04-01'),
      end_date: day('04-08'),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This request is more than your Vacation balance (56 hours available)',
    );
    expect(res.body.errors?.end_date).toBeDefined();
  });

  it('lets only the supervisor or an HR approver decide (403 for others and for oneself)', async () => {
    const other = await decide(warehouse, firstId, 'approve');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      "Only the employee's supervisor or an HR approver can decide this request",
    );
    const own = await decide(employee, firstId, 'approve');
    expect(own.status).toBe(403);
    const seen = await t.call('GET', `/api/hr-timeoff/requests/${firstId}`, {
      token: warehouse.token,
    });
    expect(seen.status).toBe(403);
  });

  it('the supervisor approves; the balance moves from pending to approved', async () => {
    const res = await decide(manager, firstId, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Time off approved');
    expect(res.body.data).toMatchObject({
      status: 'approved',
      decided_by: manager.id,
      decided_by_name: 'Mina Manager',
    });
    expect(res.body.data.decided_at).toBeTruthy();
    expect(res.body.data.history.map((h) => [h.action, h.actor_id])).toEqual([
      ['requested', employee.id],
      ['approved', manager.id],
    ]);
    expect(await balanceOf(employee, vacationId)).toMatchObject({
      allowance: 80,
      approved: 24,
      pending: 0,
      remaining: 56,
      available: 56,
    });
    // The manager reads the employee's balance too (supervisor).
    expect(await balanceOf(manager, vacationId, employee.id)).toMatchObject({ approved: 24 });
  });

  it('a decided request cannot be decided again (409)', async () => {
    const again = await decide(manager, firstId, 'reject', 'changed my mind');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request is already approved');
  });

  it('part of a day: a rejection needs a reason, which is kept', async () => {
    const res = await request(employee, {
      type_id: sickId,
      start_date: day('06-01'),
      end_date: day('06-01'),
      hours: 3.5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ hours: 3.5, partial_day: true });
    const id = res.body.data.id;
    expect((await balanceOf(employee, sickId)).pending).toBe(3.5);

    const noReason = await decide(manager, id, 'reject');
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.reason).toEqual(['Give a reason for rejecting']);

    const rejected = await decide(agent, id, 'reject', 'Inventory count that day');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decision_reason: 'Inventory count that day',
      decided_by: agent.id,
    });
    expect(rejected.body.data.history.at(-1)).toMatchObject({
      action: 'rejected',
      reason: 'Inventory count that day',
    });
    expect(await balanceOf(employee, sickId)).toMatchObject({ pending: 0, approved: 0 });
  });

  it('the employee cancels a pending request; nobody else can', async () => {
    const res = await request(employee, {
      type_id: vacationId,
      start_date: day('07-01'),
      end_date: day('07-01'),
    });
    const id = res.body.data.id;
    const byManager = await decide(manager, id, 'cancel');
    expect(byManager.status).toBe(403);
    const cancelled = await decide(employee, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await balanceOf(employee, vacationId)).pending).toBe(0);
    const approveCancelled = await decide(manager, id, 'approve');
    expect(approveCancelled.status).toBe(409);
  });

  it('validates input (400 with field errors)', async () => {
    const backwards = await request(employee, {
      type_id: vacationId,
      start_date: day('09-10'),
      end_date: day('09-01'),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.end_date).toBeDefined();
    const notADate = await request(employee, {
      type_id: vacationId,
      start_date: 'tomorrow',
      end_date: day('09-01'),
    });
    expect(notADate.status).toBe(400);
    const partialOverDays = await request(employee, {
      type_id: vacationId,
      start_date: day('09-01'),
      end_date: day('09-02'),
      hours: 4,
    });
    expect(partialOverDays.status).toBe(400);
    expect(partialOverDays.body.errors?.hours).toBeDefined();
    const unknownType = await request(employee, {
      type_id: 999999,
      start_date: day('09-01'),
      end_date: day('09-01'),
    });
    expect(unknownType.status).toBe(400);
  });

  it('another company sees none of it (404), and its requests are its own', async () => {
    const read = await t.call('GET', `/api/hr-timeoff/requests/${firstId}`, {
      token: northwind.token,
    });
    expect(read.status).toBe(404);
    const approve = await decide(northwind, firstId, 'approve');
    expect(approve.status).toBe(404);
    const balance = await t.call(
      'GET',
      `/api/hr-timeoff/balances?user_id=${employee.id}&year=${year}`,
      { token: northwind.token },
    );
    expect(balance.status).toBe(404);
    const all = await t.call<List<TimeoffRequest>>('GET', '/api/hr-timeoff/requests?scope=all', {
      token: northwind.token,
    });
    expect(all.body.data.results.some((r) => r.id === firstId)).toBe(false);
    // A type of the other company cannot be requested here.
    const types = await t.call<List<TimeoffType>>('GET', '/api/hr-timeoff/types', {
      token: northwind.token,
    });
    const theirs = types.body.data.results[0];
    if (!theirs) throw new Error('northwind has no types');
    const foreign = await request(employee, {
      type_id: theirs.id,
      start_date: day('10-01'),
      end_date: day('10-01'),
    });
    expect(foreign.status).toBe(400);
  });

  it('an allowance set for the employee changes what is available', async () => {
    const set = await t.call<List<TimeoffBalance>>('PUT', '/api/hr-timeoff/allowances', {
      token: agent.token,
      body: { user_id: employee.id, type_id: vacationId, year, hours: 100 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.results.find((b) => b.type_id === vacationId)).toMatchObject({
      allowance: 100,
      approved: 24,
      available: 76,
    });
    const denied = await t.call('PUT', '/api/hr-timeoff/allowances', {
      token: manager.token,
      body: { user_id: employee.id, type_id: vacationId, year, hours: 500 },
    });
    expect(denied.status).toBe(403);
  });

  it("HR approvers manage the company's types; a deactivated type is not offered", async () => {
    const created = await t.call<Reply<TimeoffType>>('POST', '/api/hr-timeoff/types', {
      token: agent.token,
      body: { name: 'Bereavement', is_paid: true, yearly_allowance_hours: 24 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Bereavement', yearly_allowance_hours: 24 });
    const duplicate = await t.call('POST', '/api/hr-timeoff/types', {
      token: agent.token,
      body: { name: 'bereavement' },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors?.name).toBeDefined();
    const byEmployee = await t.call('POST', '/api/hr-timeoff/types', {
      token: employee.token,
      body: { name: 'Beach days' },
    });
    expect(byEmployee.status).toBe(403);
    const foreign = await t.call('PATCH', `/api/hr-timeoff/types/${created.body.data.id}`, {
      token: northwind.token,
      body: { name: 'Stolen' },
    });
    expect(foreign.status).toBe(404);
    const off = await t.call<Reply<TimeoffType>>(
      'PATCH',
      `/api/hr-timeoff/types/${created.body.data.id}`,
      { token: agent.token, body: { is_active: false } },
    );
    expect(off.status).toBe(200);
    // Only the fields sent change.
    expect(off.body.data).toMatchObject({
      is_active: false,
      is_paid: true,
      yearly_allowance_hours: 24,
    });
    const refused = await request(employee, {
      type_id: created.body.data.id,
      start_date: day('11-02'),
      end_date: day('11-02'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This time off type is no longer offered');
  });

  it('the schedule reads approved time off in a date range', async () => {
    const rows = await listApprovedTimeOff(t.database.db, employee.companyId, {
      from: day('03-03'),
      to: day('03-10'),
    });
    expect(rows).toEqual([
      expect.objectContaining({
        id: firstId,
        user_id: employee.id,
        type_name: 'Vacation',
        start_date: day('03-02'),
        end_date: day('03-04'),
        hours: 24,
      }),
    ]);
    expect(
      await listApprovedTimeOff(t.database.db, employee.companyId, {
        from: day('03-05'),
        to: day('03-10'),
      }),
    ).toEqual([]);
    expect(
      await listApprovedTimeOff(t.database.db, northwind.companyId, {
        from: day('01-01'),
        to: day('12-31'),
      }),
    ).toEqual([]);
  });

  it('the Employee Leaves Report sums approved and pending hours per employee and type', async () => {
    const res = await t.call<Reply<{ results: LeavesReportRow[]; year: number }>>(
      'GET',
      `/api/hr-timeoff/reports/leaves?year=${year}`,
      { token: manager.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.year).toBe(year);
    const row = res.body.data.results.find(
      (r) => r.user_id === employee.id && r.type_name === 'Vacation',
    );
    expect(row).toMatchObject({
      allowance: 100,
      approved: 24,
      pending: 0,
      remaining: 76,
      requests: 1,
    });
    const denied = await t.call('GET', '/api/hr-timeoff/reports/leaves', { token: employee.token });
    expect(denied.status).toBe(403);
  });
});

// Issue 14 item 9: Users and Employees are two views of the same people. A user made under Users
// (or imported) is an employee at once, in the same transaction; nobody is scheduled who is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Employee } from '@portal/contract/hr-employees';
import { roles } from '../../src/modules/access/schema.ts';
import { hrEmployeeDetails } from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T; message: string };

let t: TestApp;
let agent: string;
let manager: string;
let companyId: number;
let associateRoleId: number;
let storeId: number;

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  manager = await t.login('manager@demo.example');
  const [me] = await t.database.db
    .select({ company_id: users.company_id, current_store: users.current_store })
    .from(users)
    .where(eq(users.email, 'manager@demo.example'));
  if (!me?.current_store) throw new Error('no manager store');
  companyId = me.company_id;
  storeId = me.current_store;
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.company_id, companyId), eq(roles.base_role, 'sub_agent_employee')));
  if (!role) throw new Error('no associate role');
  associateRoleId = role.id;
});
afterAll(() => t.close());

const recordsOf = async (userId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(hrEmployeeDetails)
      .where(
        and(eq(hrEmployeeDetails.company_id, companyId), eq(hrEmployeeDetails.user_id, userId)),
      )
  )[0]?.n;

const findEmployee = async (email: string) => {
  const res = await t.call<Data<{ results: Employee[]; total: number }>>(
    'GET',
    `/api/employees?search=${encodeURIComponent(email)}`,
    { token: manager },
  );
  expect(res.status).toBe(200);
  return res.body.data.results.find((row) => row.email === email);
};

describe('one person, one record', () => {
  it('every user of the demo companies has exactly one employee record', async () => {
    const [people] = await t.database.db.select({ n: count() }).from(users);
    const [records] = await t.database.db.select({ n: count() }).from(hrEmployeeDetails);
    expect(Number(records?.n)).toBe(Number(people?.n));
  });

  it('a user added under Users appears in Employees (salaried: no clock-in prompt) and on the schedule', async () => {
    const email = `users.screen.${Date.now()}@demo.example`;
    const password = 'Added-Under-Users-7';
    const created = await t.call<Data<{ id: number }>>('POST', '/api/users', {
      token: agent,
      body: {
        email,
        first_name: 'Uma',
        last_name: 'Userscreen',
        role_id: associateRoleId,
        current_store: storeId,
        password,
      },
    });
    expect(created.status, created.body.message).toBe(200);
    const userId = created.body.data.id;
    expect(Number(await recordsOf(userId))).toBe(1);

    const employee = await findEmployee(email);
    expect(employee).toMatchObject({
      id: userId,
      first_name: 'Uma',
      pay_type: 'salaried',
      terminated_at: null,
      store_name: expect.any(String),
    });
    expect(employee?.empDetail_id).toEqual(expect.any(Number));

    const week = await t.call<Data<{ employees: { id: number }[] }>>(
      'GET',
      `/api/hr-schedules/week?store_id=${storeId}&week_start=${new Date().toISOString().slice(0, 10)}`,
      { token: manager },
    );
    expect(week.status).toBe(200);
    expect(week.body.data.employees.map((e) => e.id)).toContain(userId);

    const login = await t.call<{ clock_in: boolean }>('POST', '/api/auth/login', {
      body: { email, password },
    });
    expect(login.status).toBe(200);
    expect(login.body.clock_in).toBe(false);

    // Deleted under Users: gone from Employees too.
    const removed = await t.call('DELETE', `/api/users/${userId}`, { token: agent });
    expect(removed.status).toBe(200);
    expect(await findEmployee(email)).toBeUndefined();
  });

  it('POST /employees/new keeps one record with its own details (hourly)', async () => {
    const email = `employees.screen.${Date.now()}@demo.example`;
    const res = await t.call<Data<Employee>>('POST', '/api/employees/new', {
      token: manager,
      body: {
        email,
        first_name: 'Eve',
        last_name: 'Employeescreen',
        role_id: associateRoleId,
        password: 'Added-Under-Employees-7',
        pay_type: 'hourly',
      },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.pay_type).toBe('hourly');
    expect(Number(await recordsOf(res.body.data.id))).toBe(1);
  });

  it('a user bulk upload makes every imported person an employee, in its transaction', async () => {
    const stamp = Date.now();
    const [store] = await t.database.db
      .select({ unique_id: stores.unique_id })
      .from(stores)
      .where(eq(stores.id, storeId));
    const csv = [
      'Email,First Name,Last Name,Role,Password,Stores',
      `bulk.a.${stamp}@demo.example,Bea,Bulk,Sales Associate,Bulk-Pass-123,${store?.unique_id}`,
      `bulk.b.${stamp}@demo.example,Bram,Bulk,Sales Associate,Bulk-Pass-123,${store?.unique_id}`,
    ].join('\n');
    const res = await t.call<Data<{ created: number }>>('POST', '/api/user-bulk-upload', {
      token: agent,
      body: { mode: 'commit', csv },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.created).toBe(2);
    for (const email of [`bulk.a.${stamp}@demo.example`, `bulk.b.${stamp}@demo.example`])
      expect((await findEmployee(email))?.pay_type).toBe('salaried');
  });
});

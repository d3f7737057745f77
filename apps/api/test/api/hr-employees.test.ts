import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { employeeMessages, type Employee } from '@portal/contract/hr-employees';
import { roles } from '../../src/modules/access/schema.ts';
import { hrTimecards } from '../../src/modules/hr/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { assignStores } from '../support/store-assignments.ts';

type Reply<T> = { data: T };

let t: TestApp;
let manager: string;
let employee: string;
let northwind: string;
let associateRoleId: number;
let managerId: number;
let companyId: number;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login('manager@demo.example');
  employee = await t.login('employee@demo.example');
  northwind = await t.login('admin@northwind.example');
  const [me] = await t.database.db
    .select({ id: users.id, company_id: users.company_id })
    .from(users)
    .where(eq(users.email, 'manager@demo.example'));
  if (!me) throw new Error('no manager');
  managerId = me.id;
  companyId = me.company_id;
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.company_id, companyId), eq(roles.base_role, 'sub_agent_employee')));
  if (!role) throw new Error('no associate role');
  associateRoleId = role.id;
});
afterAll(() => t.close());

const newEmployee = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.hire@demo.example',
  first_name: 'Nia',
  last_name: 'Newhire',
  role_id: associateRoleId,
  password: 'Clock-In-Every-Day-9',
  pay_type: 'hourly',
  supervisor_id: managerId,
  hire_date: '2026-11-01',
  ...overrides,
});

describe('employees', () => {
  let created: Employee;

  it('creates an employee with the user and the HR record (Employee created)', async () => {
    const res = await t.call<Reply<Employee>>('POST', '/api/employees/new', {
      token: manager,
      body: newEmployee(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(employeeMessages.created);
    created = res.body.data;
    expect(created).toMatchObject({
      email: 'new.hire@demo.example',
      pay_type: 'hourly',
      supervisor_id: managerId,
      supervisor_name: 'Mina Manager',
      hire_date: '2026-11-01',
      is_active: true,
      terminated_at: null,
      role_name: expect.any(String),
    });
    expect(created.empDetail_id).toEqual(expect.any(Number));
    // The new employee signs in and, being hourly with the clock permissions, is offered the prompt.
    const login = await t.call<{ clock_in: boolean }>('POST', '/api/auth/login', {
      body: { email: 'new.hire@demo.example', password: 'Clock-In-Every-Day-9' },
    });
    expect(login.status).toBe(200);
    expect(login.body.clock_in).toBe(true);
  });

  it('refuses a taken email, an unknown supervisor and bad input, writing nothing', async () => {
    const taken = await t.call('POST', '/api/employees/new', {
      token: manager,
      body: newEmployee(),
    });
    expect(taken.status).toBe(409);
    const [foreign] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@northwind.example'));
    const badSupervisor = await t.call('POST', '/api/employees/new', {
      token: manager,
      body: newEmployee({ email: 'other.hire@demo.example', supervisor_id: foreign?.id }),
    });
    expect(badSupervisor.status).toBe(400);
    expect(badSupervisor.body.message).toBe(employeeMessages.unknownSupervisor);
    const [nobody] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'other.hire@demo.example'));
    expect(nobody).toBeUndefined();
    const badDate = await t.call('POST', '/api/employees/new', {
      token: manager,
      body: newEmployee({ email: 'third.hire@demo.example', hire_date: '31/12/2026' }),
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors?.hire_date).toBeDefined();
  });

  it('lists, searches and filters by status; employees without the permission are refused', async () => {
    const list = await t.call<Reply<{ results: Employee[]; total: number }>>(
      'GET',
      '/api/employees?search=newhire',
      { token: manager },
    );
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.results[0]?.id).toBe(created.id);
    const all = await t.call<Reply<{ total: number }>>('GET', '/api/employees?perPage=100', {
      token: manager,
    });
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
    expect((await t.call('GET', '/api/employees', { token: employee })).status).toBe(403);
    const supervisors = await t.call<Reply<{ label: string }[]>>(
      'GET',
      '/api/employees/supervisors',
      {
        token: manager,
      },
    );
    expect(supervisors.body.data.map((s) => s.label)).toContain('Mina Manager');
    expect(supervisors.body.data.map((s) => s.label)).not.toContain('Eli Employee');
  });

  it('updates (Employee updated) and refuses an employee supervising themselves', async () => {
    const res = await t.call<Reply<Employee>>('PATCH', `/api/employees/${created.id}`, {
      token: manager,
      body: { pay_type: 'salaried', first_name: 'Nina' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(employeeMessages.updated);
    expect(res.body.data).toMatchObject({ pay_type: 'salaried', first_name: 'Nina' });
    const self = await t.call('PATCH', `/api/employees/${created.id}`, {
      token: manager,
      body: { supervisor_id: created.id },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(employeeMessages.ownSupervisor);
  });

  it("keeps another company's employees out of reach (404)", async () => {
    expect((await t.call('GET', `/api/employees/${created.id}`, { token: northwind })).status).toBe(
      404,
    );
    const list = await t.call<Reply<{ results: Employee[] }>>('GET', '/api/employees?perPage=100', {
      token: northwind,
    });
    expect(list.body.data.results.map((e) => e.id)).not.toContain(created.id);
  });

  it('terminates with notes: signed out everywhere, clocked out, cannot sign in; then reactivates', async () => {
    const token = await t.login('new.hire@demo.example', 'Clock-In-Every-Day-9');
    await t.call('PATCH', `/api/employees/${created.id}`, {
      token: manager,
      body: { pay_type: 'hourly' },
    });
    const stores = await t.call<Reply<{ results: { id: number }[] }>>(
      'GET',
      '/api/stores?perPage=1',
      {
        token: manager,
      },
    );
    const storeId = stores.body.data.results[0]?.id ?? 0;
    // The clock takes a clock-in only at a store the person works at.
    await assignStores(t, companyId, [created.id], [storeId]);
    const clocked = await t.call('POST', '/api/hr-web-clockin', {
      token,
      body: { user_id: created.id, store_id: storeId },
    });
    expect(clocked.status).toBe(200);

    const missingNotes = await t.call('POST', '/api/employee-termination', {
      token: manager,
      body: { user_id: created.id, termination_notes: '  ' },
    });
    expect(missingNotes.status).toBe(400);
    const res = await t.call<Reply<Employee>>('POST', '/api/employee-termination', {
      token: manager,
      body: { user_id: created.id, termination_notes: 'Moved away' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('User termination notes updated');
    expect(res.body.data).toMatchObject({ is_active: false, termination_notes: 'Moved away' });
    expect(res.body.data.terminated_at).not.toBeNull();
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(460);
    const open = await t.database.db
      .select({ clock_out: hrTimecards.clock_out })
      .from(hrTimecards)
      .where(eq(hrTimecards.user_id, created.id));
    expect(open.every((card) => card.clock_out !== null)).toBe(true);
    const refused = await t.call('POST', '/api/auth/login', {
      body: { email: 'new.hire@demo.example', password: 'Clock-In-Every-Day-9' },
    });
    expect(refused.status).toBe(401);
    const terminated = await t.call<Reply<{ total: number }>>(
      'GET',
      '/api/employees?status=terminated',
      { token: manager },
    );
    expect(terminated.body.data.total).toBe(1);

    const back = await t.call<Reply<Employee>>('POST', '/api/employees/reactivate', {
      token: manager,
      body: { user_id: created.id },
    });
    expect(back.body.message).toBe('User reactivated');
    expect(back.body.data).toMatchObject({ is_active: true, terminated_at: null });
    const again = await t.call('POST', '/api/employees/reactivate', {
      token: manager,
      body: { user_id: created.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(employeeMessages.notTerminated);
    await t.login('new.hire@demo.example', 'Clock-In-Every-Day-9');

    const self = await t.call('POST', '/api/employee-termination', {
      token: manager,
      body: { user_id: managerId, termination_notes: 'x' },
    });
    expect(self.status).toBe(400);
  });

  it('signs a profile picture upload, and the saved employee shows it', async () => {
    const signed = await t.call<Reply<{ signedUrl: string; fileUrl: string }>>(
      'POST',
      '/api/photos/sign',
      {
        token: manager,
        body: { file_type: 'image/png', file_name: 'nia.png' },
      },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await fetch(new URL(signed.body.data.signedUrl, t.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(put.status).toBe(200);
    const saved = await t.call<Reply<Employee>>('PATCH', `/api/employees/${created.id}`, {
      token: manager,
      body: { profile_photo: signed.body.data.fileUrl },
    });
    expect(saved.body.data.profile_photo).toBe(signed.body.data.fileUrl);
    const image = await fetch(new URL(signed.body.data.fileUrl, t.baseUrl));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const refused = await t.call('POST', '/api/photos/sign', {
      token: employee,
      body: { file_type: 'image/png', file_name: 'me.png' },
    });
    expect(refused.status).toBe(403);
  });

  it('deletes (Employee deleted): the employee is gone from the list', async () => {
    const res = await t.call('DELETE', `/api/employees/${created.id}`, { token: manager });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(employeeMessages.deleted);
    expect((await t.call('GET', `/api/employees/${created.id}`, { token: manager })).status).toBe(
      404,
    );
  });
});

describe('employee bulk upload', () => {
  const header = 'email,first_name,last_name,role,store,pay_type,supervisor_email,hire_date';
  const upload = (csv: string, mode: 'preview' | 'commit') =>
    t.call<
      Reply<{
        valid: boolean;
        total: number;
        created: number;
        errorCount: number;
        errors: { line: number; field: string | null; message: string }[];
      }>
    >('POST', '/api/employees/bulk-upload', { token: manager, body: { mode, csv } });

  it('reports every bad row by line and creates nothing', async () => {
    const csv = [
      header,
      'ok.one@demo.example,Ok,One,Sales Associate,,hourly,manager@demo.example,2026-11-03',
      'not-an-email,Bad,Email,Sales Associate,,hourly,,',
      'ok.two@demo.example,Ok,Two,No Such Role,,hourly,,',
      'ok.three@demo.example,Ok,Three,Sales Associate,Nowhere,weekly,nobody@demo.example,03/11/2026',
      'ok.one@demo.example,Again,One,Sales Associate,,hourly,,',
      'employee@demo.example,Taken,Email,Sales Associate,,hourly,,',
    ].join('\n');
    const preview = await upload(csv, 'preview');
    expect(preview.status).toBe(200);
    expect(preview.body.data.valid).toBe(false);
    const byLine = (line: number) =>
      preview.body.data.errors.filter((e) => e.line === line).map((e) => e.field);
    expect(byLine(2)).toEqual([]);
    expect(byLine(3)).toEqual(['email']);
    expect(byLine(4)).toEqual(['role']);
    expect(byLine(5).sort()).toEqual(['hire_date', 'pay_type', 'store', 'supervisor_email'].sort());
    expect(byLine(6)).toEqual(['email']);
    expect(byLine(7)).toEqual(['email']);
    const commit = await upload(csv, 'commit');
    expect(commit.status).toBe(400);
    const [created] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ok.one@demo.example'));
    expect(created).toBeUndefined();
  });

  it('creates 5,000 employees in one go, with supervisors from the file', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) =>
      [
        `bulk.${index}@demo.example`,
        'Bulk',
        `Person ${index}`,
        'sub_agent_employee',
        index % 2 ? 'Times Square' : '',
        index % 3 ? 'hourly' : 'salaried',
        index === 0 ? 'manager@demo.example' : 'bulk.0@demo.example',
        '2026-11-04',
      ].join(','),
    );
    const csv = [header, ...rows].join('\n');
    const preview = await upload(csv, 'preview');
    expect(preview.body.data).toMatchObject({ valid: true, total: 5000, errorCount: 0 });
    const commit = await upload(csv, 'commit');
    expect(commit.status, JSON.stringify(commit.body).slice(0, 500)).toBe(200);
    expect(commit.body.message).toBe('5000 employees created');
    expect(commit.body.data.created).toBe(5000);
    const list = await t.call<Reply<{ total: number; results: Employee[] }>>(
      'GET',
      '/api/employees?search=bulk.4999@',
      { token: manager },
    );
    expect(list.body.data.results[0]).toMatchObject({
      supervisor_name: 'Bulk Person 0',
      hire_date: '2026-11-04',
    });
    // No password came with them: nobody signs in until they set one.
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: 'bulk.1@demo.example', password: '!unset:' },
    });
    expect(login.status).toBe(401);
    const tooMany = await upload([header, ...rows, ...rows.slice(0, 1)].join('\n'), 'preview');
    expect(tooMany.status).toBe(400);
  }, 120_000);
});

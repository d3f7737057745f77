import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles } from '../../src/modules/access/schema.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
});
afterAll(() => t.close());

type List<T> = { data: { results: T[]; total: number } };

describe('the demo tenant', () => {
  it('has at least 6 stores across several districts and time zones', async () => {
    const stores = await t.call<List<{ district_id: number; time_zone: string }>>(
      'GET',
      '/api/stores?perPage=100',
      { token: agent },
    );
    const rows = stores.body.data.results;
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((s) => s.district_id)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((s) => s.time_zone)).size).toBeGreaterThanOrEqual(3);
  });

  it('seeds only once', async () => {
    expect(await seedDemo(t.database.db)).toBe(false);
    const users = await t.call<List<unknown>>('GET', '/api/users/count', { token: agent });
    // One per role, the two-factor demo user and three hourly staff of the home store.
    expect(users.body.data).toEqual({ total: 11 });
  });

  it('loads related records on request', async () => {
    const res = await t.call<List<{ district: { name: string } | null }>>(
      'GET',
      '/api/stores?related=district&perPage=1&sort=name',
      { token: agent },
    );
    expect(res.body.data.results[0]?.district?.name).toEqual(expect.any(String));
    const bad = await t.call('GET', '/api/stores?related=password', { token: agent });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Store has no related password');
  });

  it('filters with filter[field]', async () => {
    const res = await t.call<List<{ time_zone: string }>>(
      'GET',
      '/api/stores?filter[time_zone]=America/Chicago',
      { token: agent },
    );
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.results.every((s) => s.time_zone === 'America/Chicago')).toBe(true);
  });

  it("lets only the super admin see other companies' rows", async () => {
    const superAdmin = await t.login('admin@demo.example');
    const all = await t.call<List<{ company_id: number }>>('GET', '/api/stores?perPage=100', {
      token: superAdmin,
    });
    expect(new Set(all.body.data.results.map((s) => s.company_id)).size).toBe(2);
    const own = await t.call<List<{ company_id: number }>>('GET', '/api/stores?perPage=100', {
      token: agent,
    });
    expect(new Set(own.body.data.results.map((s) => s.company_id)).size).toBe(1);
  });
});

describe('roles', () => {
  it('refuses to deactivate a role still held by users, with user_exist_flag', async () => {
    const list = await t.call<List<{ id: number; base_role: string }>>(
      'GET',
      '/api/roles?filter[base_role]=sub_agent_employee',
      { token: agent },
    );
    const held = list.body.data.results[0];
    const res = await t.call('DELETE', `/api/roles/${held?.id}`, { token: agent });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, data: { user_exist_flag: true } });
    const after = await t.call<{ data: { is_active: boolean } }>('GET', `/api/roles/${held?.id}`, {
      token: agent,
    });
    expect(after.body.data.is_active).toBe(true);
  });

  it('writes a role and its permission groups in one transaction', async () => {
    const bad = await t.call('POST', '/api/roles', {
      token: agent,
      body: { name: 'Half Written', base_role: 'base_user', permission_group_ids: [999999] },
    });
    expect(bad.status).toBe(400);
    expect(
      await t.database.db.select().from(roles).where(eq(roles.name, 'Half Written')),
    ).toHaveLength(0);

    const groups = await t.call<List<{ id: number }>>('GET', '/api/permission-groups?perPage=2', {
      token: agent,
    });
    const ids = groups.body.data.results.map((g) => g.id);
    const good = await t.call<{ data: { permission_group_ids: number[]; access_level: number } }>(
      'POST',
      '/api/roles',
      {
        token: agent,
        body: { name: 'Fully Written', base_role: 'sub_agent_admin', permission_group_ids: ids },
      },
    );
    expect(good.body).toMatchObject({
      success: true,
      message: 'Role added',
      data: { access_level: 3 },
    });
    expect(good.body.data.permission_group_ids.sort()).toEqual([...ids].sort());
  });
});

describe('users', () => {
  it('refuses a duplicate email with 409', async () => {
    const roleId = (
      await t.call<List<{ id: number }>>('GET', '/api/roles?perPage=1', { token: agent })
    ).body.data.results[0]?.id;
    const body = {
      email: 'manager@demo.example',
      first_name: 'Dup',
      last_name: 'Licate',
      role_id: roleId,
      password: 'Long-enough-1',
    };
    const res = await t.call('POST', '/api/users', { token: agent, body });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A user with this email already exists');
  });

  it('refuses a common password for a new user, as sign-up and password changes do', async () => {
    const roleId = (await t.call<List<{ id: number }>>('GET', '/api/user-roles', { token: agent }))
      .body.data.results?.[0]?.id;
    const res = await t.call('POST', '/api/users', {
      token: agent,
      body: {
        email: 'weak.pass@demo.example',
        first_name: 'Weak',
        last_name: 'Pass',
        role_id: roleId,
        password: 'password123',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('password');
  });

  it('never returns password hashes', async () => {
    const res = await t.call('GET', '/api/users?perPage=100', { token: agent });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/);
  });

  it('lets a new user sign in with the password given at creation', async () => {
    const roleId = (
      await t.call<List<{ id: number }>>('GET', '/api/roles?filter[base_role]=base_user', {
        token: agent,
      })
    ).body.data.results[0]?.id;
    const created = await t.call('POST', '/api/users', {
      token: agent,
      body: {
        email: 'fresh.hire@demo.example',
        first_name: 'Fresh',
        last_name: 'Hire',
        role_id: roleId,
        password: 'First-day-2026',
      },
    });
    expect(created.body).toMatchObject({ success: true, message: 'User created' });
    expect(await t.login('fresh.hire@demo.example', 'First-day-2026')).toEqual(expect.any(String));
  });
});

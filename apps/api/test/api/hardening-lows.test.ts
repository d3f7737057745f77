import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles } from '../../src/modules/access/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 12, "the lows": each test sends the request that went wrong and checks it no longer does.
let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
});
afterAll(() => t.close());

type Data<T> = { data: T };
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newRole(name: string): Promise<number> {
  const res = await t.call<Data<{ id: number }>>('POST', '/api/roles', {
    token: agent,
    body: { name, base_role: 'base_user' },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.id;
}

async function newUser(roleId: number) {
  const email = `low.${stamp()}@demo.example`;
  const password = `Low-${stamp()}-Qz9!`;
  const res = await t.call<Data<{ id: number }>>('POST', '/api/users', {
    token: agent,
    body: { email, first_name: 'Low', last_name: 'Tester', role_id: roleId, password },
  });
  expect(res.status, res.body.message).toBe(200);
  return { id: res.body.data.id, email, password };
}

describe('the lows of issue 12', () => {
  it('answers GET /users?related=role with the roles, not a 500', async () => {
    const res = await t.call<Data<{ results: { role_id: number; role: { id: number } }[] }>>(
      'GET',
      '/api/users?related=role',
      { token: agent },
    );
    expect(res.status).toBe(200);
    const [first] = res.body.data.results;
    expect(first?.role.id).toBe(first?.role_id);
  });

  it('refuses to give an inactive role, and activates a deactivated role again', async () => {
    const roleId = await newRole(`Low inactive ${stamp()}`);
    const user = await newUser((await newRole(`Low active ${stamp()}`)) as number);
    expect((await t.call('DELETE', `/api/roles/${roleId}`, { token: agent })).status).toBe(200);
    // The original request: giving the inactive role locked its holder out.
    const given = await t.call('PATCH', `/api/users/${user.id}`, {
      token: agent,
      body: { role_id: roleId },
    });
    expect(given.status).toBe(400);
    expect(given.body.message).toMatch(/inactive/);
    const created = await t.call('POST', '/api/users', {
      token: agent,
      body: {
        email: `low.${stamp()}@demo.example`,
        first_name: 'Low',
        last_name: 'Inactive',
        role_id: roleId,
        password: `Low-${stamp()}-Qz9!`,
      },
    });
    expect(created.status).toBe(400);
    const activated = await t.call<Data<{ is_active: boolean }>>(
      'DELETE',
      `/api/roles/activate/${roleId}`,
      { token: agent },
    );
    expect(activated.status, activated.body.message).toBe(200);
    expect(activated.body.data.is_active).toBe(true);
    const now = await t.call('PATCH', `/api/users/${user.id}`, {
      token: agent,
      body: { role_id: roleId },
    });
    expect(now.status).toBe(200);
  });

  it('activates an inactive role that users hold (left so by an earlier release)', async () => {
    const roleId = await newRole(`Low held ${stamp()}`);
    const user = await newUser(roleId);
    await t.database.db.update(roles).set({ is_active: false }).where(eq(roles.id, roleId));
    const activated = await t.call<Data<{ is_active: boolean }>>(
      'DELETE',
      `/api/roles/activate/${roleId}`,
      { token: agent },
    );
    expect(activated.status, activated.body.message).toBe(200);
    expect(activated.body.data.is_active).toBe(true);
    // Deactivating it while held is still refused.
    expect((await t.call('DELETE', `/api/roles/${roleId}`, { token: agent })).status).toBe(409);
    expect(user.id).toBeGreaterThan(0);
  });

  it('ends the sessions of a user whose email changes', async () => {
    const roleId = await newRole(`Low email ${stamp()}`);
    const user = await newUser(roleId);
    const session = await t.login(user.email, user.password);
    expect((await t.call('GET', '/api/auth/me', { token: session })).status).toBe(200);
    const changed = await t.call('PATCH', `/api/users/${user.id}`, {
      token: agent,
      body: { email: `moved.${stamp()}@demo.example` },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: session })).status).toBe(460);
  });

  it('stores only http(s) and relative addresses in link fields', async () => {
    const roleId = await newRole(`Low link ${stamp()}`);
    const user = await newUser(roleId);
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', '//x.io']) {
      const res = await t.call('PATCH', `/api/users/${user.id}`, {
        token: agent,
        body: { profile_photo: url },
      });
      expect(res.status, url).toBe(400);
    }
    const link = await t.call('POST', '/api/sidebar-items', {
      token: agent,
      body: { name: `Low ${stamp()}`, external_link: 'javascript:alert(1)' },
    });
    expect(link.status).toBe(400);
    const good = await t.call<Data<{ profile_photo: string }>>('PATCH', `/api/users/${user.id}`, {
      token: agent,
      body: { profile_photo: 'https://images.example.com/me.png' },
    });
    expect(good.body.data.profile_photo).toBe('https://images.example.com/me.png');
  });

  it('sends HSTS only over HTTPS, and frame rules that agree', async () => {
    const plain = await t.call('GET', '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const behindProxy = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const secure = await behindProxy.call('GET', '/api/health', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await behindProxy.close();
    }
  });
});

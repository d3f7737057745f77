import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@portal/contract/security-events';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
});
afterAll(() => t.close());

type List = { data: { results: SecurityEvent[]; total: number } };
const events = (token: string, query = '') =>
  t.call<List>('GET', `/api/security-events?perPage=200${query}`, { token });
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('security events', () => {
  it('records sign-ins, failures, email and role changes, for the company admins to read', async () => {
    const roleA = await t.call<{ data: { id: number } }>('POST', '/api/roles', {
      token: agent,
      body: { name: `Events A ${stamp()}`, base_role: 'base_user' },
    });
    const roleB = await t.call<{ data: { id: number } }>('POST', '/api/roles', {
      token: agent,
      body: { name: `Events B ${stamp()}`, base_role: 'base_user' },
    });
    const email = `events.${stamp()}@demo.example`;
    const password = `Ev-${stamp()}-Qz9!`;
    const created = await t.call<{ data: { id: number } }>('POST', '/api/users', {
      token: agent,
      body: { email, first_name: 'Eve', last_name: 'Ents', role_id: roleA.body.data.id, password },
    });
    const userId = created.body.data.id;
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email, password: 'not-it-at-all' } }))
        .status,
    ).toBe(401);
    await t.login(email, password);
    await t.call('POST', '/api/auth/login', {
      body: { email: `nobody.${stamp()}@nowhere.example`, password: 'whatever-it-is' },
    });
    const moved = `events.moved.${stamp()}@demo.example`;
    expect(
      (
        await t.call('PATCH', `/api/users/${userId}`, {
          token: agent,
          body: { email: moved, role_id: roleB.body.data.id },
        })
      ).status,
    ).toBe(200);

    const mine = await events(agent, `&user_id=${userId}`);
    expect(mine.status).toBe(200);
    const kinds = mine.body.data.results.map((event) => event.kind);
    expect(kinds).toEqual(['email_changed', 'role_changed', 'sign_in', 'sign_in_failed']);
    const changed = mine.body.data.results[0];
    expect(changed).toMatchObject({
      user_name: 'Eve Ents',
      actor_name: expect.any(String),
      detail: { from: email, to: moved },
    });

    // Another company's admin sees none of them; the super admin sees them, and the failure
    // for an email no account has (no company).
    const north = await t.login('admin@northwind.example');
    const theirs = await events(north);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.results.some((event) => event.user_id === userId)).toBe(false);
    const admin = await t.login('admin@demo.example');
    const all = await events(admin, '&kind=sign_in_failed');
    expect(all.body.data.results.some((event) => event.company_id === null)).toBe(true);
    expect(all.body.data.results.some((event) => event.email === email)).toBe(true);
    const employee = await t.login('employee@demo.example');
    expect((await events(employee)).status).toBe(403);
  });

  it('records permission changes on roles and permission groups', async () => {
    const group = await t.call<{ data: { id: number } }>('POST', '/api/permission-groups', {
      token: agent,
      body: { name: `Events group ${stamp()}`, permissions: ['read_stores'] },
    });
    expect(group.status).toBe(200);
    const changed = await t.call('PATCH', `/api/permission-groups/${group.body.data.id}`, {
      token: agent,
      body: { permissions: ['read_stores', 'read_regions'] },
    });
    expect(changed.status).toBe(200);
    const list = await events(agent, '&kind=permissions_changed');
    expect(list.body.data.results[0]).toMatchObject({
      kind: 'permissions_changed',
      detail: { permission_group_id: group.body.data.id, permissions: 'read_stores,read_regions' },
    });
  });

  it('filters by part of the name or email, and by days (both included)', async () => {
    const email = `filter.${stamp()}@demo.example`;
    await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong-password-1' } });
    const byEmail = await events(agent, `&user=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    // Another company's address only shows to the super admin; a company admin sees its own.
    const admin = await t.login('admin@demo.example');
    const found = await events(admin, `&user=${email.slice(0, 18)}`);
    expect(found.body.data.results.map((event) => event.email)).toContain(email);
    expect(found.body.data.total).toBe(found.body.data.results.length);

    const byName = await events(agent, '&user=Marco%20Agent&kind=sign_in');
    expect(byName.body.data.total).toBeGreaterThan(0);
    expect(byName.body.data.results.every((event) => event.user_name === 'Marco Agent')).toBe(true);
    // A literal % matches only itself, not everything.
    expect((await events(agent, '&user=%25')).body.data.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const todays = await events(agent, `&from=${today}&to=${today}`);
    expect(todays.body.data.total).toBeGreaterThan(0);
    expect(todays.body.data.results.every((e) => e.created_at.startsWith(today))).toBe(true);
    expect((await events(agent, '&to=2000-01-01')).body.data.total).toBe(0);
    expect((await events(agent, '&from=2999-01-01')).body.data.total).toBe(0);
    const bad = await events(agent, '&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('from');
  });
});

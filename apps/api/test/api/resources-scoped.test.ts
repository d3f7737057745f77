import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankMessages } from '../../src/modules/access/rank.ts';
import { recordMessages, storeAccessResource } from '@portal/contract/hr-records';
import { kioskResource } from '@portal/contract/hr-kiosk';
import { timeoffTypeResource } from '@portal/contract/hr-timeoff';
import { signInStoreStaff, type StoreStaff as Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The engine's declarations beyond flat CRUD, on the real resources that use them: `operations`
 * (only the declared routes exist), `access` (other permissions, or any signed-in user), `parent`
 * (rows under /employees/:id/..., the parent's 404 first), the `authorize` hook (the rank rule),
 * `replies` (a create answering more than its row), `deleteMode: 'revoke'` and `defaultPerPage`.
 */
type Reply<T> = { data: T; message: string };
type Row = Record<string, unknown> & { id: number };
let t: TestApp;
let manager: Person;
let employee: Person;
let agent: Person;
let northwind: Person;

beforeAll(async () => {
  t = await startTestApp();
  manager = await signInStoreStaff(t, 'manager@demo.example');
  employee = await signInStoreStaff(t, 'employee@demo.example');
  agent = await signInStoreStaff(t, 'agent@demo.example');
  northwind = await signInStoreStaff(t, 'admin@northwind.example');
});
afterAll(() => t.close());

describe('operations and access', () => {
  it('mounts only the declared routes', async () => {
    const types = `/api${timeoffTypeResource.path}`;
    const listed = await t.call<Reply<{ results: Row[] }>>('GET', types, { token: manager.token });
    const id = listed.body.data.results[0]?.id;
    expect(id).toBeTypeOf('number');
    // list, create, update are declared; get one and delete are not.
    expect((await t.call('GET', `${types}/${id}`, { token: manager.token })).status).toBe(404);
    expect((await t.call('DELETE', `${types}/${id}`, { token: manager.token })).status).toBe(404);
    const kiosks = `/api${kioskResource.path}`;
    expect((await t.call('PATCH', `${kiosks}/1`, { token: manager.token, body: {} })).status).toBe(
      404,
    );
  });

  it("reads with the declared access: 'authenticated' lets anyone signed in list", async () => {
    const types = await t.call<Reply<{ results: Row[]; total: number }>>(
      'GET',
      `/api${timeoffTypeResource.path}`,
      { token: employee.token },
    );
    expect(types.status).toBe(200);
    // defaultPerPage: every type at once, and the engine's total beside them.
    expect(types.body.data.results.length).toBe(types.body.data.total);
    const write = await t.call('POST', `/api${timeoffTypeResource.path}`, {
      token: employee.token,
      body: { name: 'Not mine to add' },
    });
    expect(write.status).toBe(403);
    expect(
      (await t.call('GET', `/api${kioskResource.path}`, { token: employee.token })).status,
    ).toBe(403);
  });
});

describe('a parent-scoped resource', () => {
  const path = (userId: number) => `/api/employees/${userId}${storeAccessResource.path}`;

  it("limits every route to the parent's rows and answers 404 for another company's parent", async () => {
    const list = await t.call<Reply<{ results: Row[]; total: number }>>('GET', path(employee.id), {
      token: manager.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.results.every((row) => row.user_id === employee.id)).toBe(true);
    const count = await t.call<Reply<{ total: number }>>('GET', `${path(employee.id)}/count`, {
      token: manager.token,
    });
    expect(count.body.data.total).toBe(list.body.data.total);
    expect((await t.call('GET', path(employee.id), { token: northwind.token })).status).toBe(404);
    expect((await t.call('GET', path(987654321), { token: manager.token })).status).toBe(404);
  });

  it('a row is reached only under its own parent; the authorize hook applies the rank rule', async () => {
    const other = await t.call<Reply<{ results: { id: number; store_id: number }[] }>>(
      'GET',
      '/api/stores?perPage=100',
      { token: manager.token },
    );
    const storeId = other.body.data.results.find((s) => s.id !== employee.storeId)?.id;
    const granted = await t.call<Reply<Row>>('POST', path(employee.id), {
      token: manager.token,
      body: { store_id: storeId, starts_on: '2026-03-01', ends_on: '2026-03-02' },
    });
    expect(granted.status, granted.body.message).toBe(200);
    expect(granted.body.message).toBe(storeAccessResource.messages.created);
    expect(granted.body.data).toMatchObject({ user_id: employee.id, granted_by: manager.id });
    // Under another parent the row does not exist.
    expect(
      (
        await t.call('DELETE', `${path(manager.id)}/${granted.body.data.id}`, {
          token: agent.token,
        })
      ).status,
    ).toBe(404);
    // Oneself is never below oneself: a manager cannot grant themselves access.
    const self = await t.call('POST', path(manager.id), {
      token: manager.token,
      body: { store_id: storeId, starts_on: '2026-03-01', ends_on: '2026-03-02' },
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(rankMessages.notOnSelf);
    const removed = await t.call<Reply<Row>>(
      'DELETE',
      `${path(employee.id)}/${granted.body.data.id}`,
      { token: manager.token },
    );
    expect(removed.body.message).toBe(recordMessages.accessRemoved);
    expect(removed.body.data.id).toBe(granted.body.data.id);
  });
});

describe('replies and revoke', () => {
  it('a create may answer more than its row; a revoke stamps once and keeps the row', async () => {
    const enrolled = await t.call<Reply<{ device: Row; device_token: string }>>(
      'POST',
      `/api${kioskResource.path}`,
      { token: manager.token, body: { store_id: employee.storeId, name: 'Engine check' } },
    );
    expect(enrolled.status, enrolled.body.message).toBe(200);
    const { device, device_token } = enrolled.body.data;
    expect(device_token.startsWith(`${manager.companyId}.${device.id}.`)).toBe(true);
    expect(device).not.toHaveProperty('secret_hash');
    const first = await t.call<Reply<Row>>('DELETE', `/api${kioskResource.path}/${device.id}`, {
      token: manager.token,
    });
    expect(first.body.data.revoked_at).toBeTruthy();
    const again = await t.call<Reply<Row>>('DELETE', `/api${kioskResource.path}/${device.id}`, {
      token: manager.token,
    });
    expect(again.body.data.revoked_at).toBe(first.body.data.revoked_at);
    const list = await t.call<Reply<{ results: Row[] }>>('GET', `/api${kioskResource.path}`, {
      token: manager.token,
    });
    expect(list.body.data.results.map((row) => row.id)).toContain(device.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePermissionName } from '@portal/contract/permissions';
import { resourceServices } from '../../src/resources.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

interface Tokens {
  writer: string;
  noPermission: string;
  otherTenant: string;
}

/** What the generic suite needs to know of a resource: a valid create and update payload. */
interface Sample {
  create(t: TestApp, token: string): Promise<Record<string, unknown>>;
  update: Record<string, unknown>;
  /** Who may write it (companies: only the super admin). */
  writer?: 'super_admin';
}

const firstRoleId = async (t: TestApp, token: string) => {
  const roles = await t.call<{ data: { results: { id: number }[] } }>(
    'GET',
    '/api/roles?sort=id&perPage=1',
    { token },
  );
  return roles.body.data.results[0]?.id;
};

// Typed by the resource names, so a new resource does not compile until it has a sample here.
const samples: Record<ResourcePermissionName, Sample> = {
  companies: {
    create: async () => ({ name: 'Generic Co' }),
    update: { name: 'Generic Co Renamed' },
    writer: 'super_admin',
  },
  regions: {
    create: async () => ({ name: 'Generic Region' }),
    update: { name: 'Generic Region Renamed' },
  },
  districts: {
    create: async () => ({ name: 'Generic District' }),
    update: { name: 'Generic District Renamed' },
  },
  stores: {
    create: async () => ({ name: 'Generic Store', time_zone: 'America/Chicago' }),
    update: { name: 'Generic Store Renamed' },
  },
  roles: {
    create: async () => ({ name: 'Generic Role', base_role: 'sub_agent_employee' }),
    update: { name: 'Generic Role Renamed' },
  },
  permission_groups: {
    create: async () => ({ name: 'Generic Group', permissions: ['read_stores'] }),
    update: { name: 'Generic Group Renamed' },
  },
  users: {
    create: async (t, token) => ({
      email: 'generic.person@demo.example',
      first_name: 'Generic',
      last_name: 'Person',
      role_id: await firstRoleId(t, token),
      password: 'Correct-Horse-9',
    }),
    update: { first_name: 'Generic Renamed' },
  },
  sidebar_items: {
    create: async () => ({ name: 'Generic Item', route: '/users' }),
    update: { name: 'Generic Item Renamed' },
  },
  required_fields: {
    create: async () => ({ type: 'Employee', title: 'Generic Field' }),
    update: { title: 'Generic Field Renamed' },
  },
};

let t: TestApp;
let tokens: Tokens;
let superAdmin: string;
beforeAll(async () => {
  t = await startTestApp();
  tokens = {
    writer: await t.login('agent@demo.example'),
    noPermission: await t.login('user@demo.example'),
    otherTenant: await t.login('admin@northwind.example'),
  };
  superAdmin = await t.login('admin@demo.example');
});
afterAll(() => t.close());

type Data<T> = { data: T };

describe.each(resourceServices.map((service) => [service.definition.name, service] as const))(
  'resource %s',
  (name, service) => {
    const { path, messages, deleteMode, searchFields } = service.definition;
    const sample = samples[name];
    const writer = () => (sample.writer === 'super_admin' ? superAdmin : tokens.writer);
    let id: number;
    let created: Record<string, unknown>;

    it('creates with its message and lists, counts, gets, searches the new row', async () => {
      const body = await sample.create(t, writer());
      const res = await t.call<Data<Record<string, unknown> & { id: number }>>(
        'POST',
        `/api/${path.slice(1)}`,
        { token: writer(), body },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: messages.created });
      id = res.body.data.id;
      created = res.body.data;

      const got = await t.call<Data<{ id: number }>>('GET', `/api${path}/${id}`, {
        token: writer(),
      });
      expect(got.body.data).toMatchObject({ id });

      const field = searchFields[0] ?? 'id';
      const term = String(created[field]).slice(0, 12);
      const list = await t.call<Data<{ results: { id: number }[]; total: number }>>(
        'GET',
        `/api${path}?search=${encodeURIComponent(term)}&perPage=5&page=0`,
        { token: writer() },
      );
      expect(list.status).toBe(200);
      expect(list.body.data.results.map((row) => row.id)).toContain(id);
      expect(list.body.data.total).toBeGreaterThanOrEqual(1);

      const count = await t.call<Data<{ total: number }>>(
        'GET',
        `/api${path}/count?filter[id]=${id}`,
        { token: writer() },
      );
      expect(count.body.data.total).toBe(1);
    });

    it('pages and sorts', async () => {
      const asc = await t.call<Data<{ results: { id: number }[]; total: number }>>(
        'GET',
        `/api${path}?sort=id&perPage=2&page=0`,
        { token: writer() },
      );
      const desc = await t.call<Data<{ results: { id: number }[] }>>(
        'GET',
        `/api${path}?sort=-id&perPage=2&page=0`,
        { token: writer() },
      );
      expect(asc.body.data.results.length).toBeLessThanOrEqual(2);
      const ascIds = asc.body.data.results.map((row) => row.id);
      const descIds = desc.body.data.results.map((row) => row.id);
      expect(ascIds).toEqual([...ascIds].sort((a, b) => a - b));
      expect(descIds).toEqual([...descIds].sort((a, b) => b - a));
      if (asc.body.data.total > 2) {
        const next = await t.call<Data<{ results: { id: number }[] }>>(
          'GET',
          `/api${path}?sort=id&perPage=2&page=1`,
          { token: writer() },
        );
        expect(next.body.data.results[0]?.id).toBeGreaterThan(ascIds[1] ?? 0);
      }
    });

    it('updates with its message', async () => {
      const res = await t.call<Data<Record<string, unknown>>>('PATCH', `/api${path}/${id}`, {
        token: writer(),
        body: sample.update,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: messages.updated,
        data: sample.update,
      });
    });

    it('refuses invalid input with field errors and stores nothing', async () => {
      const before = await t.call<Data<{ total: number }>>('GET', `/api${path}/count`, {
        token: writer(),
      });
      const res = await t.call('POST', `/api${path}`, { token: writer(), body: {} });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
      const after = await t.call<Data<{ total: number }>>('GET', `/api${path}/count`, {
        token: writer(),
      });
      expect(after.body.data.total).toBe(before.body.data.total);
    });

    it('answers 404 for a missing id', async () => {
      const res = await t.call('GET', `/api${path}/987654321`, { token: writer() });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`${service.definition.label.one} not found`);
    });

    it('hides the row from another company (404) and leaves it unchanged', async () => {
      const other = tokens.otherTenant;
      expect((await t.call('GET', `/api${path}/${id}`, { token: other })).status).toBe(404);
      expect(
        (await t.call('PATCH', `/api${path}/${id}`, { token: other, body: sample.update })).status,
      ).toBe(sample.writer ? 403 : 404);
      expect((await t.call('DELETE', `/api${path}/${id}`, { token: other })).status).toBe(
        sample.writer ? 403 : 404,
      );
      const list = await t.call<Data<{ results: { id: number }[] }>>(
        'GET',
        `/api${path}?perPage=1000`,
        { token: other },
      );
      expect(list.body.data.results.map((row) => row.id)).not.toContain(id);
      const still = await t.call<Data<Record<string, unknown>>>('GET', `/api${path}/${id}`, {
        token: writer(),
      });
      expect(still.body.data).toMatchObject(sample.update);
    });

    it('refuses writes without the permission (403)', async () => {
      const res = await t.call('PATCH', `/api${path}/${id}`, {
        token: tokens.noPermission,
        body: sample.update,
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        message: 'You do not have permission to do this',
      });
    });

    it(`deletes as it declares (${deleteMode}) with its message`, async () => {
      const res = await t.call<Data<Record<string, unknown>>>('DELETE', `/api${path}/${id}`, {
        token: writer(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(messages.deleted);
      const after = await t.call<Data<Record<string, unknown>>>('GET', `/api${path}/${id}`, {
        token: writer(),
      });
      if (deleteMode === 'remove') expect(after.status).toBe(404);
      if (deleteMode === 'flag') expect(after.body.data).toMatchObject({ is_deleted: true });
      if (deleteMode === 'deactivate') {
        expect(after.body.data).toMatchObject({ is_active: false });
        const activated = await t.call<Data<Record<string, unknown>>>(
          'DELETE',
          `/api${path}/activate/${id}`,
          { token: writer() },
        );
        expect(activated.body).toMatchObject({
          success: true,
          message: messages.activated,
          data: { is_active: true },
        });
      }
    });
  },
);

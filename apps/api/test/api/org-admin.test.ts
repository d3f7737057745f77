import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: string;
let manager: string;
let employee: string;
let baseUser: string;
let north: string;
beforeAll(async () => {
  t = await startTestApp();
  [agent, manager, employee, baseUser, north] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('manager@demo.example'),
    t.login('employee@demo.example'),
    t.login('user@demo.example'),
    t.login('admin@northwind.example'),
  ]);
});
afterAll(() => t.close());

type Data<T> = { data: T };
type List<T> = Data<{ results: T[]; total: number }>;
type Me = Data<{ id: number; email: string; company_id: number }>;

const firstId = async (token: string, path: string) => {
  const res = await t.call<List<{ id: number }>>('GET', `/api${path}`, { token });
  const found = res.body.data.results[0]?.id;
  if (found === undefined) throw new Error(`nothing at ${path}`);
  return found;
};
const me = async (token: string) => (await t.call<Me>('GET', '/api/auth/me', { token })).body.data;
const userId = async (email: string) =>
  firstId(agent, `/users?filter[email]=${encodeURIComponent(email)}`);

describe('GET /stores/all', () => {
  it('groups the active stores by district name, unnamed district last, own company only', async () => {
    const loose = await t.call<Data<{ id: number }>>('POST', '/api/stores', {
      token: agent,
      body: { name: 'Loose Store', time_zone: 'America/Chicago' },
    });
    const closed = await firstId(agent, '/stores?filter[name]=Oak Park');
    await t.call('DELETE', `/api/stores/${closed}`, { token: agent });

    const res = await t.call<
      Data<{
        results: {
          district: string;
          district_id: number | null;
          stores: { id: number; name: string; time_zone: string; district: { name: string } }[];
        }[];
        total: number;
      }>
    >('GET', '/api/stores/all', { token: baseUser });
    expect(res.status).toBe(200);
    const groups = res.body.data.results;
    const names = groups.map((group) => group.district);
    expect(names.at(-1)).toBe('unnamed district');
    expect(names.slice(0, -1)).toEqual([...names.slice(0, -1)].sort((a, b) => a.localeCompare(b)));
    const unnamed = groups.at(-1);
    expect(unnamed?.district_id).toBeNull();
    expect(unnamed?.stores).toEqual([
      {
        id: loose.body.data.id,
        name: 'Loose Store',
        unique_id: expect.any(String),
        time_zone: 'America/Chicago',
        district_id: null,
        district: { name: 'unnamed district' },
      },
    ]);
    const metro = groups.find((group) => group.district === 'Metro New York');
    expect(metro?.stores.map((store) => store.name)).toEqual(['Brooklyn Heights', 'Times Square']);
    expect(metro?.stores[0]?.district).toEqual({ name: 'Metro New York' });

    const all = groups.flatMap((group) => group.stores.map((store) => store.name));
    expect(all).not.toContain('Oak Park');
    expect(all).not.toContain('Minneapolis Downtown');
    expect(res.body.data.total).toBe(all.length);
  });

  it('lists locations with district and region', async () => {
    const res = await t.call<
      List<{ name: string; district: { name: string }; region: { name: string } | null }>
    >('GET', '/api/stores/locations/all', { token: agent });
    expect(res.status).toBe(200);
    expect(res.body.data.results.find((s) => s.name === 'Santa Monica')).toMatchObject({
      district: { name: 'Southern California' },
      region: { name: 'West' },
      address: expect.any(String),
    });
    expect(res.body.data.results.map((s) => s.name)).not.toContain('Minneapolis Downtown');
  });
});

describe('GET /stores/time_status/{id}', () => {
  it("tells the store's local time and whether it is open by its hours", async () => {
    const id = await firstId(agent, '/stores?filter[name]=Santa Monica');
    await t.call('PATCH', `/api/stores/${id}`, {
      token: agent,
      body: { opens_at: '00:00', closes_at: '00:00' },
    });
    const open = await t.call<Data<Record<string, unknown>>>(
      'GET',
      `/api/stores/time_status/${id}`,
      { token: employee },
    );
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({
      store_id: id,
      time_zone: 'America/Los_Angeles',
      is_open: true,
      status: 'open',
      local_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      local_time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
      utc_offset: expect.stringMatching(/^-0[78]:00$/),
    });

    await t.call('PATCH', `/api/stores/${id}`, {
      token: agent,
      body: { opens_at: null, closes_at: null },
    });
    const unset = await t.call<Data<Record<string, unknown>>>(
      'GET',
      `/api/stores/time_status/${id}`,
      { token: employee },
    );
    expect(unset.body.data).toMatchObject({ is_open: null, status: 'hours_not_set' });
  });

  it('refuses bad hours and hides other companies stores', async () => {
    const id = await firstId(agent, '/stores?filter[name]=Pasadena');
    const bad = await t.call('PATCH', `/api/stores/${id}`, {
      token: agent,
      body: { opens_at: '25:00' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('opens_at');
    const northStore = await firstId(north, '/stores');
    expect(
      (await t.call('GET', `/api/stores/time_status/${northStore}`, { token: agent })).status,
    ).toBe(404);
  });
});

describe('POST /stores/report', () => {
  it('counts stores, active and inactive, by district and region', async () => {
    const all = await t.call<List<{ is_active: boolean; district_id: number | null }>>(
      'GET',
      '/api/stores?perPage=1000',
      { token: agent },
    );
    const report = await t.call<
      Data<{
        total: number;
        active: number;
        inactive: number;
        by_region: { name: string; total: number; active: number; inactive: number }[];
        by_district: { name: string; total: number; active: number; inactive: number }[];
      }>
    >('POST', '/api/stores/report', { token: agent, body: {} });
    expect(report.status).toBe(200);
    const stores = all.body.data.results;
    const { data } = report.body;
    expect(data.total).toBe(stores.length);
    expect(data.active).toBe(stores.filter((s) => s.is_active).length);
    expect(data.active + data.inactive).toBe(data.total);
    expect(data.by_region.reduce((sum, r) => sum + r.total, 0)).toBe(data.total);
    expect(data.by_district.reduce((sum, d) => sum + d.inactive, 0)).toBe(data.inactive);
    expect(data.by_region.find((r) => r.name === 'West')).toMatchObject({ total: 3 });

    const east = await firstId(agent, '/regions?filter[name]=East');
    const narrowed = await t.call<Data<{ total: number; by_region: { name: string }[] }>>(
      'POST',
      '/api/stores/report',
      { token: agent, body: { region_id: east } },
    );
    expect(narrowed.body.data.by_region.map((r) => r.name)).toEqual(['East']);
    expect(narrowed.body.data.total).toBe(3);
  });

  it('needs read_stores', async () => {
    const north = await t.call<Data<{ total: number }>>('POST', '/api/stores/report', {
      token: await t.login('admin@northwind.example'),
      body: {},
    });
    expect(north.body.data.total).toBe(1);
  });
});

describe('user stores', () => {
  it("lets a user read their own stores, primary first, but not other users' stores", async () => {
    const self = await me(employee);
    const own = await t.call<
      List<{
        store_id: number;
        is_primary: boolean;
        store: { name: string; district: { name: string } };
      }>
    >('GET', `/api/user-stores/users/${self.id}`, { token: employee });
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBeGreaterThanOrEqual(2);
    expect(own.body.data.total).toBeLessThanOrEqual(3);
    expect(own.body.data.results[0]?.is_primary).toBe(true);
    expect(own.body.data.results.filter((row) => row.is_primary)).toHaveLength(1);
    expect(own.body.data.results[0]?.store.district.name).toEqual(expect.any(String));

    const other = await userId('manager@demo.example');
    expect(
      (await t.call('GET', `/api/user-stores/users/${other}`, { token: employee })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/user-stores/users/${other}`, { token: agent })).status).toBe(
      200,
    );
    const northUser = (await me(north)).id;
    for (const path of ['users', 'primary-locations']) {
      const res = await t.call('GET', `/api/user-stores/${path}/${northUser}`, { token: agent });
      expect(res.status).toBe(404);
    }
  });

  it('keeps one primary store per user', async () => {
    const managerId = await userId('manager@demo.example');
    const rows = await t.call<List<{ id: number; store_id: number; is_primary: boolean }>>(
      'GET',
      `/api/user-stores?filter[user_id]=${managerId}&sort=id`,
      { token: agent },
    );
    const secondary = rows.body.data.results.find((row) => !row.is_primary);
    if (!secondary) throw new Error('manager has one store');
    const made = await t.call('PATCH', `/api/user-stores/${secondary.id}`, {
      token: agent,
      body: { is_primary: true },
    });
    expect(made.body).toMatchObject({ success: true, message: 'UserStore updated' });
    const primary = await t.call<Data<{ store_id: number }>>(
      'GET',
      `/api/user-stores/primary-locations/${managerId}`,
      { token: agent },
    );
    expect(primary.body.data.store_id).toBe(secondary.store_id);
    const after = await t.call<List<{ is_primary: boolean }>>(
      'GET',
      `/api/user-stores?filter[user_id]=${managerId}`,
      { token: agent },
    );
    expect(after.body.data.results.filter((row) => row.is_primary)).toHaveLength(1);
  });

  it('refuses a duplicate pair (409) and a store of another company (400), storing nothing', async () => {
    // A user the agent may act on (the rank rule: strictly below the agent).
    const manageable = new Set(
      (
        await t.call<List<{ id: number; can_manage: boolean }>>('GET', '/api/users?perPage=1000', {
          token: agent,
        })
      ).body.data.results
        .filter((user) => user.can_manage)
        .map((user) => user.id),
    );
    const row = (
      await t.call<List<{ user_id: number; store_id: number }>>(
        'GET',
        '/api/user-stores?perPage=1000',
        { token: agent },
      )
    ).body.data.results.find((assigned) => manageable.has(assigned.user_id));
    if (!row) throw new Error('no assignments seeded');
    const before = (
      await t.call<Data<{ total: number }>>('GET', '/api/user-stores/count', { token: agent })
    ).body.data.total;
    const dup = await t.call('POST', '/api/user-stores', {
      token: agent,
      body: { user_id: row.user_id, store_id: row.store_id },
    });
    expect(dup.status).toBe(409);
    const foreign = await t.call('POST', '/api/user-stores', {
      token: agent,
      body: { user_id: row.user_id, store_id: await firstId(north, '/stores') },
    });
    expect(foreign.status).toBe(400);
    const after = (
      await t.call<Data<{ total: number }>>('GET', '/api/user-stores/count', { token: agent })
    ).body.data.total;
    expect(after).toBe(before);
  });
});

describe('GET /user-roles and who may give which role', () => {
  it('lists only roles strictly below the caller, never super_admin for others', async () => {
    const res = await t.call<
      Data<{
        results: { base_role: string; access_level: number }[];
        base_roles: { base_role: string }[];
      }>
    >('GET', '/api/user-roles', { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.results.length).toBeGreaterThan(0);
    // Strictly below the store manager (3): nobody gives a role at their own rank (rank.ts).
    expect(res.body.data.results.every((role) => role.access_level < 3)).toBe(true);
    // Base roles for a new role: strictly below the caller's own (rank rule).
    expect(res.body.data.base_roles.map((r) => r.base_role)).toEqual([
      'sub_agent_employee',
      'warehouse_account',
      'call_center_agent',
      'base_user',
    ]);
    const forAgent = await t.call<Data<{ results: { base_role: string }[] }>>(
      'GET',
      '/api/user-roles',
      {
        token: agent,
      },
    );
    expect(forAgent.body.data.results.map((r) => r.base_role)).not.toContain('master_agent');
    expect(forAgent.body.data.results.map((r) => r.base_role)).toContain('sub_agent_admin');
    expect(forAgent.body.data.results.map((r) => r.base_role)).not.toContain('super_admin');
    expect((await t.call('GET', '/api/user-roles', { token: baseUser })).status).toBe(403);
  });

  it('refuses to give a role above the caller, on users and on roles', async () => {
    const masterRole = await firstId(agent, '/roles?filter[base_role]=master_agent');
    const res = await t.call('POST', '/api/users', {
      token: manager,
      body: {
        email: 'climber@demo.example',
        first_name: 'Clim',
        last_name: 'Ber',
        role_id: masterRole,
        password: 'Long-enough-9',
      },
    });
    expect(res.status).toBe(403);
    expect(
      (
        await t.call<Data<{ total: number }>>(
          'GET',
          '/api/users/count?filter[email]=climber@demo.example',
          { token: agent },
        )
      ).body.data.total,
    ).toBe(0);
    const role = await t.call('POST', '/api/roles', {
      token: agent,
      body: { name: 'Sneaky Super', base_role: 'super_admin' },
    });
    expect(role.status).toBe(403);
  });
});

describe('B2B flag', () => {
  it('toggles on a role, district, store and region through PATCH, changing nothing else', async () => {
    for (const path of ['/roles', '/districts', '/stores', '/regions']) {
      const id = await firstId(agent, `${path}?sort=-id&filter[is_active]=true`);
      const before = await t.call<Data<Record<string, unknown>>>('GET', `/api${path}/${id}`, {
        token: agent,
      });
      const on = await t.call<Data<{ is_b2b: boolean }>>('PATCH', `/api${path}/${id}`, {
        token: agent,
        body: { is_b2b: true },
      });
      expect(on.status, path).toBe(200);
      expect(on.body.data.is_b2b).toBe(true);
      const read = await t.call<Data<Record<string, unknown>>>('GET', `/api${path}/${id}`, {
        token: agent,
      });
      // A PATCH changes only what it names: no default fills the fields left out.
      expect(read.body.data).toEqual({ ...before.body.data, is_b2b: true });
      const off = await t.call<Data<{ is_b2b: boolean }>>('PATCH', `/api${path}/${id}`, {
        token: agent,
        body: { is_b2b: false },
      });
      expect(off.body.data.is_b2b).toBe(false);
    }
    const store = await firstId(agent, '/stores?filter[name]=Santa Monica');
    const edited = await t.call<Data<{ district_id: number | null; time_zone: string }>>(
      'PATCH',
      `/api/stores/${store}`,
      { token: agent, body: { phone: '555-0100' } },
    );
    expect(edited.body.data.district_id).not.toBeNull();
    expect(edited.body.data.time_zone).toBe('America/Los_Angeles');
  });
});

describe('support tickets', () => {
  it('lists ticket types by id for everyone, the first one first', async () => {
    const res = await t.call<List<{ id: number; title: string }>>(
      'GET',
      '/api/support-ticket-types',
      {
        token: baseUser,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]?.title).toBe('Technical Issue');
    const ids = res.body.data.results.map((type) => type.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('lets any signed-in user send a ticket, as themselves, in their own company', async () => {
    const typeId = await firstId(baseUser, '/support-ticket-types');
    const storeId = await firstId(baseUser, '/stores');
    const sent = await t.call<Data<Record<string, unknown>>>(
      'POST',
      '/api/support-tickets/submit',
      {
        token: baseUser,
        body: {
          type_id: typeId,
          detail: 'The printer is jammed',
          store_id: storeId,
          sent_from_route: '/oneview',
        },
      },
    );
    expect(sent.status).toBe(200);
    const self = await me(baseUser);
    expect(sent.body).toMatchObject({
      success: true,
      message: 'SupportTicket added',
      data: {
        type_id: typeId,
        detail: 'The printer is jammed',
        email: 'user@demo.example',
        store_id: storeId,
        sent_from_route: '/oneview',
        status: 'open',
        user_id: self.id,
      },
    });
    // The company comes from the session, never from the body.
    const forged = await t.call('POST', '/api/support-tickets/submit', {
      token: baseUser,
      body: { type_id: typeId, detail: 'x', company_id: 2 },
    });
    expect(forged.status).toBe(400);
    const empty = await t.call('POST', '/api/support-tickets/submit', {
      token: baseUser,
      body: { type_id: typeId, detail: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.detail).toEqual(['Details is required']);
    const foreignType = await firstId(north, '/support-ticket-types');
    const crossed = await t.call('POST', '/api/support-tickets/submit', {
      token: baseUser,
      body: { type_id: foreignType, detail: 'Wrong company type' },
    });
    expect(crossed.status).toBe(400);

    // Reading and closing tickets needs the permissions.
    expect((await t.call('GET', '/api/support-tickets', { token: baseUser })).status).toBe(403);
    const listed = await t.call<List<{ id: number }>>('GET', '/api/support-tickets', {
      token: agent,
    });
    expect(listed.body.data.results.map((row) => row.id)).toContain(sent.body.data.id);
    const northList = await t.call<List<{ id: number }>>('GET', '/api/support-tickets', {
      token: north,
    });
    expect(northList.body.data.results.map((row) => row.id)).not.toContain(sent.body.data.id);
  });

  it('keeps a ticket type that has tickets', async () => {
    const typeId = await firstId(baseUser, '/support-ticket-types');
    const res = await t.call('DELETE', `/api/support-ticket-types/${typeId}`, { token: agent });
    expect(res.status).toBe(409);
    expect(
      (await t.call('GET', `/api/support-ticket-types/${typeId}`, { token: agent })).status,
    ).toBe(200);
  });
});

describe('embeds', () => {
  it('takes only https addresses', async () => {
    const res = await t.call('POST', '/api/embeds', {
      token: agent,
      body: { slug: 'plain-http', title: 'Plain', url: 'http://example.com/' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.url).toEqual(['Enter an https:// address']);
    const script = await t.call('POST', '/api/embeds', {
      token: agent,
      body: { slug: 'scripted', title: 'Scripted', url: 'javascript:alert(1)' },
    });
    expect(script.status).toBe(400);
  });

  it("finds an embed by slug in the caller's company only", async () => {
    const res = await t.call<Data<{ slug: string; url: string }>>(
      'GET',
      '/api/embeds/slug/training-videos',
      {
        token: employee,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      slug: 'training-videos',
      url: 'https://example.com/training',
    });
    expect((await t.call('GET', '/api/embeds/slug/training-videos', { token: north })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/embeds/slug/Not%20A%20Slug', { token: agent })).status).toBe(
      400,
    );
  });

  it('keeps an embed a sidebar item links to', async () => {
    const embed = await firstId(agent, '/embeds?filter[slug]=training-videos');
    const item = await t.call<Data<{ id: number }>>('POST', '/api/sidebar-items', {
      token: agent,
      body: { name: 'Training', route: '/e/training-videos', embed_and_links_id: embed },
    });
    const refused = await t.call('DELETE', `/api/embeds/${embed}`, { token: agent });
    expect(refused.status).toBe(409);
    await t.call('DELETE', `/api/sidebar-items/${item.body.data.id}`, { token: agent });
    const removed = await t.call('DELETE', `/api/embeds/${embed}`, { token: agent });
    expect(removed.body).toMatchObject({ success: true, message: 'EmbedsAndLink deleted' });
  });
});

describe('module fields', () => {
  const contactFields = async (token: string) =>
    (
      await t.call<
        List<{ id: number; field_key: string; label: string; order: number; is_visible: boolean }>
      >('GET', '/api/module-fields-admin?filter[module]=contact_us&sort=order', { token })
    ).body.data.results;

  it('updates many fields in one call', async () => {
    const [name, email] = await contactFields(agent);
    if (!name || !email) throw new Error('contact_us fields not seeded');
    const res = await t.call<List<{ id: number; label: string; order: number }>>(
      'PATCH',
      '/api/module-fields-admin/update/bulk',
      {
        token: agent,
        body: {
          items: [
            { id: name.id, label: 'Full name', order: 1 },
            { id: email.id, order: 0 },
          ],
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Module fields updated');
    const after = await contactFields(agent);
    expect(after.slice(0, 2).map((f) => [f.field_key, f.label])).toEqual([
      ['email', 'Email'],
      ['name', 'Full name'],
    ]);
  });

  it('changes nothing when one change breaks a rule or names a field of another company', async () => {
    const before = await contactFields(agent);
    const [first, second] = before;
    if (!first || !second) throw new Error('contact_us fields not seeded');
    const clash = await t.call('PATCH', '/api/module-fields-admin/update/bulk', {
      token: agent,
      body: {
        items: [
          { id: first.id, label: 'Changed then undone' },
          { id: second.id, field_key: first.field_key },
        ],
      },
    });
    expect(clash.status).toBe(409);
    expect(await contactFields(agent)).toEqual(before);

    const [foreign] = await contactFields(north);
    const crossed = await t.call('PATCH', '/api/module-fields-admin/update/bulk', {
      token: agent,
      body: {
        items: [
          { id: first.id, label: 'Also undone' },
          { id: foreign?.id, label: 'Not yours' },
        ],
      },
    });
    expect(crossed.status).toBe(404);
    expect(await contactFields(agent)).toEqual(before);
    expect(await contactFields(north)).toEqual([foreign, ...(await contactFields(north)).slice(1)]);

    const dupes = await t.call('PATCH', '/api/module-fields-admin/update/bulk', {
      token: agent,
      body: {
        items: [
          { id: first.id, order: 3 },
          { id: first.id, order: 4 },
        ],
      },
    });
    expect(dupes.status).toBe(400);
    const denied = await t.call('PATCH', '/api/module-fields-admin/update/bulk', {
      token: employee,
      body: { items: [{ id: first.id, label: 'Nope' }] },
    });
    expect(denied.status).toBe(403);
    expect(await contactFields(agent)).toEqual(before);
  });

  it("serves a company's visible fields publicly, without a token", async () => {
    const fields = await contactFields(agent);
    const phone = fields.find((f) => f.field_key === 'phone');
    await t.call('PATCH', `/api/module-fields-admin/${phone?.id}`, {
      token: agent,
      body: { is_visible: false },
    });
    const companyId = (await me(agent)).company_id;
    const res = await t.call<List<Record<string, unknown>>>(
      'GET',
      `/api/public/module-fields-admin?company_id=${companyId}&module=contact_us`,
    );
    expect(res.status).toBe(200);
    const keys = res.body.data.results.map((f) => f.field_key);
    expect(keys).toContain('email');
    expect(keys).not.toContain('phone');
    expect(Object.keys(res.body.data.results[0] ?? {}).sort()).toEqual([
      'field_key',
      'is_required',
      'label',
      'module',
      'order',
    ]);
    expect((await t.call('GET', '/api/public/module-fields-admin?company_id=999999')).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/public/module-fields-admin?company_id=abc')).status).toBe(
      400,
    );
  });
});

describe('payment accounts (/charge/account)', () => {
  it('adds, reads by store, updates and removes with its messages', async () => {
    const storeId = await firstId(agent, '/stores?filter[name]=Times Square');
    const none = await t.call<Data<unknown>>('GET', `/api/charge/account/${storeId}`, {
      token: agent,
    });
    expect(none.body).toMatchObject({ success: true, data: null });

    const added = await t.call<Data<{ id: number }>>('POST', '/api/charge/account', {
      token: agent,
      body: { store_id: storeId, account_ref: 'acct_1DemoTimes', display_name: 'Times Square' },
    });
    expect(added.body).toMatchObject({
      success: true,
      message: 'Payment Account added',
      data: { store_id: storeId, provider: 'stripe', charge_enabled: false },
    });
    const accountId = added.body.data.id;
    const again = await t.call('POST', '/api/charge/account', {
      token: agent,
      body: { store_id: storeId, account_ref: 'acct_2Other' },
    });
    expect(again.status).toBe(409);

    const read = await t.call<Data<{ id: number }>>('GET', `/api/charge/account/${storeId}`, {
      token: agent,
    });
    expect(read.body.data.id).toBe(accountId);

    const updated = await t.call('PATCH', `/api/charge/account/${accountId}`, {
      token: agent,
      body: { charge_enabled: true },
    });
    expect(updated.body).toMatchObject({
      message: 'Payment Account updated',
      data: { charge_enabled: true },
    });

    // Another company sees neither the store nor the account; a base user may not write.
    expect((await t.call('GET', `/api/charge/account/${storeId}`, { token: north })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('PATCH', `/api/charge/account/${accountId}`, {
          token: north,
          body: { charge_enabled: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/charge/account/${accountId}`, { token: north })).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/charge/account', {
          token: baseUser,
          body: { store_id: storeId, account_ref: 'acct_x1' },
        })
      ).status,
    ).toBe(403);
    const foreignStore = await t.call('POST', '/api/charge/account', {
      token: agent,
      body: { store_id: await firstId(north, '/stores'), account_ref: 'acct_3Foreign' },
    });
    expect(foreignStore.status).toBe(400);

    const removed = await t.call('DELETE', `/api/charge/account/${accountId}`, { token: agent });
    expect(removed.body).toMatchObject({ success: true, message: 'Payment Account removed' });
    const gone = await t.call<Data<unknown>>('GET', `/api/charge/account/${storeId}`, {
      token: agent,
    });
    expect(gone.body.data).toBeNull();
  });
});

describe('company carriers and taxes', () => {
  it('lists the company carriers with the related carrier', async () => {
    const res = await t.call<List<{ carrier: { name: string } | null }>>(
      'GET',
      '/api/company-carriers?related=carrier&perPage=9999',
      { token: employee },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((row) => row.carrier?.name).sort()).toEqual([
      'AT&T',
      'T-Mobile',
      'Verizon',
    ]);
    const northRes = await t.call<List<{ carrier: { name: string } | null }>>(
      'GET',
      '/api/company-carriers?related=carrier',
      { token: north },
    );
    expect(northRes.body.data.results.map((row) => row.carrier?.name)).toEqual(['Verizon']);
  });

  it('keeps tax rates as whole basis points', async () => {
    const res = await t.call('POST', '/api/taxInfo', {
      token: agent,
      body: { name: 'Float Tax', rate_bps: 8.25 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('rate_bps');
    const ok = await t.call('POST', '/api/taxInfo', {
      token: agent,
      body: { name: 'City Tax', rate_bps: 225 },
    });
    expect(ok.body).toMatchObject({ message: 'Tax added', data: { rate_bps: 225 } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: string;
let manager: string;
let employee: string;
let northwind: string;
beforeAll(async () => {
  t = await startTestApp();
  [agent, manager, employee, northwind] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('manager@demo.example'),
    t.login('employee@demo.example'),
    t.login('admin@northwind.example'),
  ]);
});
afterAll(() => t.close());

type List<T> = { data: { results: T[]; total: number } };
interface Company {
  id: number;
  name: string;
  theme_color: string;
  timezone: string;
  timeout_limit: number;
  logo_url: string | null;
}

const ownCompany = async (token: string) =>
  (await t.call<{ data: Company }>('GET', '/api/company-settings', { token })).body.data;

describe('/company-settings (My Company Settings)', () => {
  it("reads and changes the caller's own company, with the company messages", async () => {
    const before = await ownCompany(manager);
    expect(before.name).toBe('Demo Wireless');
    const northwindBefore = await ownCompany(northwind);
    expect(northwindBefore.name).not.toBe(before.name);

    // A store manager has can_edit_own_company_settings but not write_companies.
    const viaCompanies = await t.call('PATCH', `/api/companies/${before.id}`, {
      token: manager,
      body: { name: 'Nope' },
    });
    expect(viaCompanies.status).toBe(403);

    const changed = await t.call<{ data: Company }>('PATCH', '/api/company-settings', {
      token: manager,
      body: { theme_color: '#0551a3', timeout_limit: 25 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Company updated');
    expect(changed.body.data).toMatchObject({
      id: before.id,
      name: 'Demo Wireless',
      theme_color: '#0551a3',
      timeout_limit: 25,
      // Left out of the request: kept, not reset to the create default.
      timezone: before.timezone,
    });
    expect(await ownCompany(agent)).toMatchObject({ theme_color: '#0551a3', timeout_limit: 25 });
    // Another company is untouched, and changes only its own.
    expect(await ownCompany(northwind)).toEqual(northwindBefore);
    const theirs = await t.call<{ data: Company }>('PATCH', '/api/company-settings', {
      token: northwind,
      body: { timezone: 'America/Chicago' },
    });
    expect(theirs.body.data.id).toBe(northwindBefore.id);
    expect((await ownCompany(manager)).timezone).toBe(before.timezone);
  });

  it('refuses users without can_edit_own_company_settings (403) and changes nothing', async () => {
    const before = await ownCompany(agent);
    expect((await t.call('GET', '/api/company-settings', { token: employee })).status).toBe(403);
    const denied = await t.call('PATCH', '/api/company-settings', {
      token: employee,
      body: { name: 'Taken over' },
    });
    expect(denied.status).toBe(403);
    expect((await t.call('GET', '/api/company-settings', { token: null })).status).toBe(460);
    expect(await ownCompany(agent)).toEqual(before);
  });

  it('answers bad values with 400 and field errors, storing nothing', async () => {
    const before = await ownCompany(agent);
    for (const [body, field] of [
      [{ name: '  ' }, 'name'],
      [{ theme_color: 'blue' }, 'theme_color'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ timeout_limit: 0 }, 'timeout_limit'],
      [{ is_active: false }, ''],
      [{ name: 'Renamed', id: 2 }, ''],
    ] as const) {
      const res = await t.call('PATCH', '/api/company-settings', { token: agent, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await ownCompany(agent)).toEqual(before);
  });
});

describe('filter[field] on text columns', () => {
  const names = ['Cable 50% off', 'Cable 50 off', 'Case_Blue', 'CaseXBlue', 'Back\\slash'];
  beforeAll(async () => {
    for (const name of names) {
      const res = await t.call('POST', '/api/categories', { token: agent, body: { name } });
      expect(res.status).toBe(200);
    }
  });
  const filtered = async (field: string, value: string, path = '/api/categories') =>
    (
      await t.call<List<{ name: string }>>(
        'GET',
        `${path}?perPage=100&sort=name&filter[${field}]=${encodeURIComponent(value)}`,
        { token: agent },
      )
    ).body.data.results
      .map((row) => row.name)
      .sort(); // in code-point order: the database's collation may differ

  it('is a case-insensitive contains', async () => {
    expect(await filtered('name', 'CABLE 5')).toEqual(['Cable 50 off', 'Cable 50% off']);
    expect(await filtered('name', 'blue')).toEqual(['CaseXBlue', 'Case_Blue']);
  });

  it('takes % and _ (and \\) literally', async () => {
    expect(await filtered('name', '50%')).toEqual(['Cable 50% off']);
    expect(await filtered('name', '%')).toEqual(['Cable 50% off']);
    expect(await filtered('name', 'e_b')).toEqual(['Case_Blue']);
    expect(await filtered('name', '\\')).toEqual(['Back\\slash']);
    expect(await filtered('name', 'k\\s')).toEqual(['Back\\slash']);
  });

  it('counts the same rows as it lists', async () => {
    const res = await t.call<{ data: { total: number } }>(
      'GET',
      `/api/categories/count?filter[name]=${encodeURIComponent('cable 50')}`,
      { token: agent },
    );
    expect(res.body.data.total).toBe(2);
  });

  it('keeps equality for ids and fixed choices', async () => {
    // base_role is an enum: "agent" is part of master_agent but matches nothing.
    expect(await filtered('base_role', 'agent', '/api/roles')).toEqual([]);
    expect(await filtered('base_role', 'master_agent', '/api/roles')).toHaveLength(1);
    const roles = await t.call<List<{ id: number }>>('GET', '/api/roles?sort=id', {
      token: agent,
    });
    const first = roles.body.data.results[0]?.id ?? 0;
    const byId = await t.call<List<{ id: number }>>('GET', `/api/roles?filter[id]=${first}`, {
      token: agent,
    });
    expect(byId.body.data.results.map((row) => row.id)).toEqual([first]);
  });

  it("never reaches another company's rows", async () => {
    const theirs = await t.call<List<{ name: string }>>(
      'GET',
      '/api/categories?filter[name]=cable',
      { token: northwind },
    );
    expect(theirs.body.data.results).toEqual([]);
  });
});

describe('GET /charge/account (the Payment Accounts list)', () => {
  it("lists the company's accounts with their stores, never another company's", async () => {
    const stores = await t.call<List<{ id: number; name: string }>>(
      'GET',
      '/api/stores?perPage=100&sort=id',
      { token: agent },
    );
    const accounts = await t.call<List<{ store_id: number }>>('GET', '/api/charge/account', {
      token: agent,
    });
    const used = new Set(accounts.body.data.results.map((row) => row.store_id));
    const store = stores.body.data.results.find((row) => !used.has(row.id));
    if (!store) throw new Error('every demo store has an account');
    const created = await t.call<{ data: { id: number } }>('POST', '/api/charge/account', {
      token: agent,
      body: { store_id: store.id, account_ref: 'acct_List_Test', display_name: 'List test' },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Payment Account added');

    const listed = await t.call<
      List<{ id: number; account_ref: string; store: { name: string } | null }>
    >('GET', '/api/charge/account?related=store&search=list_test', { token: agent });
    expect(listed.status).toBe(200);
    expect(listed.body.data.results).toEqual([
      expect.objectContaining({
        id: created.body.data.id,
        account_ref: 'acct_List_Test',
        store: expect.objectContaining({ name: store.name }),
      }),
    ]);
    const theirs = await t.call<List<{ id: number }>>('GET', '/api/charge/account', {
      token: northwind,
    });
    expect(theirs.body.data.results.map((row) => row.id)).not.toContain(created.body.data.id);
    expect((await t.call('GET', '/api/charge/account', { token: employee })).status).toBe(403);
    expect((await t.call('GET', '/api/charge/account?perPage=0', { token: agent })).status).toBe(
      400,
    );
  });
});

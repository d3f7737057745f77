// Issue 14 item 11: lists answer the names of what their rows reference, so a role that may not
// read /roles or /districts (the demo call center agent) still reads names, never ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type List<T> = { data: { results: T[] } };

let t: TestApp;
let callCenter: string;

beforeAll(async () => {
  t = await startTestApp();
  callCenter = await t.login('callcenter@demo.example');
});
afterAll(() => t.close());

describe('names with the rows', () => {
  it('the call center may not read /roles or /districts', async () => {
    expect((await t.call('GET', '/api/roles', { token: callCenter })).status).toBe(403);
    expect((await t.call('GET', '/api/districts', { token: callCenter })).status).toBe(403);
  });

  it('GET /users names each role and store', async () => {
    const res = await t.call<
      List<{
        email: string;
        role_name: string | null;
        store_name: string | null;
        current_store: number | null;
      }>
    >('GET', '/api/users?perPage=50', { token: callCenter });
    expect(res.status).toBe(200);
    const rows = res.body.data.results;
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.role_name, row.email).toEqual(expect.any(String));
    expect(rows.find((row) => row.email === 'user@demo.example')?.role_name).toBe('Base User');
    for (const row of rows.filter((r) => r.current_store !== null))
      expect(row.store_name, row.email).toEqual(expect.any(String));
  });

  it('GET /stores names each district', async () => {
    const res = await t.call<
      List<{ name: string; district_id: number | null; district_name: string | null }>
    >('GET', '/api/stores?perPage=50', { token: callCenter });
    expect(res.status).toBe(200);
    const withDistrict = res.body.data.results.filter((row) => row.district_id !== null);
    expect(withDistrict.length).toBeGreaterThan(0);
    for (const row of withDistrict) expect(row.district_name, row.name).toEqual(expect.any(String));
  });
});

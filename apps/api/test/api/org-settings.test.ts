import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districts, stores } from '../../src/modules/organisation/schema.ts';
import { defineSetting, readSetting } from '../../src/platform/settings.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** A setting as a module declares it: once, with its schema and default. */
const reminder = defineSetting({
  key: 'test.break_reminder_minutes',
  label: 'Break reminder (minutes)',
  schema: z.number().int().min(0).max(240),
  default: 15,
});

let t: TestApp;
let agent: string;
let employee: string;
let companyId: number;
/** two stores of one district, a store of another district of the same region, a store alone */
let store: number;
let sibling: number;
let cousin: number;
let district: number;
let region: number;

beforeAll(async () => {
  t = await startTestApp();
  [agent, employee] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('employee@demo.example'),
  ]);
  const db = t.database.db;
  const [first] = await db
    .select({ company_id: stores.company_id })
    .from(stores)
    .innerJoin(
      districts,
      and(eq(districts.company_id, stores.company_id), eq(districts.id, stores.district_id)),
    )
    .where(isNotNull(districts.region_id))
    .limit(1);
  companyId = first?.company_id ?? 0;
  // A small tree of its own, so the test does not depend on the demo's shape.
  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call<{ data: { id: number } }>('POST', path, { token: agent, body });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.message}`);
    return res.body.data.id;
  };
  region = await call('/api/regions', { name: 'Settings Region' });
  district = await call('/api/districts', { name: 'Settings District', region_id: region });
  const other = await call('/api/districts', {
    name: 'Settings Other District',
    region_id: region,
  });
  store = await call('/api/stores', { name: 'Settings Store', district_id: district });
  sibling = await call('/api/stores', { name: 'Settings Sibling', district_id: district });
  cousin = await call('/api/stores', { name: 'Settings Cousin', district_id: other });
});
afterAll(async () => {
  await t.close();
});

const put = (body: Record<string, unknown>, token = agent) =>
  t.call('PUT', `/api/org-settings/${reminder.key}`, { token, body });
const read = (storeId: number) => readSetting(t.database.db, { companyId }, reminder, storeId);

describe('settings inherited down the org tree', () => {
  it('answers the default, then the nearest level that sets it', async () => {
    expect(await read(store)).toBe(15);

    expect((await put({ scope: 'company', scope_id: 0, value: 20 })).status).toBe(200);
    expect(await read(store)).toBe(20);
    expect(await readSetting(t.database.db, { companyId }, reminder)).toBe(20);

    await put({ scope: 'region', scope_id: region, value: 25 });
    expect(await read(store)).toBe(25);
    expect(await read(cousin)).toBe(25);

    await put({ scope: 'district', scope_id: district, value: 30 });
    expect(await read(store)).toBe(30);
    expect(await read(sibling)).toBe(30);
    expect(await read(cousin)).toBe(25);

    const saved = await put({ scope: 'store', scope_id: store, value: 45 });
    expect(saved.body.message).toBe('Setting saved');
    expect(await read(store)).toBe(45);
    expect(await read(sibling)).toBe(30);

    // The overview: every level, and what one store gets and from where.
    const seen = await t.call<{ data: Record<string, unknown> }>(
      'GET',
      `/api/org-settings/${reminder.key}?store_id=${sibling}`,
      { token: agent },
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      key: reminder.key,
      default: 15,
      effective: 30,
      effective_from: 'district',
      values: [
        { scope: 'store', scope_id: store, value: 45 },
        { scope: 'district', scope_id: district, value: 30 },
        { scope: 'region', scope_id: region, value: 25 },
        { scope: 'company', scope_id: 0, value: 20 },
      ],
    });

    // Removing the district's value lets the region's apply again.
    const removed = await put({ scope: 'district', scope_id: district, value: null });
    expect(removed.body.message).toBe('Setting removed');
    expect(await read(sibling)).toBe(25);
    expect(await read(store)).toBe(45);
  });

  it('refuses values that do not fit, places of other companies, unknown keys and non-admins', async () => {
    const bad = await put({ scope: 'store', scope_id: store, value: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.value).toBeDefined();
    expect((await put({ scope: 'store', scope_id: 99_999_999, value: 5 })).status).toBe(404);
    expect((await put({ scope: 'company', scope_id: 7, value: 5 })).status).toBe(400);
    const unknown = await t.call('PUT', '/api/org-settings/no.such_setting', {
      token: agent,
      body: { scope: 'company', scope_id: 0, value: 1 },
    });
    expect(unknown.status).toBe(404);
    expect((await put({ scope: 'company', scope_id: 0, value: 5 }, employee)).status).toBe(403);
    // Another company reads its own value (none: the default), never this one's.
    expect(
      await readSetting(t.database.db, { companyId: companyId + 100_000 }, reminder, store),
    ).toBe(15);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAssetMessages, type CompanyAsset } from '@portal/contract/resources/company';
import type { HistoryEntry } from '@portal/contract/resource';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
type Store = { id: number; name: string };

let t: TestApp;
let manager: Person;
let employee: Person;
let northwind: Person;
let stores: Store[];
let theirStore: Store;
let theirUser: number;

const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;
const storeNamed = (name: string) => {
  const store = stores.find((s) => s.name === name);
  if (!store) throw new Error(`no store ${name}`);
  return store;
};
const create = (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<CompanyAsset>>('POST', '/api/company-assets', { token: who.token, body });
const move = (who: Person, id: number, body: Record<string, unknown>) =>
  t.call<Reply<CompanyAsset>>('POST', `/api/company-assets/${id}/move`, {
    token: who.token,
    body,
  });
const history = async (who: Person, id: number) =>
  t.call<Reply<HistoryEntry[]>>('GET', `/api/company-assets/${id}/history`, {
    token: who.token,
  });
const list = async (who: Person, query: string) =>
  (
    await t.call<Reply<{ results: CompanyAsset[]; total: number }>>(
      'GET',
      `/api/company-assets?perPage=100&${query}`,
      { token: who.token },
    )
  ).body.data;

beforeAll(async () => {
  t = await startTestApp();
  [manager, employee, northwind] = await Promise.all([
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  stores = (
    await t.call<Reply<{ results: Store[] }>>('GET', '/api/stores?perPage=100', {
      token: manager.token,
    })
  ).body.data.results;
  const theirs = await t.call<Reply<{ results: Store[] }>>('GET', '/api/stores?perPage=1', {
    token: northwind.token,
  });
  const first = theirs.body.data.results[0];
  if (!first) throw new Error('Northwind has no store');
  theirStore = first;
  theirUser = northwind.id;
});
afterAll(() => t.close());

describe('/asset-tracker: company equipment per store', () => {
  let assetId = 0;
  const laptop = unique('Laptop');

  it('adds equipment with its type, serial, store, assigned person and condition', async () => {
    const res = await create(manager, {
      name: laptop,
      kind: 'equipment',
      asset_type: 'Laptop',
      serial_number: 'SN-12345',
      store_id: storeNamed('Times Square').id,
      assigned_user_id: employee.id,
      condition: 'good',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Company asset added');
    expect(res.body.data).toMatchObject({
      name: laptop,
      kind: 'equipment',
      url: null,
      asset_type: 'Laptop',
      serial_number: 'SN-12345',
      store_id: storeNamed('Times Square').id,
      store_name: 'Times Square',
      assigned_user_id: employee.id,
      assigned_user_name: 'Eli Employee',
      condition: 'good',
      photo_url: null,
    });
    assetId = res.body.data.id;
    const [created] = (await history(manager, assetId)).body.data;
    expect(created).toMatchObject({ action: 'created', user_id: manager.id });
  });

  it('moves it to another store and keeps who, when, from, to and the note', async () => {
    const to = storeNamed('Brooklyn Heights');
    const res = await move(manager, assetId, { store_id: to.id, note: 'Needed for the launch' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(companyAssetMessages.moved);
    expect(res.body.data).toMatchObject({ store_id: to.id, store_name: 'Brooklyn Heights' });
    const [moved, created] = (await history(manager, assetId)).body.data;
    expect(created?.action).toBe('created');
    expect(moved).toMatchObject({
      action: 'move',
      from_status: 'Times Square',
      to_status: 'Brooklyn Heights',
      note: 'Needed for the launch',
      user_id: manager.id,
      user_name: 'Mina Manager',
      before: { store_id: storeNamed('Times Square').id, store_name: 'Times Square' },
      after: { store_id: to.id, store_name: 'Brooklyn Heights' },
    });
    expect(Date.now() - Date.parse(String(moved?.created_at))).toBeLessThan(60_000);
    // Listed under its new store.
    const there = await list(manager, `filter[store_id]=${to.id}&filter[kind]=equipment`);
    expect(there.results.map((row) => row.id)).toContain(assetId);
    const before = await list(
      manager,
      `filter[store_id]=${storeNamed('Times Square').id}&filter[kind]=equipment`,
    );
    expect(before.results.map((row) => row.id)).not.toContain(assetId);
  });

  it("refuses a move to another company's store or to the store it is in; nothing changes", async () => {
    const foreign = await move(manager, assetId, { store_id: theirStore.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.store_id).toEqual(['Store not found']);
    const same = await move(manager, assetId, { store_id: storeNamed('Brooklyn Heights').id });
    expect(same.status).toBe(400);
    expect(same.body.errors?.store_id).toEqual([companyAssetMessages.sameStore]);
    const missing = await move(manager, assetId, {});
    expect(missing.status).toBe(400);
    const trail = (await history(manager, assetId)).body.data;
    expect(trail.filter((entry) => entry.action === 'move')).toHaveLength(1);
    const row = await t.call<Reply<CompanyAsset>>('GET', `/api/company-assets/${assetId}`, {
      token: manager.token,
    });
    expect(row.body.data.store_name).toBe('Brooklyn Heights');
  });

  it('refuses an assigned person of another company, on create and on change', async () => {
    const created = await create(manager, {
      name: unique('Tablet'),
      kind: 'equipment',
      store_id: storeNamed('Oak Park').id,
      assigned_user_id: theirUser,
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toHaveProperty('assigned_user_id');
    const patched = await t.call<Reply<CompanyAsset>>('PATCH', `/api/company-assets/${assetId}`, {
      token: manager.token,
      body: { assigned_user_id: theirUser },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toHaveProperty('assigned_user_id');
    const reassigned = await t.call<Reply<CompanyAsset>>(
      'PATCH',
      `/api/company-assets/${assetId}`,
      { token: manager.token, body: { assigned_user_id: manager.id, condition: 'fair' } },
    );
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data).toMatchObject({
      assigned_user_name: 'Mina Manager',
      condition: 'fair',
    });
  });

  it('needs a store for equipment and an address for a file; the store changes only by a move', async () => {
    const noStore = await create(manager, { name: unique('Router'), kind: 'equipment' });
    expect(noStore.status).toBe(400);
    expect(noStore.body.errors?.store_id).toEqual([companyAssetMessages.storeRequired]);
    const noUrl = await create(manager, { name: unique('Handbook'), kind: 'document' });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.errors?.url).toEqual([companyAssetMessages.urlRequired]);
    const patchStore = await t.call('PATCH', `/api/company-assets/${assetId}`, {
      token: manager.token,
      body: { store_id: storeNamed('Oak Park').id },
    });
    expect(patchStore.status).toBe(400);
    const badCondition = await create(manager, {
      name: unique('Router'),
      kind: 'equipment',
      store_id: storeNamed('Oak Park').id,
      condition: 'shiny',
    });
    expect(badCondition.status).toBe(400);
    // A document is no equipment: it does not move.
    const doc = await create(manager, {
      name: unique('Handbook'),
      kind: 'document',
      url: 'https://example.com/handbook.pdf',
    });
    expect(doc.status).toBe(200);
    expect(doc.body.data.store_id).toBeNull();
    const movedDoc = await move(manager, doc.body.data.id, {
      store_id: storeNamed('Oak Park').id,
    });
    expect(movedDoc.status).toBe(409);
  });

  it('filters by store, type and condition; the count matches the rows', async () => {
    const store = storeNamed('Pasadena');
    const type = unique('Scanner');
    for (const condition of ['new', 'poor', 'poor'])
      expect(
        (
          await create(manager, {
            name: unique('Scanner'),
            kind: 'equipment',
            asset_type: type,
            store_id: store.id,
            condition,
          })
        ).status,
      ).toBe(200);
    const poor = await list(
      manager,
      `filter[store_id]=${store.id}&filter[asset_type]=${encodeURIComponent(type)}&filter[condition]=poor`,
    );
    expect(poor.total).toBe(2);
    expect(poor.results.every((row) => row.condition === 'poor' && row.store_id === store.id)).toBe(
      true,
    );
    const all = await list(manager, `filter[asset_type]=${encodeURIComponent(type)}`);
    expect(all.total).toBe(3);
  });

  it('needs the permission (403) and hides the asset from another company (404)', async () => {
    const url = `/api/company-assets/${assetId}`;
    expect((await t.call('GET', '/api/company-assets', { token: employee.token })).status).toBe(
      403,
    );
    expect((await move(employee, assetId, { store_id: storeNamed('Oak Park').id })).status).toBe(
      403,
    );
    expect((await t.call('GET', url, { token: northwind.token })).status).toBe(404);
    expect((await history(northwind, assetId)).status).toBe(404);
    expect((await move(northwind, assetId, { store_id: theirStore.id })).status).toBe(404);
    const theirList = await list(northwind, 'filter[kind]=equipment');
    expect(theirList.results.map((row) => row.id)).not.toContain(assetId);
  });

  it('keeps a photo uploaded through a signed link, read back through a signed read link', async () => {
    const signed = await t.call<Reply<{ signedUrl: string; fileUrl: string; key: string }>>(
      'POST',
      '/api/company-assets/photos/upload',
      { token: manager.token, body: { file_type: 'image/png', file_name: 'laptop.png' } },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.data.key).toMatch(/^\d+\/asset-photos\//);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await fetch(signed.body.data.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(put.status).toBe(200);
    const patched = await t.call<Reply<CompanyAsset>>('PATCH', `/api/company-assets/${assetId}`, {
      token: manager.token,
      body: { photo_url: signed.body.data.fileUrl },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const photo = String(patched.body.data.photo_url);
    expect(photo).toMatch(new RegExp(`^/api/uploads/${signed.body.data.key}\\?expires=`));
    const read = await fetch(`${t.baseUrl}${photo}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(png)).toBe(true);
    expect(
      (
        await t.call('POST', '/api/company-assets/photos/upload', {
          token: employee.token,
          body: { file_type: 'image/png', file_name: 'x.png' },
        })
      ).status,
    ).toBe(403);
  });
});

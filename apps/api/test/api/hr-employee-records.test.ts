import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { Employee } from '@portal/contract/hr-employees';
import {
  recordMessages,
  type CompensationData,
  type EmployeeDocument,
  type StoreAccess,
} from '@portal/contract/hr-records';
import type { SignedUpload } from '@portal/contract/uploads';
import { stores } from '../../src/modules/organisation/schema.ts';
import { signInStoreStaff, type StoreStaff as Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let manager: Person;
let employee: Person;
let callcenter: Person;
let northwind: Person;
let otherStore: number;

const person = (email: string) => signInStoreStaff(t, email);

beforeAll(async () => {
  t = await startTestApp();
  manager = await person('manager@demo.example');
  employee = await person('employee@demo.example');
  callcenter = await person('callcenter@demo.example');
  northwind = await person('admin@northwind.example');
  const [other] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.company_id, employee.companyId), ne(stores.id, employee.storeId)));
  if (!other) throw new Error('the demo company needs a second store');
  otherStore = other.id;
});
afterAll(() => t.close());

describe('compensation', () => {
  const path = () => `/api/employees/${employee.id}/compensation`;
  const add = (body: Record<string, unknown>, who = manager) =>
    t.call<Reply<CompensationData>>('POST', path(), { token: who.token, body });

  it('keeps the history; the current entry is the latest in effect, and the pay type follows it', async () => {
    const first = await add({ pay_type: 'hourly', rate: 18.5, effective_from: '2020-01-01' });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe(recordMessages.compensationAdded);
    expect(first.body.data.current).toMatchObject({ pay_type: 'hourly', rate: 18.5 });

    const future = await add({ pay_type: 'salaried', rate: 52000, effective_from: '2999-01-01' });
    expect(future.body.data.history).toHaveLength(2);
    expect(future.body.data.history[0]?.effective_from).toBe('2999-01-01');
    expect(future.body.data.current).toMatchObject({ pay_type: 'hourly', rate: 18.5 });
    let detail = await t.call<Reply<Employee>>('GET', `/api/employees/${employee.id}`, {
      token: manager.token,
    });
    expect(detail.body.data.pay_type).toBe('hourly');

    const raise = await add({
      pay_type: 'salaried',
      rate: 48000.25,
      effective_from: '2021-06-01',
      note: 'Promoted',
    });
    expect(raise.body.data.current).toMatchObject({
      pay_type: 'salaried',
      rate: 48000.25,
      note: 'Promoted',
    });
    expect(raise.body.data.history).toHaveLength(3);
    detail = await t.call<Reply<Employee>>('GET', `/api/employees/${employee.id}`, {
      token: manager.token,
    });
    expect(detail.body.data.pay_type).toBe('salaried');
  });

  it('refuses bad rates and dates with a message', async () => {
    for (const body of [
      { pay_type: 'hourly', rate: 0, effective_from: '2024-01-01' },
      { pay_type: 'hourly', rate: 12.345, effective_from: '2024-01-01' },
      { pay_type: 'weekly', rate: 12, effective_from: '2024-01-01' },
      { pay_type: 'hourly', rate: 12, effective_from: '2024-02-31x' },
    ]) {
      const refused = await add(body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }
  });

  it('only HR managers see or change it; another company gets a 404', async () => {
    for (const who of [employee, callcenter]) {
      expect((await t.call('GET', path(), { token: who.token })).status).toBe(403);
      expect(
        (await add({ pay_type: 'hourly', rate: 99, effective_from: '2024-01-01' }, who)).status,
      ).toBe(403);
    }
    expect((await t.call('GET', path(), { token: northwind.token })).status).toBe(404);
    expect(
      (await add({ pay_type: 'hourly', rate: 99, effective_from: '2024-01-01' }, northwind)).status,
    ).toBe(404);
  });
});

describe('documents', () => {
  const base = () => `/api/employees/${employee.id}/documents`;

  async function upload(who: Person, name: string, text: string): Promise<SignedUpload> {
    const signed = await t.call<Reply<SignedUpload>>('POST', `${base()}/sign`, {
      token: who.token,
      body: { file_type: 'text/plain', file_name: name },
    });
    expect(signed.status, signed.body.message).toBe(200);
    const put = await fetch(signed.body.data.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: text,
    });
    expect(put.status).toBe(200);
    return signed.body.data;
  }

  it('uploads through a signed URL, lists, downloads and deletes', async () => {
    const file = await upload(manager, 'contract.txt', 'signed contract');
    const added = await t.call<Reply<EmployeeDocument>>('POST', base(), {
      token: manager.token,
      body: { title: 'Employment contract', key: file.key },
    });
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data).toMatchObject({
      title: 'Employment contract',
      content_type: 'text/plain',
      size: 15,
    });
    const list = await t.call<Reply<{ results: EmployeeDocument[] }>>('GET', base(), {
      token: manager.token,
    });
    expect(list.body.data.results.map((d) => d.title)).toEqual(['Employment contract']);
    const download = await fetch(new URL(added.body.data.fileUrl, t.baseUrl));
    expect(await download.text()).toBe('signed contract');

    const removed = await t.call('DELETE', `${base()}/${added.body.data.id}`, {
      token: manager.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(recordMessages.documentDeleted);
    const after = await t.call<Reply<{ results: EmployeeDocument[] }>>('GET', base(), {
      token: manager.token,
    });
    expect(after.body.data.results).toHaveLength(0);
    expect(
      (await t.call('DELETE', `${base()}/${added.body.data.id}`, { token: manager.token })).status,
    ).toBe(404);
    // The file went with its record: its read link, still within its time, finds nothing.
    await expect
      .poll(async () => (await fetch(new URL(added.body.data.fileUrl, t.baseUrl))).status)
      .toBe(404);
  });

  it('refuses a file that was not uploaded, or of another company', async () => {
    const signed = await t.call<Reply<SignedUpload>>('POST', `${base()}/sign`, {
      token: manager.token,
      body: { file_type: 'text/plain', file_name: 'never.txt' },
    });
    const notUploaded = await t.call('POST', base(), {
      token: manager.token,
      body: { title: 'Ghost', key: signed.body.data.key },
    });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body.message).toBe(recordMessages.documentNotUploaded);
    // A file of another company's folder, even one that exists, is never attached here.
    const theirKey = signed.body.data.key.replace(/^\d+\//, `${northwind.companyId}/`);
    const foreign = await t.call('POST', base(), {
      token: manager.token,
      body: { title: 'Theirs', key: theirKey },
    });
    expect(foreign.status).toBe(400);
  });

  it('needs the employee permissions; another company gets a 404', async () => {
    expect((await t.call('GET', base(), { token: employee.token })).status).toBe(403);
    expect(
      (
        await t.call('POST', `${base()}/sign`, {
          token: callcenter.token,
          body: { file_type: 'text/plain', file_name: 'x.txt' },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('GET', base(), { token: northwind.token })).status).toBe(404);
  });
});

describe('store temporary access', () => {
  const base = () => `/api/employees/${employee.id}/store-access`;
  const grant = (body: Record<string, unknown>, who = manager) =>
    t.call<Reply<StoreAccess>>('POST', base(), { token: who.token, body });

  it('grants a date range at another store, active only inside it, and removes it', async () => {
    const now = await grant({
      store_id: otherStore,
      starts_on: '2020-01-01',
      ends_on: '2999-12-31',
      note: 'Covering',
    });
    expect(now.status, now.body.message).toBe(200);
    expect(now.body.message).toBe(recordMessages.accessGranted);
    expect(now.body.data).toMatchObject({
      store_id: otherStore,
      status: 'active',
      note: 'Covering',
    });
    const past = await grant({
      store_id: otherStore,
      starts_on: '2020-01-01',
      ends_on: '2020-01-02',
    });
    expect(past.body.data.status).toBe('expired');
    const later = await grant({
      store_id: otherStore,
      starts_on: '2999-01-01',
      ends_on: '2999-01-02',
    });
    expect(later.body.data.status).toBe('upcoming');

    const list = await t.call<Reply<{ results: StoreAccess[] }>>('GET', base(), {
      token: manager.token,
    });
    expect(list.body.data.results).toHaveLength(3);
    const removed = await t.call('DELETE', `${base()}/${now.body.data.id}`, {
      token: manager.token,
    });
    expect(removed.status).toBe(200);
    const after = await t.call<Reply<{ results: StoreAccess[] }>>('GET', base(), {
      token: manager.token,
    });
    expect(after.body.data.results.map((a) => a.id)).not.toContain(now.body.data.id);
  });

  it('refuses a reversed range, the own store, another company store, and non-managers', async () => {
    const reversed = await grant({
      store_id: otherStore,
      starts_on: '2026-02-02',
      ends_on: '2026-02-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.ends_on).toEqual([recordMessages.endBeforeStart]);
    const own = await grant({
      store_id: employee.storeId,
      starts_on: '2026-02-01',
      ends_on: '2026-02-02',
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(recordMessages.ownStore);
    const foreign = await grant({
      store_id: northwind.storeId,
      starts_on: '2026-02-01',
      ends_on: '2026-02-02',
    });
    // Another company's store is a reference that does not exist here (the engine: 400 on the field).
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('store_id');
    const byEmployee = await grant(
      { store_id: otherStore, starts_on: '2026-02-01', ends_on: '2026-02-02' },
      employee,
    );
    expect(byEmployee.status).toBe(403);
  });
});

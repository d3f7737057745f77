import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardBulletin,
  Bulletin,
  BulletinVersion,
  Rates,
} from '@portal/contract/communications';
import { users } from '../../src/modules/users/schema.ts';
import { bulletinPeople, signInPerson, type Person, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T; message: string };
let t: TestApp;
let employee: StoreStaff;
let outsider: Person;
let manager: Person;
let northwind: Person;
let employeeRole = 0;
let run = 0;

const create = (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<Bulletin>>('POST', '/api/bulletins', {
    token: who.token,
    body: { title: `Bulletin ${Date.now()}-${++run}`, body: 'Please read this.', ...body },
  });
const board = async (who: Person) =>
  (
    await t.call<Reply<{ results: BoardBulletin[] }>>('GET', '/api/bulletin-board', {
      token: who.token,
    })
  ).body.data.results;
const acknowledge = (who: Person, id: number, version: number, answers: number[] = []) =>
  t.call<Reply<{ version: number }>>('POST', `/api/bulletins/${id}/acknowledge`, {
    token: who.token,
    body: { version, answers },
  });
const rates = async (who: Person, id: number) =>
  (await t.call<Reply<Rates>>('GET', `/api/bulletin-rates?bulletin_id=${id}`, { token: who.token }))
    .body.data;
const question = { question: 'How many days?', choices: ['7', '14', '30'], answer: 1 };

beforeAll(async () => {
  t = await startTestApp();
  ({ employee, manager, northwind, employeeRole } = await bulletinPeople(t));
  for (const email of ['warehouse@demo.example', 'callcenter@demo.example', 'user@demo.example']) {
    const person = await signInPerson(t, email);
    if (person.storeId !== null && person.storeId !== employee.storeId) {
      outsider = person;
      break;
    }
  }
});
afterAll(() => t.close());

/** Active people of a store with a role, counted straight from the table. */
async function peopleAt(storeId: number, roleId: number) {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.current_store, storeId),
        eq(users.role_id, roleId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
      ),
    );
  return rows.length;
}

describe('bulletins', () => {
  it('reaches only the people of its stores and roles', async () => {
    const made = await create(manager, { store_ids: [employee.storeId] });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Bulletin published');
    const id = made.body.data.id;
    expect((await board(employee)).find((row) => row.id === id)).toMatchObject({
      version: 1,
      pending: true,
      acknowledged_version: null,
    });
    expect(outsider).toBeDefined();
    expect((await board(outsider)).some((row) => row.id === id)).toBe(false);
    const refused = await acknowledge(outsider, id, 1);
    expect(refused.status).toBe(404);

    const byRole = await create(manager, { role_ids: [employeeRole + 100000] });
    expect(byRole.status).toBe(400);
    const otherRole = await create(manager, {
      store_ids: [employee.storeId],
      role_ids: [employeeRole],
    });
    expect((await board(employee)).some((row) => row.id === otherRole.body.data.id)).toBe(true);
  });

  it('takes one acknowledgement per version, and checks the answers', async () => {
    const none = await create(manager, { ack_mode: 'questions', questions: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Add one to three check questions');
    const made = await create(manager, {
      store_ids: [employee.storeId],
      ack_mode: 'questions',
      questions: [question],
    });
    const id = made.body.data.id;
    const seen = (await board(employee)).find((row) => row.id === id);
    expect(seen?.questions).toEqual([{ question: 'How many days?', choices: ['7', '14', '30'] }]);
    expect(seen).not.toHaveProperty('questions.0.answer');

    const wrong = await acknowledge(employee, id, 1, [0]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'Some answers are not right; read the bulletin again and retry',
    );
    const missing = await acknowledge(employee, id, 1, []);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Answer every question');

    const done = await acknowledge(employee, id, 1, [1]);
    expect(done.status).toBe(200);
    expect(done.body.data.version).toBe(1);
    const again = await acknowledge(employee, id, 1, [1]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already acknowledged this version');
    expect((await board(employee)).find((row) => row.id === id)).toMatchObject({
      pending: false,
      acknowledged_version: 1,
    });
  });

  it('asks everyone again after a material edit, not after a minor one', async () => {
    const made = await create(manager, { store_ids: [employee.storeId] });
    const id = made.body.data.id;
    expect((await acknowledge(employee, id, 1)).status).toBe(200);

    const minor = await t.call<Reply<Bulletin>>('PATCH', `/api/bulletins/${id}`, {
      token: manager.token,
      body: { body: 'Please read this (typo fixed).' },
    });
    expect(minor.status).toBe(200);
    expect(minor.body.data.version).toBe(1);
    expect(minor.body.data.acknowledged).toBe(1);
    expect((await board(employee)).find((row) => row.id === id)?.pending).toBe(false);

    const material = await t.call<Reply<Bulletin>>('PATCH', `/api/bulletins/${id}`, {
      token: manager.token,
      body: { body: 'The rule changed: read again.', material: true },
    });
    expect(material.status).toBe(200);
    expect(material.body.data.version).toBe(2);
    expect(material.body.data.acknowledged).toBe(0);
    expect((await board(employee)).find((row) => row.id === id)).toMatchObject({
      version: 2,
      pending: true,
      acknowledged_version: 1,
    });
    const stale = await acknowledge(employee, id, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This bulletin has changed; read the new version');
    expect((await acknowledge(employee, id, 2)).status).toBe(200);

    const versions = await t.call<Reply<{ results: BulletinVersion[] }>>(
      'GET',
      `/api/bulletins/${id}/versions`,
      { token: manager.token },
    );
    expect(
      versions.body.data.results.map((row) => [row.version, row.body, row.acknowledged]),
    ).toEqual([
      [2, 'The rule changed: read again.', 1],
      [1, 'Please read this (typo fixed).', 1],
    ]);
  });

  it('counts acknowledgement by store, district and region', async () => {
    const made = await create(manager, { store_ids: [employee.storeId], role_ids: [employeeRole] });
    const id = made.body.data.id;
    const reached = await peopleAt(employee.storeId, employeeRole);
    expect(reached).toBeGreaterThan(1);
    const before = await rates(manager, id);
    expect(before).toMatchObject({ recipients: reached, acknowledged: 0, rate: 0 });
    expect(before.stores).toHaveLength(1);
    expect(before.districts).toHaveLength(1);
    expect(before.regions).toHaveLength(1);

    await acknowledge(employee, id, 1);
    const after = await rates(manager, id);
    const rate = Math.round((1 / reached) * 1000) / 10;
    expect(after).toMatchObject({ recipients: reached, acknowledged: 1, rate });
    for (const rows of [after.stores, after.districts, after.regions])
      expect(rows[0]).toMatchObject({ recipients: reached, acknowledged: 1, rate });
    expect(after.stores[0]?.id).toBe(employee.storeId);

    const list = await t.call<Reply<Bulletin>>('GET', `/api/bulletins/${id}`, {
      token: manager.token,
    });
    expect(list.body.data).toMatchObject({ recipients: reached, acknowledged: 1 });
  });

  it('keeps companies apart and asks for the permission', async () => {
    const made = await create(manager, {});
    const id = made.body.data.id;
    expect((await t.call('GET', `/api/bulletins/${id}`, { token: northwind.token })).status).toBe(
      404,
    );
    expect((await acknowledge(northwind, id, 1)).status).toBe(404);
    expect(
      (await t.call('GET', `/api/bulletin-rates?bulletin_id=${id}`, { token: northwind.token }))
        .status,
    ).toBe(404);
    expect((await board(northwind)).some((row) => row.id === id)).toBe(false);

    expect((await create(employee, {})).status).toBe(403);
    expect((await t.call('GET', '/api/bulletin-rates', { token: employee.token })).status).toBe(
      403,
    );
    expect(
      (await t.call('GET', `/api/bulletins/${id}/versions`, { token: employee.token })).status,
    ).toBe(403);
  });
});

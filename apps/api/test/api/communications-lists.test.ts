import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  BoardBulletin,
  Bulletin,
  BulletinTemplate,
  ListPerson,
  Rates,
  RecipientList,
} from '@portal/contract/communications';
import { users } from '../../src/modules/users/schema.ts';
import { signInPerson, signInStoreStaff, type Person, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Each test makes several bulletins and lists over HTTP: room for a busy machine.
vi.setConfig({ testTimeout: 120_000 });

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
let t: TestApp;
let agent: Person;
let manager: Person;
let employee: StoreStaff;
let outsider: Person;
let northwind: Person;
const stamp = Date.now().toString(36);
let run = 0;
const unique = (what: string) => `${what} ${stamp}-${++run}`;

const createList = (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<RecipientList>>('POST', '/api/recipient-lists', { token: who.token, body });
const getList = (who: Person, id: number) =>
  t.call<Reply<RecipientList>>('GET', `/api/recipient-lists/${id}`, { token: who.token });
const createBulletin = (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<Bulletin>>('POST', '/api/bulletins', {
    token: who.token,
    body: { title: unique('Bulletin'), body: 'Please read this.', ...body },
  });
const boardIds = async (who: Person) =>
  (
    await t.call<Reply<{ results: BoardBulletin[] }>>('GET', '/api/bulletin-board', {
      token: who.token,
    })
  ).body.data.results.map((row) => row.id);

beforeAll(async () => {
  t = await startTestApp();
  [agent, manager, employee, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInStoreStaff(t, 'employee@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  outsider = await signInPerson(t, 'user@demo.example');
  // A fresh database and five sign-ins: more than the default minute on a busy machine.
}, 240_000);
afterAll(() => t.close());

describe('recipient lists', () => {
  it('are created, read, renamed and deleted; a name is taken whatever its case (409)', async () => {
    const name = unique('Closing team');
    const made = await createList(agent, {
      name,
      description: 'Who closes',
      user_ids: [employee.id],
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('List created');
    expect(made.body.data).toMatchObject({ name, user_ids: [employee.id], member_count: 1 });
    const id = made.body.data.id;

    const twin = await createList(agent, { name: name.toUpperCase() });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('A list with this name already exists');

    const other = await createList(agent, { name: unique('Other team') });
    const renamed = await t.call<Reply<RecipientList>>(
      'PATCH',
      `/api/recipient-lists/${other.body.data.id}`,
      { token: agent.token, body: { name: ` ${name.toLowerCase()} ` } },
    );
    expect(renamed.status).toBe(409);

    const edited = await t.call<Reply<RecipientList>>('PATCH', `/api/recipient-lists/${id}`, {
      token: agent.token,
      body: { description: 'Who closes at night', user_ids: [employee.id, outsider.id] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.description).toBe('Who closes at night');
    expect(edited.body.data.user_ids).toEqual([employee.id, outsider.id].sort((a, b) => a - b));
    // Renaming to its own name in another case is no conflict.
    const recased = await t.call<Reply<RecipientList>>('PATCH', `/api/recipient-lists/${id}`, {
      token: agent.token,
      body: { name: name.toUpperCase() },
    });
    expect(recased.status).toBe(200);
    expect((await getList(agent, id)).body.data.member_count).toBe(2);

    const listed = await t.call<Reply<{ results: RecipientList[] }>>(
      'GET',
      `/api/recipient-lists?search=${encodeURIComponent(stamp)}`,
      { token: agent.token },
    );
    expect(listed.body.data.results.map((row) => row.id)).toContain(id);

    const gone = await t.call<Reply<RecipientList>>('DELETE', `/api/recipient-lists/${id}`, {
      token: agent.token,
    });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('List deleted');
    expect((await getList(agent, id)).status).toBe(404);
  });

  it('never take a person of another company, nor one the caller cannot see (400, nothing written)', async () => {
    const name = unique('Mixed team');
    const foreign = await createList(agent, { name, user_ids: [employee.id, northwind.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.user_ids?.[0]).toContain(String(northwind.id));
    const found = await t.call<Reply<{ results: RecipientList[] }>>(
      'GET',
      `/api/recipient-lists?search=${encodeURIComponent(name)}`,
      { token: agent.token },
    );
    expect(found.body.data.results).toHaveLength(0);

    const list = await createList(agent, { name: unique('Kept team') });
    const added = await t.call<Reply<RecipientList>>(
      'PATCH',
      `/api/recipient-lists/${list.body.data.id}`,
      { token: agent.token, body: { user_ids: [northwind.id] } },
    );
    expect(added.status).toBe(400);
    expect((await getList(agent, list.body.data.id)).body.data.user_ids).toEqual([]);

    // A store manager sees (and may add) only the people of their places.
    const people = await t.call<Reply<{ results: ListPerson[] }>>(
      'GET',
      '/api/recipient-lists/people',
      { token: manager.token },
    );
    expect(people.status).toBe(200);
    const seen = new Set(people.body.data.results.map((person) => person.id));
    expect(seen.has(manager.id)).toBe(true);
    expect(seen.has(northwind.id)).toBe(false);
    const company = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.company_id, manager.companyId),
          eq(users.is_active, true),
          eq(users.is_deleted, false),
        ),
      );
    const hidden = company.find((person) => !seen.has(person.id));
    if (hidden) {
      const refused = await createList(manager, {
        name: unique('Hidden team'),
        user_ids: [hidden.id],
      });
      expect(refused.status).toBe(400);
    }
  });
});

describe('bulletins aimed at a list', () => {
  it('reach exactly its members, and its places and roles besides', async () => {
    const list = await createList(agent, {
      name: unique('Pilot'),
      user_ids: [employee.id, outsider.id],
    });
    const listId = list.body.data.id;
    const made = await createBulletin(agent, { list_ids: [listId] });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ list_ids: [listId], recipients: 2 });
    const id = made.body.data.id;
    expect(await boardIds(employee)).toContain(id);
    expect(await boardIds(outsider)).toContain(id);
    expect(await boardIds(manager)).not.toContain(id);
    expect(await boardIds(agent)).not.toContain(id);
    const rates = await t.call<Reply<Rates>>('GET', `/api/bulletin-rates?bulletin_id=${id}`, {
      token: agent.token,
    });
    expect(rates.body.data.recipients).toBe(2);

    // A list's new member is reached at once; one taken off is not.
    await t.call('PATCH', `/api/recipient-lists/${listId}`, {
      token: agent.token,
      body: { user_ids: [employee.id, manager.id] },
    });
    expect(await boardIds(manager)).toContain(id);
    expect(await boardIds(outsider)).not.toContain(id);

    // A list and a store: the list's members and the store's people.
    const both = await createBulletin(agent, {
      list_ids: [listId],
      store_ids: [employee.storeId],
    });
    const storePeople = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.current_store, employee.storeId),
          eq(users.is_active, true),
          eq(users.is_deleted, false),
        ),
      );
    const expected = new Set([employee.id, manager.id, ...storePeople.map((p) => p.id)]);
    expect(both.body.data.recipients).toBe(expected.size);
  });

  it('cannot name another company’s list (400), and a list in use is not deleted (409)', async () => {
    const list = await createList(agent, { name: unique('In use'), user_ids: [employee.id] });
    const listId = list.body.data.id;
    const foreign = await createBulletin(northwind, { list_ids: [listId] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.list_ids).toBeDefined();

    const bulletin = await createBulletin(agent, { list_ids: [listId] });
    const refused = await t.call<Reply<null>>('DELETE', `/api/recipient-lists/${listId}`, {
      token: agent.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This list is used by bulletins; take it off them first');
    // A bulletin taken down still names it (it may be put back up).
    await t.call('DELETE', `/api/bulletins/${bulletin.body.data.id}`, { token: agent.token });
    expect(
      (await t.call('DELETE', `/api/recipient-lists/${listId}`, { token: agent.token })).status,
    ).toBe(409);
    expect((await getList(agent, listId)).body.data.member_count).toBe(1);

    await t.call('PATCH', `/api/bulletins/${bulletin.body.data.id}`, {
      token: agent.token,
      body: { list_ids: [] },
    });
    const deleted = await t.call('DELETE', `/api/recipient-lists/${listId}`, {
      token: agent.token,
    });
    expect(deleted.status).toBe(200);
  });
});

describe('bulletin templates', () => {
  it('are created, read, edited and deleted; names are unique whatever the case', async () => {
    const name = unique('Inventory day');
    const question = { question: 'When?', choices: ['Monday', 'Friday'], answer: 1 };
    const made = await t.call<Reply<BulletinTemplate>>('POST', '/api/bulletin-templates', {
      token: agent.token,
      body: {
        name,
        title: 'Inventory count',
        body: 'Count everything.',
        ack_mode: 'questions',
        questions: [question],
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Template created');
    expect(made.body.data).toMatchObject({ name, ack_mode: 'questions', questions: [question] });
    const id = made.body.data.id;

    const twin = await t.call<Reply<null>>('POST', '/api/bulletin-templates', {
      token: agent.token,
      body: { name: name.toLowerCase(), title: 'x', body: 'y' },
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('A template with this name already exists');

    const noQuestions = await t.call<Reply<null>>('POST', '/api/bulletin-templates', {
      token: agent.token,
      body: { name: unique('Quiz'), title: 'x', body: 'y', ack_mode: 'questions' },
    });
    expect(noQuestions.status).toBe(400);
    expect(noQuestions.body.message).toBe('Add one to three check questions');

    const edited = await t.call<Reply<BulletinTemplate>>('PATCH', `/api/bulletin-templates/${id}`, {
      token: agent.token,
      body: { title: 'Inventory count (new date)', ack_mode: 'read' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: 'Inventory count (new date)',
      ack_mode: 'read',
      questions: [],
    });

    const read = await t.call<Reply<BulletinTemplate>>('GET', `/api/bulletin-templates/${id}`, {
      token: manager.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('Inventory count (new date)');

    const gone = await t.call('DELETE', `/api/bulletin-templates/${id}`, { token: agent.token });
    expect(gone.status).toBe(200);
    expect(
      (await t.call('GET', `/api/bulletin-templates/${id}`, { token: agent.token })).status,
    ).toBe(404);
  });
});

describe('another company', () => {
  it('gets 404 for a list or a template, and sees none of them', async () => {
    const list = await createList(agent, { name: unique('Private'), user_ids: [employee.id] });
    const template = await t.call<Reply<BulletinTemplate>>('POST', '/api/bulletin-templates', {
      token: agent.token,
      body: { name: unique('Private template'), title: 'Private', body: 'Private text' },
    });
    for (const path of [
      `/api/recipient-lists/${list.body.data.id}`,
      `/api/bulletin-templates/${template.body.data.id}`,
    ]) {
      expect((await t.call('GET', path, { token: northwind.token })).status).toBe(404);
      expect(
        (await t.call('PATCH', path, { token: northwind.token, body: { name: unique('Taken') } }))
          .status,
      ).toBe(404);
      expect((await t.call('DELETE', path, { token: northwind.token })).status).toBe(404);
    }
    const theirs = await t.call<Reply<{ results: RecipientList[] }>>(
      'GET',
      `/api/recipient-lists?search=${encodeURIComponent(stamp)}`,
      { token: northwind.token },
    );
    expect(theirs.body.data.results).toHaveLength(0);
    // Their own list may carry the same name: names are per company.
    const same = await createList(northwind, { name: list.body.data.name });
    expect(same.status).toBe(200);
    expect((await getList(agent, list.body.data.id)).body.data.member_count).toBe(1);
  });

  it('leaves lists and templates to those with the permission (403)', async () => {
    const refused = await createList(employee, { name: unique('Mine') });
    expect(refused.status).toBe(403);
    const templates = await t.call('POST', '/api/bulletin-templates', {
      token: employee.token,
      body: { name: unique('Mine'), title: 'x', body: 'y' },
    });
    expect(templates.status).toBe(403);
  });
});

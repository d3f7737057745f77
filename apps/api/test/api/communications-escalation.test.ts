import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '@portal/contract/communications';
import type { Notification } from '@portal/contract/notifications';
import { runBulletinEscalation } from '../../src/modules/communications/escalation.ts';
import { namesOf } from '../../src/modules/users/api.ts';
import { bulletinPeople, type Person, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Escalation of unacknowledged bulletins (issue 18 item 7): the job is run directly with a clock
// set relative to each bulletin's own version_at, so nothing depends on the time of day.

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
let t: TestApp;
let employee: StoreStaff;
let manager: Person;
let northwind: Person;
let employeeRole = 0;
let employeeName = '';
let run = 0;

const create = (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<Bulletin>>('POST', '/api/bulletins', {
    token: who.token,
    body: { title: `Escalation ${Date.now()}-${++run}`, body: 'Please read this.', ...body },
  });
/** A bulletin aimed at the employee's store and role, escalating after `days`. */
async function bulletinFor(days: number | null) {
  const reply = await create(manager, {
    store_ids: [employee.storeId],
    role_ids: [employeeRole],
    escalate_after_days: days,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}
const read = async (who: Person, id: number) => {
  const reply = await t.call<Reply<Bulletin>>('GET', `/api/bulletins/${id}`, { token: who.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
};
/** The manager's escalation notifications about the employee and one bulletin. */
const escalationsOf = async (bulletin: Bulletin) =>
  (
    await t.call<Reply<{ results: Notification[] }>>('GET', '/api/notifications?perPage=500', {
      token: manager.token,
    })
  ).body.data.results.filter(
    (n) =>
      n.kind === 'bulletin.escalated' &&
      n.link === `/communications/view/${bulletin.id}` &&
      n.title.startsWith(employeeName),
  );
const at = (bulletin: Bulletin, offsetMs: number) => Date.parse(bulletin.version_at) + offsetMs;

beforeAll(async () => {
  t = await startTestApp();
  ({ employee, manager, northwind, employeeRole } = await bulletinPeople(t));
  const names = await namesOf(t.database.db, employee.companyId, [employee.id]);
  employeeName = names.get(employee.id) ?? '';
  expect(employeeName).toBeTruthy();
});
afterAll(() => t.close());

describe('bulletin escalation to managers', () => {
  it('notifies the manager once for a person who has not acknowledged after N days', async () => {
    const bulletin = await bulletinFor(3);
    expect(bulletin.escalate_after_days).toBe(3);
    expect(bulletin.escalated).toBe(0);

    await runBulletinEscalation(t.database.db, at(bulletin, 3 * DAY - HOUR));
    expect(await escalationsOf(bulletin)).toHaveLength(0);
    expect((await read(manager, bulletin.id)).escalated).toBe(0);

    await runBulletinEscalation(t.database.db, at(bulletin, 3 * DAY + HOUR));
    const sent = await escalationsOf(bulletin);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain(bulletin.title);
    expect(sent[0]?.body).toContain(employeeName);
    const escalated = (await read(manager, bulletin.id)).escalated;
    expect(escalated).toBeGreaterThanOrEqual(1);

    // A rerun (later still) sends nothing more and counts nobody twice.
    await runBulletinEscalation(t.database.db, at(bulletin, 3 * DAY + 2 * HOUR));
    await runBulletinEscalation(t.database.db, at(bulletin, 10 * DAY));
    expect(await escalationsOf(bulletin)).toHaveLength(1);
    expect((await read(manager, bulletin.id)).escalated).toBe(escalated);
  });

  it('leaves out a person who acknowledged', async () => {
    const bulletin = await bulletinFor(2);
    const ack = await t.call('POST', `/api/bulletins/${bulletin.id}/acknowledge`, {
      token: employee.token,
      body: { version: 1, answers: [] },
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    await runBulletinEscalation(t.database.db, at(bulletin, 5 * DAY));
    expect(await escalationsOf(bulletin)).toHaveLength(0);
  });

  it('restarts the clock for a new version after a material edit', async () => {
    const first = await bulletinFor(1);
    await runBulletinEscalation(t.database.db, at(first, DAY + HOUR));
    expect(await escalationsOf(first)).toHaveLength(1);
    const escalated = (await read(manager, first.id)).escalated;

    const edit = await t.call<Reply<Bulletin>>('PATCH', `/api/bulletins/${first.id}`, {
      token: manager.token,
      body: { body: 'Changed: read again.', material: true },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const second = edit.body.data;
    expect(second.version).toBe(2);

    await runBulletinEscalation(t.database.db, at(second, DAY - HOUR));
    expect(await escalationsOf(second)).toHaveLength(1);
    await runBulletinEscalation(t.database.db, at(second, DAY + HOUR));
    const sent = await escalationsOf(second);
    expect(sent).toHaveLength(2);
    expect(sent.some((n) => n.body.includes('(version 2)'))).toBe(true);
    // People count once on the view, over both versions.
    expect((await read(manager, first.id)).escalated).toBe(escalated);
  });

  it('never escalates a bulletin without escalate_after_days', async () => {
    const bulletin = await bulletinFor(null);
    expect(bulletin.escalate_after_days).toBeNull();
    await runBulletinEscalation(t.database.db, at(bulletin, 365 * DAY));
    expect(await escalationsOf(bulletin)).toHaveLength(0);
    expect((await read(manager, bulletin.id)).escalated).toBe(0);
  });

  it('keeps companies apart', async () => {
    const theirs = await create(northwind, { escalate_after_days: 30 });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const ours = await bulletinFor(1);
    await runBulletinEscalation(t.database.db, at(ours, 2 * DAY));
    expect(await escalationsOf(ours)).toHaveLength(1);
    expect((await read(northwind, theirs.body.data.id)).escalated).toBe(0);
    const notices = (
      await t.call<Reply<{ results: Notification[] }>>('GET', '/api/notifications?perPage=500', {
        token: manager.token,
      })
    ).body.data.results;
    expect(notices.some((n) => n.body.includes(theirs.body.data.title))).toBe(false);
    const cross = await t.call('GET', `/api/bulletins/${theirs.body.data.id}`, {
      token: manager.token,
    });
    expect(cross.status).toBe(404);
  });

  it('refuses an escalation delay that is not a whole number of days from 1 to 60', async () => {
    for (const bad of [0, 61, 1.5, 'x']) {
      const reply = await create(manager, { escalate_after_days: bad });
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.message).toMatch(/whole number of days from 1 to 60/);
    }
    const bulletin = await bulletinFor(60);
    const patch = await t.call<Reply<Bulletin>>('PATCH', `/api/bulletins/${bulletin.id}`, {
      token: manager.token,
      body: { escalate_after_days: 0 },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toMatch(/whole number of days from 1 to 60/);
    const clear = await t.call<Reply<Bulletin>>('PATCH', `/api/bulletins/${bulletin.id}`, {
      token: manager.token,
      body: { escalate_after_days: null },
    });
    expect(clear.status, JSON.stringify(clear.body)).toBe(200);
    expect(clear.body.data.escalate_after_days).toBeNull();
  });
});

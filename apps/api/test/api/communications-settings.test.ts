import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bulletin,
  BulletinSend,
  BulletinSendDetail,
  CommunicationSettings,
} from '@portal/contract/communications';
import { createMailer } from '../../src/modules/mail/api.ts';
import { deliverPending } from '../../src/modules/notifications/deliver.ts';
import { runBulletinEscalation } from '../../src/modules/communications/escalation.ts';
import { bulletins } from '../../src/modules/communications/schema.ts';
import { notificationDeliveries, notifications } from '../../src/modules/notifications/schema.ts';
import { bulletinPeople, type Person, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// /communications/settings (issue 18 item 7): the company's defaults for new bulletins, who may
// publish, and the escalation, which a store can switch off through the inherited setting.

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
const DAY = 24 * 3600 * 1000;
let t: TestApp;
let employee: StoreStaff;
let manager: Person;
let northwind: Person;
let employeeRole = 0;
let run = 0;

const settings = (who: Person) =>
  t.call<Reply<CommunicationSettings>>('GET', '/api/communications/settings', {
    token: who.token,
  });
const save = (who: Person, body: unknown) =>
  t.call<Reply<CommunicationSettings>>('PUT', '/api/communications/settings', {
    token: who.token,
    body,
  });
const publish = (who: Person, body: Record<string, unknown> = {}) =>
  t.call<Reply<Bulletin>>('POST', '/api/bulletins', {
    token: who.token,
    body: {
      title: `Settings ${Date.now()}-${++run}`,
      body: 'Please read this.',
      store_ids: [employee.storeId],
      role_ids: [employeeRole],
      ...body,
    },
  });
const base: CommunicationSettings = {
  ack_days: 5,
  escalate_to_manager: true,
  channels: { in_app: true, mail: true, sms: false },
  publish_min_level: 1,
};

beforeAll(async () => {
  t = await startTestApp();
  ({ employee, manager, northwind, employeeRole } = await bulletinPeople(t));
}, 240_000);
afterAll(() => t.close());

describe('communications settings', () => {
  it('answers the defaults, saves the company’s values and refuses bad ones', async () => {
    const first = await settings(manager);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({
      ack_days: 3,
      escalate_to_manager: true,
      channels: { in_app: true, mail: false, sms: false },
      publish_min_level: 1,
    });

    const saved = await save(manager, base);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Communication settings saved');
    expect((await settings(manager)).body.data).toEqual(base);
    // "Never escalate" is kept as such, not as a removal falling back to the default.
    const never = await save(manager, { ...base, ack_days: null });
    expect(never.body.data.ack_days).toBeNull();
    expect((await settings(manager)).body.data.ack_days).toBeNull();
    await save(manager, base);

    const bad = await save(manager, { ...base, ack_days: 61 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.ack_days?.[0]).toBe(
      'Escalate after must be a whole number of days from 1 to 60',
    );
    const badLevel = await save(manager, { ...base, publish_min_level: 9 });
    expect(badLevel.status).toBe(400);
    expect((await settings(manager)).body.data).toEqual(base);

    // Employees read nothing here and change nothing; another company has its own settings.
    expect((await save(employee, { ...base, ack_days: 9 })).status).toBe(403);
    expect((await settings(northwind)).body.data.ack_days).toBe(3);
  });

  it('gives a new bulletin the default channels and announces it on them', async () => {
    await save(manager, base);
    const reply = await publish(manager);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const bulletin = reply.body.data;
    expect(bulletin.channels).toEqual(base.channels);

    const inApp = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.source_type, 'bulletin'),
          eq(notifications.source_id, bulletin.id),
          eq(notifications.user_id, employee.id),
        ),
      );
    expect(inApp).toHaveLength(1);
    expect(inApp[0]?.kind).toBe('bulletin.published');
    expect(inApp[0]?.title).toBe(`New bulletin: ${bulletin.title}`);
    const mails = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.source_type, 'bulletin'),
          eq(notificationDeliveries.source_id, bulletin.id),
        ),
      );
    expect(mails.some((row) => row.user_id === employee.id && row.channel === 'mail')).toBe(true);
    expect(mails.every((row) => row.channel === 'mail')).toBe(true);
    expect(mails.some((row) => row.user_id === manager.id)).toBe(false);

    // Chosen channels win over the defaults: none at all announces nothing.
    const quiet = await publish(manager, { channels: { in_app: false, mail: false, sms: false } });
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(200);
    const none = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.source_type, 'bulletin'),
          eq(notifications.source_id, quiet.body.data.id),
        ),
      );
    expect(none).toHaveLength(0);
  });

  it('lets only the chosen ranks publish', async () => {
    await save(manager, { ...base, publish_min_level: 4 });
    const before = await t.database.db.select({ id: bulletins.id }).from(bulletins);
    const refused = await publish(manager);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Publishing bulletins needs rank 4 or higher');
    expect(await t.database.db.select({ id: bulletins.id }).from(bulletins)).toHaveLength(
      before.length,
    );
    await save(manager, base);
    expect((await publish(manager)).status).toBe(200);
  });

  it('escalates nobody at a store that switched the escalation off', async () => {
    await save(manager, base);
    const reply = await publish(manager, { escalate_after_days: 1 });
    const bulletin = reply.body.data;
    const key = '/api/org-settings/communications.escalate_to_manager';
    const off = await t.call('PUT', key, {
      token: manager.token,
      body: { scope: 'store', scope_id: employee.storeId, value: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await runBulletinEscalation(t.database.db, Date.parse(bulletin.version_at) + 2 * DAY);
    const quiet = await t.call<Reply<Bulletin>>('GET', `/api/bulletins/${bulletin.id}`, {
      token: manager.token,
    });
    expect(quiet.body.data.escalated).toBe(0);

    // Removing the store's value brings the company's back: the employee is escalated.
    await t.call('PUT', key, {
      token: manager.token,
      body: { scope: 'store', scope_id: employee.storeId, value: null },
    });
    await runBulletinEscalation(t.database.db, Date.parse(bulletin.version_at) + 2 * DAY);
    const late = await t.call<Reply<Bulletin>>('GET', `/api/bulletins/${bulletin.id}`, {
      token: manager.token,
    });
    expect(late.body.data.escalated).toBeGreaterThanOrEqual(1);
  });
});

describe('/communications/notifications', () => {
  const sends = (who: Person, query: string) =>
    t.call<Reply<{ results: BulletinSend[]; total: number }>>(
      'GET',
      `/api/communications/notifications${query}`,
      { token: who.token },
    );

  it('counts what a bulletin sent per channel, read and acknowledged, person by person', async () => {
    await save(manager, base);
    const reply = await publish(manager, { channels: { in_app: true, mail: true, sms: false } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const bulletin = reply.body.data;
    const search = `?search=${encodeURIComponent(bulletin.title)}`;

    const first = await sends(manager, search);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.total).toBe(1);
    const row = first.body.data.results[0];
    expect(row?.id).toBe(bulletin.id);
    expect(row?.recipients).toBeGreaterThanOrEqual(1);
    expect(row?.in_app.total).toBeGreaterThanOrEqual(1);
    expect(row?.in_app.read).toBe(0);
    expect(row?.mail.queued).toBe(row?.mail.total);
    expect(row?.sms.total).toBe(0);
    expect(row?.acknowledged).toBe(0);

    // The mail goes out, the employee opens the notice and acknowledges.
    await deliverPending(
      t.database.db,
      createMailer(t.database.db, { SMTP_URL: undefined, MAIL_FROM: 'x@y.z' }, t.app.log),
    );
    const [notice] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.source_id, bulletin.id), eq(notifications.user_id, employee.id)));
    const read = await t.call('POST', `/api/notifications/${notice?.id}/read`, {
      token: employee.token,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const ack = await t.call('POST', `/api/bulletins/${bulletin.id}/acknowledge`, {
      token: employee.token,
      body: { version: 1, answers: [] },
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);

    const after = (await sends(manager, search)).body.data.results[0];
    expect(after?.in_app.read).toBe(1);
    expect(after?.mail.sent).toBe(after?.mail.total);
    expect(after?.mail.queued).toBe(0);
    expect(after?.acknowledged).toBe(1);

    const detail = await t.call<Reply<BulletinSendDetail>>(
      'GET',
      `/api/communications/notifications/${bulletin.id}`,
      { token: manager.token },
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const person = detail.body.data.people.find((one) => one.id === employee.id);
    expect(person).toMatchObject({ in_app: 'read', mail: 'sent', sms: null, escalated: false });
    expect(person?.acknowledged_at).toBeTruthy();
  });

  it('keeps to the caller’s company and refuses a bad day', async () => {
    const reply = await publish(manager);
    const id = reply.body.data.id;
    const other = await t.call('GET', `/api/communications/notifications/${id}`, {
      token: northwind.token,
    });
    expect(other.status).toBe(404);
    const theirs = await sends(northwind, `?search=${encodeURIComponent(reply.body.data.title)}`);
    expect(theirs.body.data.total).toBe(0);
    const bad = await sends(manager, '?from=2026-13-45');
    expect(bad.status).toBe(400);
    expect((await sends(employee, '')).status).toBe(403);
  });
});

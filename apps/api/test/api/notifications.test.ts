import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import { mailOutbox } from '../../src/modules/mail/schema.ts';
import { createMailer } from '../../src/modules/mail/api.ts';
import { deliverPending } from '../../src/modules/notifications/deliver.ts';
import { notificationDeliveries } from '../../src/modules/notifications/schema.ts';
import { openEventStream } from '../support/event-stream.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let employee: Person;
let agent: Person;
let manager: Person;
let northwind: Person;

const list = (who: Person, query = '') =>
  t.call<Reply<{ results: Notification[]; total: number; unread: number }>>(
    'GET',
    `/api/notifications${query}`,
    { token: who.token },
  );
const unread = async (who: Person) =>
  (
    await t.call<Reply<{ unread: number }>>('GET', '/api/notifications/unread-count', {
      token: who.token,
    })
  ).body.data.unread;

/** The employee sends a support ticket; `who` closes it (the employee hears about it). */
async function closeTicketOfEmployee(who: Person) {
  const types = await t.call<Reply<{ results: { id: number }[] }>>(
    'GET',
    '/api/support-ticket-types?sort=id',
    { token: employee.token },
  );
  const sent = await t.call<Reply<{ id: number }>>('POST', '/api/support-tickets/submit', {
    token: employee.token,
    body: { type_id: types.body.data.results[0]?.id, detail: 'The till is stuck' },
  });
  expect(sent.status).toBe(200);
  const closed = await t.call('PATCH', `/api/support-tickets/${sent.body.data.id}`, {
    token: who.token,
    body: { status: 'closed' },
  });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return sent.body.data.id;
}

const deliveriesOf = (who: Person, kind: string) =>
  t.database.db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.user_id, who.id),
        eq(notificationDeliveries.notification_kind, kind),
      ),
    );

beforeAll(async () => {
  t = await startTestApp();
  [employee, agent, manager, northwind] = await Promise.all([
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
});
afterAll(() => t.close());

describe('notifications', () => {
  it('reach the person live over the server-sent events, and only them', async () => {
    const mine = await openEventStream(t.baseUrl, employee.token);
    const colleague = await openEventStream(t.baseUrl, manager.token);
    try {
      expect(await unread(employee)).toBe(0);
      const ticketId = await closeTicketOfEmployee(agent);
      const seen = await mine.waitFor((event) => event.type === 'notification.created');
      expect(seen?.data).toMatchObject({ kind: 'support.ticket_updated' });
      expect(
        await colleague.waitFor((event) => event.type === 'notification.created', 500),
      ).toBeUndefined();
      expect(await unread(employee)).toBe(1);
      const got = await list(employee);
      expect(got.body.data.results[0]).toMatchObject({
        kind: 'support.ticket_updated',
        title: 'Support ticket closed',
        body: `Your support ticket #${ticketId} is closed.`,
        read_at: null,
      });
      expect(got.body.data.unread).toBe(1);
    } finally {
      mine.close();
      colleague.close();
    }
  });

  it('opens and marks read one’s own only; others get a 404', async () => {
    const [first] = (await list(employee)).body.data.results;
    const id = first?.id ?? 0;
    expect((await t.call('GET', `/api/notifications/${id}`, { token: manager.token })).status).toBe(
      404,
    );
    expect(
      (await t.call('GET', `/api/notifications/${id}`, { token: northwind.token })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', `/api/notifications/${id}/read`, { token: manager.token })).status,
    ).toBe(404);
    const one = await t.call<Reply<Notification>>('GET', `/api/notifications/${id}`, {
      token: employee.token,
    });
    expect(one.status).toBe(200);
    const read = await t.call<Reply<Notification>>('POST', `/api/notifications/${id}/read`, {
      token: employee.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).not.toBeNull();
    expect(await unread(employee)).toBe(0);
    expect((await list(employee, '?unread=true')).body.data.total).toBe(0);
  });

  it('tells the employee when their time off is decided, by mail too (the default)', async () => {
    const types = await t.call<Reply<{ results: { id: number; name: string }[] }>>(
      'GET',
      '/api/hr-timeoff/types',
      { token: employee.token },
    );
    const vacation = types.body.data.results.find((type) => type.name === 'Vacation');
    const year = new Date().getUTCFullYear() + 1;
    const asked = await t.call<Reply<{ id: number }>>('POST', '/api/hr-timeoff/requests', {
      token: employee.token,
      body: { type_id: vacation?.id, start_date: `${year}-03-02`, end_date: `${year}-03-02` },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const decided = await t.call('POST', `/api/hr-timeoff/requests/${asked.body.data.id}/approve`, {
      token: agent.token,
      body: {},
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const [latest] = (await list(employee)).body.data.results;
    expect(latest).toMatchObject({ kind: 'timeoff.decided', title: 'Time off approved' });
    const [queued] = await deliveriesOf(employee, 'timeoff.decided');
    expect(queued).toMatchObject({ channel: 'mail', to: 'employee@demo.example', sent_at: null });

    // The delivery job sends it through the mail module (its outbox, no SMTP here).
    const mailer = createMailer(
      t.database.db,
      { SMTP_URL: undefined, MAIL_FROM: 'x@y.z' },
      t.app.log,
    );
    await deliverPending(t.database.db, mailer);
    const [sent] = await deliveriesOf(employee, 'timeoff.decided');
    expect(sent?.sent_at).not.toBeNull();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'employee@demo.example'));
    expect(mails.map((mail) => mail.subject)).toContain('Time off approved');
  });

  it('respects the control settings: off in the app, by SMS to the number given', async () => {
    const before = await t.call<
      Reply<{ preferences: { kind: string; in_app: boolean }[]; sms_phone: string | null }>
    >('GET', '/api/notification-preferences', { token: employee.token });
    expect(before.body.data.preferences.find((p) => p.kind === 'support.ticket_updated')).toEqual({
      kind: 'support.ticket_updated',
      in_app: true,
      mail: true,
      sms: false,
    });
    const noPhone = await t.call('PUT', '/api/notification-preferences', {
      token: employee.token,
      body: {
        preferences: [{ kind: 'support.ticket_updated', in_app: false, mail: false, sms: true }],
        sms_phone: '',
      },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors?.sms_phone).toEqual(['Enter the phone number SMS go to']);
    const saved = await t.call('PUT', '/api/notification-preferences', {
      token: employee.token,
      body: {
        preferences: [{ kind: 'support.ticket_updated', in_app: false, mail: false, sms: true }],
        sms_phone: '+1 555 010 0100',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const countBefore = (await list(employee)).body.data.total;
    const mailsBefore = (await deliveriesOf(employee, 'support.ticket_updated')).length;
    await closeTicketOfEmployee(agent);
    expect((await list(employee)).body.data.total).toBe(countBefore);
    const deliveries = await deliveriesOf(employee, 'support.ticket_updated');
    expect(deliveries).toHaveLength(mailsBefore + 1);
    expect(deliveries.at(-1)).toMatchObject({ channel: 'sms', to: '+1 555 010 0100' });
    // The manager's settings are theirs: still the defaults.
    const managers = await t.call<Reply<{ preferences: { kind: string; in_app: boolean }[] }>>(
      'GET',
      '/api/notification-preferences',
      { token: manager.token },
    );
    expect(
      managers.body.data.preferences.find((p) => p.kind === 'support.ticket_updated')?.in_app,
    ).toBe(true);
  });

  it('does not notify whoever changed their own ticket', async () => {
    const before = (await list(employee)).body.data.total;
    const types = await t.call<Reply<{ results: { id: number }[] }>>(
      'GET',
      '/api/support-ticket-types',
      { token: employee.token },
    );
    const sent = await t.call<Reply<{ id: number }>>('POST', '/api/support-tickets/submit', {
      token: agent.token,
      body: { type_id: types.body.data.results[0]?.id, detail: 'Mine' },
    });
    await t.call('PATCH', `/api/support-tickets/${sent.body.data.id}`, {
      token: agent.token,
      body: { status: 'closed' },
    });
    expect((await list(agent)).body.data.total).toBe(0);
    expect((await list(employee)).body.data.total).toBe(before);
  });
});

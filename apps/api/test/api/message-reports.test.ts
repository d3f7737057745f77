import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageReport } from '@portal/contract/message-reports';
import { createMailer } from '../../src/modules/mail/api.ts';
import { deliverPending } from '../../src/modules/notifications/deliver.ts';
import { notificationDeliveries } from '../../src/modules/notifications/schema.ts';
import { createSmsProvider, outboxSms, smsSignature } from '../../src/modules/notifications/sms.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
const TOKEN = 'fake-provider-token-123';
const APP_URL = 'http://portal.test';
const CALLBACK_URL = `${APP_URL}/api/sms-status`;

/** A tiny Twilio-style SMS API: numbers ending in 99 are refused (500), others accepted. */
interface FakeSms {
  url: string;
  received: { path: string; auth: string | undefined; form: Record<string, string> }[];
  close(): Promise<void>;
}

async function startFakeSms(): Promise<FakeSms> {
  const received: FakeSms['received'] = [];
  const read = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    return Object.fromEntries(new URLSearchParams(body));
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((form) => {
      received.push({ path: request.url ?? '', auth: request.headers.authorization, form });
      response.setHeader('content-type', 'application/json');
      if (form.To?.endsWith('99')) {
        response.statusCode = 500;
        response.end(JSON.stringify({ code: 30008, message: 'Carrier down' }));
        return;
      }
      response.statusCode = 201;
      response.end(JSON.stringify({ sid: `SM${received.length}x${Date.now()}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/2010-04-01`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeSms;
let t: TestApp;
let manager: Person;
let employee: Person;
let agent: Person;
let northwind: Person;

const reports = async (who: Person, channel: 'mail' | 'sms', query = '') => {
  const reply = await t.call<Reply<{ results: MessageReport[]; total: number }>>(
    'GET',
    `/api/${channel}-reports${query}`,
    { token: who.token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
};
const outboxMailer = () =>
  createMailer(t.database.db, { SMTP_URL: undefined, MAIL_FROM: 'x@y.z' }, t.app.log);
const httpProvider = () =>
  createSmsProvider({
    SMS_PROVIDER_URL: fake.url,
    SMS_PROVIDER_ACCOUNT: 'AC-test',
    SMS_PROVIDER_TOKEN: TOKEN,
    SMS_FROM: '+15550000000',
    appUrl: APP_URL,
  });

/** A queued SMS of the demo company, as notify() writes it. */
async function queueSms(to: string, text: string) {
  const [row] = await t.database.db
    .insert(notificationDeliveries)
    .values({
      company_id: manager.companyId,
      notification_kind: 'ticket.assigned',
      user_id: employee.id,
      channel: 'sms',
      to,
      subject: 'Ticket assigned',
      text,
    })
    .returning({ id: notificationDeliveries.id });
  if (!row) throw new Error('no row');
  return row.id;
}
const deliveryRow = async (id: number) => {
  const [row] = await t.database.db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.id, id));
  return row;
};

/** Posts a provider's delivery report, signed with `token` (the provider's) unless told. */
const report = (
  form: Record<string, string>,
  signature = smsSignature(TOKEN, CALLBACK_URL, form),
) =>
  t.call<Reply<{ status: string }>>('POST', '/api/sms-status', {
    rawBody: new URLSearchParams(form).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
    },
  });

beforeAll(async () => {
  fake = await startFakeSms();
  t = await startTestApp({
    APP_URL,
    SMS_PROVIDER_URL: fake.url,
    SMS_PROVIDER_ACCOUNT: 'AC-test',
    SMS_PROVIDER_TOKEN: TOKEN,
    SMS_FROM: '+15550000000',
  });
  // The test runs the delivery pass itself, so the background job never races it.
  await t.app.jobs.stop();
  [manager, employee, agent, northwind] = await Promise.all([
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('/sms-reports and /mail-reports', () => {
  it('show a notification SMS sent through the outbox provider', async () => {
    const phone = '+1 555 010 0111';
    const saved = await t.call('PUT', '/api/notification-preferences', {
      token: employee.token,
      body: {
        preferences: [{ kind: 'support.ticket_updated', in_app: true, mail: false, sms: true }],
        sms_phone: phone,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const types = await t.call<Reply<{ results: { id: number }[] }>>(
      'GET',
      '/api/support-ticket-types?sort=id',
      { token: employee.token },
    );
    const sent = await t.call<Reply<{ id: number }>>('POST', '/api/support-tickets/submit', {
      token: employee.token,
      body: { type_id: types.body.data.results[0]?.id, detail: 'The printer is jammed' },
    });
    expect(sent.status).toBe(200);
    const closed = await t.call('PATCH', `/api/support-tickets/${sent.body.data.id}`, {
      token: agent.token,
      body: { status: 'closed' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const queued = await reports(manager, 'sms', `?recipient=${encodeURIComponent('010 0111')}`);
    expect(queued.results[0]).toMatchObject({ to: phone, status: 'queued', provider: null });

    await deliverPending(t.database.db, outboxMailer(), outboxSms);
    const after = await reports(manager, 'sms', `?recipient=${encodeURIComponent('010 0111')}`);
    expect(after.total).toBe(1);
    expect(after.results[0]).toMatchObject({
      to: phone,
      user_name: 'Eli Employee',
      kind: 'support.ticket_updated',
      status: 'sent',
      provider: 'outbox',
      attempts: 1,
      last_error: null,
    });
    expect(after.results[0]?.summary).toContain('Support ticket closed');
    expect(after.results[0]?.sent_at).not.toBeNull();
    expect((await reports(manager, 'sms', '?status=sent')).results.map((r) => r.to)).toContain(
      phone,
    );
    expect(
      (await reports(manager, 'sms', '?status=failed')).results.map((r) => r.to),
    ).not.toContain(phone);
  });

  it('send through the HTTP provider; a refusal is retried with backoff and ends failed', async () => {
    const good = await queueSms('+15550100200', 'Ticket #1 is yours');
    const bad = await queueSms('+15550100299', 'Ticket #2 is yours');
    const sms = httpProvider();
    await deliverPending(t.database.db, outboxMailer(), sms);

    const request = fake.received.find((r) => r.form.To === '+15550100200');
    expect(request).toMatchObject({
      path: '/2010-04-01/Accounts/AC-test/Messages.json',
      auth: `Basic ${Buffer.from(`AC-test:${TOKEN}`).toString('base64')}`,
      form: {
        To: '+15550100200',
        From: '+15550000000',
        Body: 'Ticket #1 is yours',
        StatusCallback: CALLBACK_URL,
      },
    });
    expect(await deliveryRow(good)).toMatchObject({ status: 'sent', provider: 'http' });
    expect((await deliveryRow(good))?.provider_message_id).toMatch(/^SM/);
    const first = await deliveryRow(bad);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, provider: 'http' });
    expect(first?.last_error).toBe('SMS provider answered 500: Carrier down');
    expect(first?.next_attempt_at).not.toBeNull();

    // Within the backoff nothing is tried again.
    await deliverPending(t.database.db, outboxMailer(), sms);
    expect((await deliveryRow(bad))?.attempts).toBe(1);

    // The wait is over (moved here rather than waited for); later passes, with no backoff,
    // try until the fifth failure, then it is failed for good.
    await t.database.db
      .update(notificationDeliveries)
      .set({ next_attempt_at: null })
      .where(eq(notificationDeliveries.id, bad));
    for (let pass = 0; pass < 6; pass++)
      await deliverPending(t.database.db, outboxMailer(), sms, { backoffSeconds: 0 });
    const last = await deliveryRow(bad);
    expect(last).toMatchObject({ status: 'failed', attempts: 5 });
    expect(last?.failed_at).not.toBeNull();
    expect(fake.received.filter((r) => r.form.To === '+15550100299')).toHaveLength(5);

    const failed = await reports(manager, 'sms', '?status=failed&recipient=0100299');
    expect(failed.results).toHaveLength(1);
    expect(failed.results[0]).toMatchObject({
      status: 'failed',
      attempts: 5,
      last_error: 'SMS provider answered 500: Carrier down',
    });
  });

  it('take the provider’s signed delivery report; a bad signature is refused', async () => {
    const id = await queueSms('+15550100300', 'Ticket #3 is yours');
    const lost = await queueSms('+15550100301', 'Ticket #4 is yours');
    await deliverPending(t.database.db, outboxMailer(), httpProvider());
    const sid = (await deliveryRow(id))?.provider_message_id ?? '';
    const lostSid = (await deliveryRow(lost))?.provider_message_id ?? '';
    expect(sid).toMatch(/^SM/);

    const form = { AccountSid: 'AC-test', MessageSid: sid, MessageStatus: 'delivered' };
    const forged = await report(form, smsSignature('not-the-token', CALLBACK_URL, form));
    expect(forged.status).toBe(403);
    expect((await report(form, '')).status).toBe(403);
    // Signed, but a field changed afterwards.
    const tampered = await report(
      { ...form, MessageStatus: 'failed' },
      smsSignature(TOKEN, CALLBACK_URL, form),
    );
    expect(tampered.status).toBe(403);
    expect((await deliveryRow(id))?.status).toBe('sent');

    const ok = await report(form);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('delivered');
    const [shown] = (await reports(manager, 'sms', '?recipient=0100300')).results;
    expect(shown).toMatchObject({ status: 'delivered' });
    expect(shown?.delivered_at).not.toBeNull();

    const undelivered = await report({
      MessageSid: lostSid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect(undelivered.status).toBe(200);
    const [gone] = (await reports(manager, 'sms', '?recipient=0100301')).results;
    expect(gone).toMatchObject({
      status: 'failed',
      last_error: 'The provider reports undelivered (30003)',
    });

    const unknown = await report({ MessageSid: 'SMnope', MessageStatus: 'delivered' });
    expect(unknown.status).toBe(404);
    const incomplete = await report({ MessageSid: sid });
    expect(incomplete.status).toBe(400);
  });

  it('show mail: a password reset (without its link) and a refused mail with its error', async () => {
    const reset = await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'user@demo.example' },
    });
    expect(reset.status).toBe(200);
    await expect
      .poll(async () => (await reports(manager, 'mail', '?recipient=user@demo')).total, {
        timeout: 10_000,
      })
      .toBe(1);
    const [mail] = (await reports(manager, 'mail', '?recipient=user@demo')).results;
    expect(mail).toMatchObject({
      to: 'user@demo.example',
      user_name: 'Uma User',
      kind: 'password_reset',
      subject: expect.stringContaining('password'),
      status: 'sent',
      provider: 'outbox',
    });
    expect(mail?.summary).not.toMatch(/token=/);

    // A notification mail the SMTP server refuses: retried, then failed with the server's words.
    const [queued] = await t.database.db
      .insert(notificationDeliveries)
      .values({
        company_id: manager.companyId,
        notification_kind: 'order.late',
        user_id: employee.id,
        channel: 'mail',
        to: 'refused@demo.example',
        subject: 'Order late',
        text: 'Order #7 has not arrived',
      })
      .returning({ id: notificationDeliveries.id });
    const refusing = {
      provider: 'smtp' as const,
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
    };
    for (let pass = 0; pass < 5; pass++)
      await deliverPending(t.database.db, refusing, outboxSms, { backoffSeconds: 0 });
    expect(await deliveryRow(queued?.id ?? 0)).toMatchObject({ status: 'failed', attempts: 5 });
    const [refused] = (await reports(manager, 'mail', '?recipient=refused@')).results;
    expect(refused).toMatchObject({
      status: 'failed',
      provider: 'smtp',
      last_error: '550 mailbox unavailable',
      subject: 'Order late',
    });
    const today = new Date().toISOString().slice(0, 10);
    expect((await reports(manager, 'mail', `?from=${today}&to=${today}`)).total).toBeGreaterThan(1);
    expect((await reports(manager, 'mail', '?to=2000-01-01')).total).toBe(0);
    const badDay = await t.call('GET', '/api/mail-reports?from=yesterday', {
      token: manager.token,
    });
    expect(badDay.status).toBe(400);
  });

  it('are the company’s own: another company sees none of its rows', async () => {
    const mine = [
      ...(await reports(manager, 'sms', '?perPage=500')).results,
      ...(await reports(manager, 'mail', '?perPage=500')).results,
    ];
    expect(mine.length).toBeGreaterThan(3);
    const theirs = [
      ...(await reports(northwind, 'sms', '?perPage=500')).results,
      ...(await reports(northwind, 'mail', '?perPage=500')).results,
    ];
    const ids = new Set(theirs.map((row) => row.id));
    expect(mine.filter((row) => ids.has(row.id))).toEqual([]);
    expect(theirs.map((row) => row.to)).not.toContain('user@demo.example');
    const rows = await t.database.db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.company_id, northwind.companyId),
          eq(notificationDeliveries.channel, 'sms'),
        ),
      );
    expect((await reports(northwind, 'sms', '?perPage=500')).total).toBe(rows.length);
  });

  it('are refused (403) to someone who is not an admin', async () => {
    for (const path of ['/api/sms-reports', '/api/mail-reports'])
      expect((await t.call('GET', path, { token: employee.token })).status).toBe(403);
    expect((await t.call('GET', '/api/sms-reports')).status).toBe(460);
  });
});

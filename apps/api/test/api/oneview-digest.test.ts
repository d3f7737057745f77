import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetData } from '@portal/contract/oneview';
import { communicationsModule } from '../../src/modules/communications/module.ts';
import { hrDashboardModule } from '../../src/modules/hr-dashboard/module.ts';
import { ordersModule } from '../../src/modules/orders/module.ts';
import { salesModule } from '../../src/modules/sales/module.ts';
import { ticketsModule } from '../../src/modules/tickets/module.ts';
import { timeoffModule } from '../../src/modules/timeoff/module.ts';
import { timesheetsModule } from '../../src/modules/timesheets/module.ts';
import { createMailer } from '../../src/modules/mail/api.ts';
import { mailOutbox } from '../../src/modules/mail/schema.ts';
import { deliverPending } from '../../src/modules/notifications/deliver.ts';
import { notificationDeliveries } from '../../src/modules/notifications/schema.ts';
import { digestWeek, sendWeeklyDigests } from '../../src/modules/oneview/digest.ts';
import { widgetRegistry } from '../../src/modules/oneview/widgets.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
const APP_URL = 'https://portal.example.com';
// The modules' widgets, as src/modules.ts hands them to OneView.
const registry = widgetRegistry([
  ...hrDashboardModule.widgets,
  ...timesheetsModule.widgets,
  ...timeoffModule.widgets,
  ...salesModule.widgets,
  ...ordersModule.widgets,
  ...ticketsModule.widgets,
  ...communicationsModule.widgets,
]);

let t: TestApp;
let manager: Person;
let employee: Person;

/** The fake clock: a Wednesday noon (UTC), the week of Monday 2026-11-23, and weeks after. */
const wednesday = (weeksLater = 0) =>
  new Date(Date.parse('2026-11-25T12:00:00Z') + weeksLater * 7 * 86_400_000);
const run = (now: Date) => sendWeeklyDigests(registry, t.database.db, { appUrl: APP_URL, now });

const digestsOf = (who: Person) =>
  t.database.db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.user_id, who.id),
        eq(notificationDeliveries.notification_kind, 'oneview.digest'),
      ),
    )
    .orderBy(notificationDeliveries.id);

beforeAll(async () => {
  t = await startTestApp();
  manager = await signInPerson(t, 'manager@demo.example');
  employee = await signInPerson(t, 'employee@demo.example');
});
afterAll(() => t.close());

describe('weekly OneView digest', () => {
  it('is for the week from its Monday 07:00, in the scope’s time zone', () => {
    expect(digestWeek(new Date('2026-11-23T06:59:00Z'), 'UTC')).toBeNull();
    expect(digestWeek(new Date('2026-11-23T07:00:00Z'), 'UTC')).toBe('2026-11-23');
    expect(digestWeek(new Date('2026-11-29T23:59:00Z'), 'UTC')).toBe('2026-11-23');
    // 2026-11-23T10:00Z is still Monday 05:00 in New York; Sunday evening there is last week.
    expect(digestWeek(new Date('2026-11-23T10:00:00Z'), 'America/New_York')).toBeNull();
    expect(digestWeek(new Date('2026-11-23T03:00:00Z'), 'America/New_York')).toBe('2026-11-16');
  });

  it('mails a manager the figures of their OneView that need action, with their lists', async () => {
    const first = await run(wednesday());
    expect(first.sent).toBeGreaterThan(0);
    const [digest, ...more] = await digestsOf(manager);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({
      channel: 'mail',
      to: 'manager@demo.example',
      status: 'queued',
      source_type: 'oneview.digest',
      source_id: 20261123,
    });
    expect(digest?.subject).toMatch(/^Your weekly OneView digest: \d+ items? needs? action$/);
    const text = digest?.text ?? '';
    expect(text).toContain(
      `To stop this weekly digest, switch off its mail at ${APP_URL}/user/control-notifications`,
    );
    // Each line is a figure of the manager's OneView for their scope, and links to its list.
    const data = await t.call<Reply<WidgetData>>('GET', '/api/oneview/widget-data', {
      token: manager.token,
    });
    expect(text).toContain(`What needs action at ${data.body.data.scope.name}:`);
    const lines = [...text.matchAll(/^(.+): (\d+)\n(\S+)$/gm)];
    expect(lines.length).toBeGreaterThan(0);
    let total = 0;
    for (const [, title, value, url] of lines) {
      const figure = data.body.data.figures.find((f) => f.title === title);
      expect(figure, title).toBeDefined();
      expect(Number(value)).toBe(figure?.value);
      expect(url).toBe(`${APP_URL}${figure?.list_url}`);
      total += Number(value);
    }
    expect(digest?.subject).toContain(`: ${total} item`);
    // Not for the employee (not a manager).
    expect(await digestsOf(employee)).toEqual([]);

    // The delivery job sends it like any other notice (the mail outbox here, no SMTP).
    const mailer = createMailer(
      t.database.db,
      { SMTP_URL: undefined, MAIL_FROM: 'x@y.z' },
      t.app.log,
    );
    await deliverPending(t.database.db, mailer);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'manager@demo.example'));
    expect(mails.filter((mail) => mail.subject === digest?.subject)).toHaveLength(1);
  });

  it('is sent once a week: running the job again that week sends nothing more', async () => {
    const again = await run(new Date(wednesday().getTime() + 3_600_000));
    expect(again.sent).toBe(0);
    expect(await digestsOf(manager)).toHaveLength(1);
    const nextWeek = await run(wednesday(1));
    expect(nextWeek.sent).toBeGreaterThan(0);
    const digests = await digestsOf(manager);
    expect(digests.map((d) => d.source_id)).toEqual([20261123, 20261130]);
    expect((await run(wednesday(1))).sent).toBe(0);
  });

  it('stops when the manager switches its mail off at /user/control-notifications', async () => {
    const settings = await t.call<
      Reply<{ preferences: { kind: string; in_app: boolean; mail: boolean; sms: boolean }[] }>
    >('GET', '/api/notification-preferences', { token: manager.token });
    expect(settings.body.data.preferences.find((p) => p.kind === 'oneview.digest')).toEqual({
      kind: 'oneview.digest',
      in_app: false,
      mail: true,
      sms: false,
    });
    const saved = await t.call('PUT', '/api/notification-preferences', {
      token: manager.token,
      body: {
        preferences: [{ kind: 'oneview.digest', in_app: false, mail: false, sms: false }],
        sms_phone: null,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await run(wednesday(2));
    expect((await digestsOf(manager)).map((d) => d.source_id)).toEqual([20261123, 20261130]);
  });
});

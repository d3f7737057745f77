// The notifications module's entry for other modules (docs/ARCHITECTURE.md, "Boundaries").
import {
  NOTIFICATION_EVENT,
  type NotificationChannel,
  type NotificationKind,
} from '@portal/contract/notifications';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { publish } from '../../platform/events.ts';
import type { Mailer } from '../mail/api.ts';
import { emailsOf } from '../users/api.ts';
import { channelsFor, smsPhonesOf } from './preferences.ts';
import { notificationDeliveries, notifications } from './schema.ts';

export { channelsFor };

export interface Notice {
  kind: NotificationKind;
  /** who it is for; the one who caused it is left out by the caller */
  userIds: readonly number[];
  title: string;
  body: string;
  /** the screen it is about */
  link?: string | null;
  /** only these channels, each still as the person chose (left out: every channel) */
  channels?: Partial<Record<NotificationChannel, boolean>>;
  /** the record it announces, kept on each notification and delivery for the sender's counts */
  source?: { type: string; id: number };
}

/**
 * The one way a module tells people something (issue 18): inside the caller's transaction, per
 * recipient and as each chose at /user/control-notifications, a row in their notifications (the
 * bell, told live over the server-sent events once the transaction commits), and a mail and an
 * SMS queued for the job `notifications.deliver`. Nothing leaves if the transaction rolls back.
 */
export async function notify(tx: Executor, companyId: number, notice: Notice): Promise<void> {
  const userIds = [...new Set(notice.userIds)];
  if (!userIds.length) return;
  const channels = await channelsFor(tx, companyId, userIds, notice.kind);
  const wanted = (channel: NotificationChannel) => notice.channels?.[channel] ?? true;
  const on = (channel: NotificationChannel) =>
    wanted(channel) ? userIds.filter((userId) => channels.get(userId)?.[channel]) : [];
  const inApp = on('in_app');
  const byMail = on('mail');
  const bySms = on('sms');
  const source = { source_type: notice.source?.type ?? null, source_id: notice.source?.id ?? null };
  if (inApp.length) {
    await tx.insert(notifications).values(
      inApp.map((userId) => ({
        company_id: companyId,
        user_id: userId,
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link ?? null,
        ...source,
      })),
    );
    await publish(tx, companyId, {
      type: NOTIFICATION_EVENT,
      audience: { userIds: inApp },
      kind: notice.kind,
    });
  }
  const emails = await emailsOf(tx, companyId, byMail);
  const phones = await smsPhonesOf(tx, companyId, bySms);
  const text = notice.link ? `${notice.body}\n\n${notice.link}` : notice.body;
  const deliveries = [
    ...[...emails].map(([userId, to]) => ({ userId, to, channel: 'mail' })),
    ...[...phones].map(([userId, to]) => ({ userId, to, channel: 'sms' })),
  ];
  if (deliveries.length)
    await tx.insert(notificationDeliveries).values(
      deliveries.map((delivery) => ({
        company_id: companyId,
        notification_kind: notice.kind,
        user_id: delivery.userId,
        channel: delivery.channel,
        to: delivery.to,
        subject: notice.title,
        text: delivery.channel === 'sms' ? `${notice.title}: ${notice.body}`.slice(0, 320) : text,
        ...source,
      })),
    );
}

/**
 * Whether a notice of `kind` about `source` already reached the user on some channel (a row in
 * their notifications or a delivery queued or sent): a job that tells once per period asks first.
 */
export async function noticeSent(
  db: Executor,
  companyId: number,
  userId: number,
  kind: NotificationKind,
  source: { type: string; id: number },
): Promise<boolean> {
  const [inApp] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        tenantScope(notifications, companyId),
        eq(notifications.user_id, userId),
        eq(notifications.kind, kind),
        eq(notifications.source_type, source.type),
        eq(notifications.source_id, source.id),
      ),
    )
    .limit(1);
  if (inApp) return true;
  const [delivery] = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        tenantScope(notificationDeliveries, companyId),
        eq(notificationDeliveries.user_id, userId),
        eq(notificationDeliveries.notification_kind, kind),
        eq(notificationDeliveries.source_type, source.type),
        eq(notificationDeliveries.source_id, source.id),
      ),
    )
    .limit(1);
  return delivery !== undefined;
}

/** How a mail sent on the spot appears in the delivery log: without its secret part. */
export interface MailRecord {
  /** the user it went to; null for someone outside the company (a supplier's contact) */
  userId: number | null;
  /** what sent it, shown in /mail-reports (password_reset, sign_in_code, purchase_order) */
  kind: string;
  /** the record it is about (a purchase order), shown beside it in /mail-reports */
  source?: { type: string; id: number };
  /** the subject and text the log keeps (a reset link or a code takes an account over) */
  subject: string;
  summary: string;
}

/**
 * Sends a mail now through `mailer` and records it in the company's delivery log (/mail-reports):
 * `sent` once the SMTP server (or the outbox) took it, `failed` with the error otherwise, which
 * is thrown on to the caller.
 */
export async function sendRecordedMail(
  db: Executor,
  mailer: Mailer,
  mail: Parameters<Mailer['send']>[0] & { companyId: number },
  record: MailRecord,
) {
  const row = {
    company_id: mail.companyId,
    notification_kind: record.kind,
    user_id: record.userId,
    channel: 'mail',
    to: mail.to,
    subject: record.subject,
    text: record.summary,
    provider: mailer.provider,
    attempts: 1,
    source_type: record.source?.type ?? null,
    source_id: record.source?.id ?? null,
  };
  try {
    await mailer.send(mail);
  } catch (error) {
    await db.insert(notificationDeliveries).values({
      ...row,
      status: 'failed',
      failed_at: new Date().toISOString(),
      last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    });
    throw error;
  }
  await db
    .insert(notificationDeliveries)
    .values({ ...row, status: 'sent', sent_at: new Date().toISOString() });
}

/** What became of the notices about one record on one channel. */
export interface ChannelTally {
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}
export type SourceTally = Record<NotificationChannel, ChannelTally>;
const emptyTally = (): ChannelTally => ({
  total: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
});

/**
 * Per record (a bulletin) of `type`, the notices of `kind` it sent: in the app (made, read) and
 * per delivery channel (queued, sent or delivered, delivered, failed). Two grouped queries.
 */
export async function tallyBySource(
  db: Executor,
  companyId: number,
  source: { type: string; kind: NotificationKind; ids: readonly number[] },
): Promise<Map<number, SourceTally>> {
  const out = new Map<number, SourceTally>();
  if (!source.ids.length) return out;
  const of = (id: number) => {
    let tally = out.get(id);
    if (!tally) {
      tally = { in_app: emptyTally(), mail: emptyTally(), sms: emptyTally() };
      out.set(id, tally);
    }
    return tally;
  };
  const [inApp, sent] = await Promise.all([
    db
      .select({
        id: notifications.source_id,
        total: sql<number>`count(*)::int`,
        read: sql<number>`count(${notifications.read_at})::int`,
      })
      .from(notifications)
      .where(
        and(
          tenantScope(notifications, companyId),
          eq(notifications.source_type, source.type),
          eq(notifications.kind, source.kind),
          inArray(notifications.source_id, [...source.ids]),
        ),
      )
      .groupBy(notifications.source_id),
    db
      .select({
        id: notificationDeliveries.source_id,
        channel: notificationDeliveries.channel,
        status: notificationDeliveries.status,
        n: sql<number>`count(*)::int`,
      })
      .from(notificationDeliveries)
      .where(
        and(
          tenantScope(notificationDeliveries, companyId),
          eq(notificationDeliveries.source_type, source.type),
          eq(notificationDeliveries.notification_kind, source.kind),
          inArray(notificationDeliveries.source_id, [...source.ids]),
        ),
      )
      .groupBy(
        notificationDeliveries.source_id,
        notificationDeliveries.channel,
        notificationDeliveries.status,
      ),
  ]);
  for (const row of inApp) {
    if (row.id === null) continue;
    const tally = of(row.id).in_app;
    tally.total = tally.sent = Number(row.total);
    tally.read = Number(row.read);
  }
  for (const row of sent) {
    if (row.id === null || (row.channel !== 'mail' && row.channel !== 'sms')) continue;
    const tally = of(row.id)[row.channel];
    const n = Number(row.n);
    tally.total += n;
    if (row.status === 'queued') tally.queued += n;
    if (row.status === 'failed') tally.failed += n;
    if (row.status === 'sent' || row.status === 'delivered') tally.sent += n;
    if (row.status === 'delivered') tally.delivered += n;
  }
  return out;
}

export type DeliveryState = 'queued' | 'sent' | 'delivered' | 'failed';
export interface PersonTally {
  in_app: 'unread' | 'read' | null;
  mail: DeliveryState | null;
  sms: DeliveryState | null;
}
const stateOf = (value: string): DeliveryState =>
  value === 'sent' || value === 'delivered' || value === 'failed' ? value : 'queued';

/** Per person, what the latest notice of `kind` about one record did on each channel. */
export async function tallyByPerson(
  db: Executor,
  companyId: number,
  source: { type: string; kind: NotificationKind; id: number },
): Promise<Map<number, PersonTally>> {
  const [inApp, sent] = await Promise.all([
    db
      .select({ user_id: notifications.user_id, read_at: notifications.read_at })
      .from(notifications)
      .where(
        and(
          tenantScope(notifications, companyId),
          eq(notifications.source_type, source.type),
          eq(notifications.kind, source.kind),
          eq(notifications.source_id, source.id),
        ),
      )
      .orderBy(desc(notifications.id)),
    db
      .select({
        user_id: notificationDeliveries.user_id,
        channel: notificationDeliveries.channel,
        status: notificationDeliveries.status,
      })
      .from(notificationDeliveries)
      .where(
        and(
          tenantScope(notificationDeliveries, companyId),
          eq(notificationDeliveries.source_type, source.type),
          eq(notificationDeliveries.notification_kind, source.kind),
          eq(notificationDeliveries.source_id, source.id),
        ),
      )
      .orderBy(desc(notificationDeliveries.id)),
  ]);
  const out = new Map<number, PersonTally>();
  const of = (userId: number) => {
    let tally = out.get(userId);
    if (!tally) {
      tally = { in_app: null, mail: null, sms: null };
      out.set(userId, tally);
    }
    return tally;
  };
  // Newest first: the first row seen per person and channel is the latest notice's.
  for (const row of inApp) {
    const tally = of(row.user_id);
    tally.in_app ??= row.read_at ? 'read' : 'unread';
  }
  for (const row of sent) {
    if (row.user_id === null || (row.channel !== 'mail' && row.channel !== 'sms')) continue;
    const tally = of(row.user_id);
    tally[row.channel] ??= stateOf(row.status);
  }
  return out;
}

import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { tenantScope } from '../../db/columns.ts';
import type { Database } from '../../platform/database.ts';
import { defineJob } from '../../platform/jobs.ts';
import { createMailer, type Mailer } from '../mail/api.ts';
import { createSmsProvider, outboxSms, type SmsConfig, type SmsProvider } from './sms.ts';
import { notificationDeliveries } from './schema.ts';

/** A delivery is tried this many times; after the last failure it is `failed`. */
export const MAX_ATTEMPTS = 5;
/** The wait before the next try doubles from this after each failure (30 s, 1, 2, 4 min). */
const BACKOFF_SECONDS = 30;
const BATCH = 100;

/**
 * Sends queued mail through the mail module (SMTP, or its outbox without SMTP_URL) and queued
 * SMS through the SMS provider (the HTTP provider when configured, else the outbox: the row
 * stays here as sent). A failure keeps its error and is tried again after a backoff; the fifth
 * failure marks the delivery `failed`.
 */
export const deliveryJob = (config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'> & SmsConfig) =>
  defineJob({
    name: 'notifications.deliver',
    intervalSeconds: 10,
    retries: 0,
    async handler({ db, log }) {
      return deliverPending(db, createMailer(db, config, log), createSmsProvider(config));
    },
  });

export async function deliverPending(
  db: Database,
  mailer: Pick<Mailer, 'provider' | 'send'>,
  sms: SmsProvider = outboxSms,
  options: { backoffSeconds?: number } = {},
) {
  const backoff = options.backoffSeconds ?? BACKOFF_SECONDS;
  const pending = await db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.status, 'queued'),
        or(
          isNull(notificationDeliveries.next_attempt_at),
          lte(notificationDeliveries.next_attempt_at, sql`now()`),
        ),
      ),
    )
    .orderBy(asc(notificationDeliveries.id))
    .limit(BATCH);
  let sent = 0;
  for (const delivery of pending) {
    const key = and(
      tenantScope(notificationDeliveries, delivery.company_id),
      eq(notificationDeliveries.id, delivery.id),
      eq(notificationDeliveries.status, 'queued'),
    );
    const provider = delivery.channel === 'mail' ? mailer.provider : sms.name;
    try {
      let messageId: string | null = null;
      if (delivery.channel === 'mail')
        await mailer.send({
          to: delivery.to,
          subject: delivery.subject,
          text: delivery.text,
          companyId: delivery.company_id,
        });
      else messageId = (await sms.send({ to: delivery.to, text: delivery.text })).messageId;
      await db
        .update(notificationDeliveries)
        .set({
          status: 'sent',
          provider,
          provider_message_id: messageId,
          sent_at: sql`now()`,
          next_attempt_at: null,
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          last_error: null,
          updated_at: sql`now()`,
        })
        .where(key);
      sent++;
    } catch (error) {
      const attempts = delivery.attempts + 1;
      const last = attempts >= MAX_ATTEMPTS;
      await db
        .update(notificationDeliveries)
        .set({
          status: last ? 'failed' : 'queued',
          provider,
          attempts,
          failed_at: last ? sql`now()` : null,
          next_attempt_at: last
            ? null
            : sql`now() + make_interval(secs => ${backoff * 2 ** (attempts - 1)})`,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          updated_at: sql`now()`,
        })
        .where(key);
    }
  }
  return { sent, pending: pending.length };
}

import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { tenantScope } from '../../db/columns.ts';
import type { Database } from '../../platform/database.ts';
import { defineJob } from '../../platform/jobs.ts';
import { createMailer } from '../mail/api.ts';
import { notificationDeliveries } from './schema.ts';

const MAX_ATTEMPTS = 5;
const BATCH = 100;

/**
 * Sends queued notification mail through the mail module (SMTP, or its outbox without SMTP_URL)
 * and marks queued SMS as sent to the SMS outbox (this table; no SMS provider is configured). A
 * failed mail is tried again on the next pass, up to five times, its error kept.
 */
export const deliveryJob = (config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>) =>
  defineJob({
    name: 'notifications.deliver',
    intervalSeconds: 10,
    retries: 0,
    async handler({ db, log }) {
      return deliverPending(db, createMailer(db, config, log));
    },
  });

export async function deliverPending(
  db: Database,
  mailer: {
    send(mail: { to: string; subject: string; text: string; companyId: number }): Promise<void>;
  },
) {
  const pending = await db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        isNull(notificationDeliveries.sent_at),
        lt(notificationDeliveries.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(notificationDeliveries.id))
    .limit(BATCH);
  let sent = 0;
  for (const delivery of pending) {
    const key = and(
      tenantScope(notificationDeliveries, delivery.company_id),
      eq(notificationDeliveries.id, delivery.id),
    );
    try {
      if (delivery.channel === 'mail')
        await mailer.send({
          to: delivery.to,
          subject: delivery.subject,
          text: delivery.text,
          companyId: delivery.company_id,
        });
      await db
        .update(notificationDeliveries)
        .set({
          sent_at: sql`now()`,
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          last_error: null,
        })
        .where(key);
      sent++;
    } catch (error) {
      await db
        .update(notificationDeliveries)
        .set({
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where(key);
    }
  }
  return { sent, pending: pending.length };
}

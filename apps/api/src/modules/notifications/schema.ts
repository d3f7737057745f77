import { boolean, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** A user's notifications in the app (the bell, /notifications). */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    read_at: isoTimestamp('read_at'),
    /** the record it announces (a bulletin), for its sender's counts */
    source_type: text(),
    source_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    index().on(t.company_id, t.user_id, t.id),
    index().on(t.company_id, t.source_type, t.source_id),
  ],
);

/** A user's choice per kind (no row: the kind's defaults). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    kind: text().notNull(),
    in_app: boolean().notNull(),
    mail: boolean().notNull(),
    sms: boolean().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    unique().on(t.company_id, t.user_id, t.kind),
  ],
);

/** Where a user's SMS go (one row per user who gave a number). */
export const notificationProfiles = pgTable(
  'notification_profiles',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    sms_phone: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    unique().on(t.company_id, t.user_id),
  ],
);

/**
 * The delivery log of the company's mail and SMS (issue 18 item 8; /mail-reports, /sms-reports):
 * notifications are written `queued` in the notifying transaction and sent by the job
 * `notifications.deliver` (mail through the mail module, SMTP or its outbox; SMS through the SMS
 * provider, or this table as the SMS outbox); mail sent on the spot (reset links, sign-in codes)
 * is recorded once sent, with a summary instead of its secret text. A failure is tried again with
 * backoff (`next_attempt_at`) and ends `failed` after the last attempt; a provider's status
 * callback marks an SMS `delivered` or `failed`.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    ...tenantColumns(),
    /** a notification kind, or what sent it (password_reset, sign_in_code) */
    notification_kind: text().notNull(),
    /** the user it went to; null for someone outside the company (a supplier's contact) */
    user_id: integer(),
    channel: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** queued, sent, delivered or failed */
    status: text().notNull().default('queued'),
    /** smtp or outbox (mail); http or outbox (SMS); null until tried */
    provider: text(),
    /** the SMS provider's message id, which its status callback names */
    provider_message_id: text(),
    sent_at: isoTimestamp('sent_at'),
    delivered_at: isoTimestamp('delivered_at'),
    failed_at: isoTimestamp('failed_at'),
    next_attempt_at: isoTimestamp('next_attempt_at'),
    attempts: integer().notNull().default(0),
    last_error: text(),
    /** the record it is about (a bulletin), for its sender's counts */
    source_type: text(),
    source_id: integer(),
  },
  (t) => [
    index().on(t.company_id, t.source_type, t.source_id),
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    index().on(t.status, t.next_attempt_at),
    index().on(t.company_id, t.channel, t.id),
    index().on(t.provider_message_id),
  ],
);

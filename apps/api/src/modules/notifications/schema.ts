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
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    index().on(t.company_id, t.user_id, t.id),
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
 * Mail and SMS waiting to leave (written in the notifying transaction, sent by the job
 * `notifications.deliver`): mail through the mail module (SMTP or its outbox); SMS stay here as
 * the SMS outbox, no provider being configured.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    ...tenantColumns(),
    notification_kind: text().notNull(),
    user_id: integer().notNull(),
    channel: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    sent_at: isoTimestamp('sent_at'),
    attempts: integer().notNull().default(0),
    last_error: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    index().on(t.sent_at, t.id),
  ],
);

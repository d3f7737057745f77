import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * An employee's enrolled face: the 128-number descriptor of face-api's recognition net, never the
 * photo. One per user; deleted when consent is withdrawn or the employee is terminated.
 */
export const hrFaceEnrolments = pgTable(
  'hr_face_enrolments',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    descriptor: jsonb().$type<number[]>().notNull(),
    /** which model made the descriptor (descriptors of different models do not compare) */
    model: text().notNull(),
    enrolled_by: integer().notNull(),
    consent_at: isoTimestamp('consent_at').notNull(),
    /** who gave the consent: the employee, or a manager recording the employee's signed form */
    consent_by: integer().notNull(),
    consent_version: text().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    uniqueIndex().on(t.company_id, t.user_id),
  ],
);

/**
 * The consent history (no biometric data): granted, withdrawn, deleted on termination. Kept after
 * the template is gone, as the record that consent was asked for and when the data was deleted.
 */
export const hrFaceConsentEvents = pgTable(
  'hr_face_consent_events',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    /**
     * `granted`, `withdrawn`, `deleted_on_termination`, `deleted_with_employee`,
     * `deleted_with_user` (DELETE /users), `deleted_on_disable` (PATCH /users/disable)
     */
    event: text().notNull(),
    consent_version: text(),
    actor_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    index().on(t.company_id, t.user_id),
  ],
);

/** Every face check of a punch: what managers review (flagged and blocked ones). */
export const hrFaceChecks = pgTable(
  'hr_face_checks',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    store_id: integer(),
    /** `clock_in`, `clock_out`, `break_start`, `break_end` */
    action: text().notNull(),
    /** `pass`, `flagged`, `blocked`, `no_face` */
    result: text().notNull(),
    distance: doublePrecision(),
    timecard_id: integer(),
    reviewed_at: isoTimestamp('reviewed_at'),
    reviewed_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    index().on(t.company_id, t.result, t.created_at),
  ],
);

import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A store's shared tablet enrolled as a kiosk. The tablet keeps `<company>.<id>.<secret>`; only the
 * SHA-256 of the secret is stored, so a leaked table enrols nothing. A revoked device is refused
 * on its next call.
 */
export const hrKioskDevices = pgTable(
  'hr_kiosk_devices',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    name: text().notNull(),
    secret_hash: text().notNull(),
    enrolled_by: integer().notNull(),
    last_used_at: isoTimestamp('last_used_at'),
    revoked_at: isoTimestamp('revoked_at'),
    revoked_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.enrolled_by, users),
    tenantForeignKey(t.company_id, t.revoked_by, users),
    index().on(t.company_id, t.store_id),
  ],
);

/**
 * Clocking rights at a store other than the employee's own, for a date range (inclusive, in the
 * store's time zone). Nothing ends it: outside the range it simply no longer counts.
 */
export const hrStoreTempAccess = pgTable(
  'hr_store_temp_access',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    store_id: integer().notNull(),
    starts_on: date({ mode: 'string' }).notNull(),
    ends_on: date({ mode: 'string' }).notNull(),
    granted_by: integer().notNull(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.granted_by, users),
    index().on(t.company_id, t.user_id, t.store_id),
  ],
);

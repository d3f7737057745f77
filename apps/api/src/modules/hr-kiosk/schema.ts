import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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

import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  activeFlag,
  createdAt,
  isoTimestamp,
  tenantColumns,
  tenantPrimaryKey,
  tenantForeignKey,
} from '../../db/columns.ts';
import { roles } from '../access/schema.ts';
import { companies, stores } from '../organisation/schema.ts';

export const users = pgTable(
  'users',
  {
    ...tenantColumns(),
    uuid: uuid().notNull().defaultRandom(),
    email: text().notNull(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    role_id: integer().notNull(),
    access_level: integer().notNull(),
    current_store: integer(),
    profile_photo: text(),
    job_order_type: text(),
    business_type: text(),
    dealer_id: integer(),
    vendor_id: integer(),
    is_active: activeFlag(),
    is_locked: boolean().notNull().default(false),
    is_deleted: boolean().notNull().default(false),
    is_b2b: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.role_id, roles),
    tenantForeignKey(t.company_id, t.current_store, stores),
    unique().on(t.company_id, t.email),
    unique().on(t.company_id, t.uuid),
    index().on(t.company_id, t.last_name, t.first_name),
  ],
);

/**
 * Sign-in identities, one per user: an email is unique within its company, not across companies,
 * so whether an address is used in another company is never visible from inside one. Sign-in reads
 * them by email before any tenant scope exists (the system path) and may find one per company.
 * Only the auth module reads this table; password hashes never leave it.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    company_id: integer()
      .notNull()
      .references(() => companies.id),
    email: text().notNull(),
    user_id: integer().notNull(),
    password_hash: text().notNull(),
    auth_uuid: uuid().notNull().defaultRandom(),
    password_changed_at: isoTimestamp('password_changed_at')
      .notNull()
      .default(sql`now()`),
    /** Two-factor sign-in chosen by the user: `email`, `totp`, or null (the company may still require it). */
    two_factor_method: text(),
    /** Base32 TOTP secret once enrolment is confirmed; the pending one while the QR code is shown. */
    totp_secret: text(),
    totp_pending_secret: text(),
    /** The last accepted TOTP time step: a code is accepted once. */
    totp_last_step: integer(),
    /** argon2id hash of the mobile PIN. */
    mobile_pin_hash: text(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.email] }),
    unique().on(t.company_id, t.user_id),
    // Sign-in and password reset look an email up in every company.
    index().on(t.email),
  ],
);

/** Opaque bearer sessions: only the SHA-256 of the token is stored, so a leaked table logs no one in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    token_hash: text().notNull().unique(),
    company_id: integer().notNull(),
    user_id: integer().notNull(),
    created_at: createdAt(),
    last_seen_at: isoTimestamp('last_seen_at')
      .notNull()
      .default(sql`now()`),
    expires_at: isoTimestamp('expires_at').notNull(),
    revoked_at: isoTimestamp('revoked_at'),
    ip: text(),
    user_agent: text(),
  },
  (t) => [index().on(t.company_id, t.user_id)],
);

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp } from '../../db/columns.ts';

/**
 * A sign-in waiting for its second factor. Global like sessions: it exists before any session.
 * Only hashes are stored: of the opaque challenge token the client holds, and of the mailed code
 * (salted with that token, so the table alone cannot be used to check guesses).
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial().primaryKey(),
    token_hash: text().notNull().unique(),
    company_id: integer().notNull(),
    user_id: integer().notNull(),
    /** `email` (a code was mailed) or `totp` (the code comes from an authenticator app). */
    method: text().notNull(),
    code_hash: text(),
    attempts: integer().notNull().default(0),
    sends: integer().notNull().default(0),
    last_sent_at: isoTimestamp('last_sent_at'),
    expires_at: isoTimestamp('expires_at').notNull(),
    consumed_at: isoTimestamp('consumed_at'),
    ip: text(),
    created_at: createdAt(),
  },
  (t) => [index().on(t.company_id, t.user_id)],
);

/** Password reset links: random token, only its SHA-256 kept, single-use, expiring. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    token_hash: text().notNull().unique(),
    company_id: integer().notNull(),
    user_id: integer().notNull(),
    expires_at: isoTimestamp('expires_at').notNull(),
    used_at: isoTimestamp('used_at'),
    created_at: createdAt(),
  },
  (t) => [index().on(t.company_id, t.user_id)],
);

/**
 * Failure counters for rate limits that must hold across API instances (sign-in per account, per
 * account and address, per address; reset mails per account): a fixed window per key.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text().primaryKey(),
    failures: integer().notNull().default(0),
    window_started_at: isoTimestamp('window_started_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index().on(t.window_started_at)],
);

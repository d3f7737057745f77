import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
  updatedAt,
} from '../db/columns.ts';
import { companies } from '../modules/organisation/schema.ts';
import { users } from '../modules/users/schema.ts';

/**
 * A secure public link (platform/public-links.ts): one record, one action, an expiry, revocable,
 * maybe single-use. Only a SHA-256 hash of the token is stored, so the table cannot hand a link out.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    ...tenantColumns(),
    /** what the link is about: a resource name (`receipt_discrepancies`) and one row of it */
    resource: text().notNull(),
    record_id: integer().notNull(),
    /** the one thing the link allows (`view`, `comment`, `pay`, `approve`) */
    action: text().notNull(),
    token_hash: text().notNull(),
    expires_at: isoTimestamp('expires_at').notNull(),
    single_use: boolean().notNull().default(false),
    used_at: isoTimestamp('used_at'),
    revoked_at: isoTimestamp('revoked_at'),
    revoked_by: integer(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.created_by, users),
    tenantForeignKey(t.company_id, t.revoked_by, users),
    unique().on(t.token_hash),
    index().on(t.company_id, t.resource, t.record_id),
  ],
);

/** Every opening (GET) and every action (POST) through a public link, refused ones too. */
export const publicLinkEvents = pgTable(
  'public_link_events',
  {
    ...tenantColumns(),
    link_id: integer().notNull(),
    /** `view` or `action` */
    kind: text().notNull(),
    /** `ok`, `expired`, `revoked`, `used` or `failed` (the action threw) */
    outcome: text().notNull(),
    ip: text(),
    user_agent: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({
      columns: [t.company_id, t.link_id],
      foreignColumns: [publicLinks.company_id, publicLinks.id],
    }).onDelete('cascade'),
    index().on(t.company_id, t.link_id, t.created_at),
  ],
);

/**
 * One row per declared scheduled job (platform/jobs.ts): when it runs next, who holds it now
 * (a lease, so several instances never run it at once), and how its last runs went.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text().primaryKey(),
  interval_seconds: integer().notNull(),
  next_run_at: isoTimestamp('next_run_at').notNull(),
  /** set while an instance runs it; a lease that lapses (a crashed instance) frees the job */
  locked_until: isoTimestamp('locked_until'),
  locked_by: text(),
  last_started_at: isoTimestamp('last_started_at'),
  last_finished_at: isoTimestamp('last_finished_at'),
  last_success_at: isoTimestamp('last_success_at'),
  last_error: text(),
  /** failures in a row (0 after a success) and in all */
  consecutive_failures: integer().notNull().default(0),
  total_failures: integer().notNull().default(0),
  total_runs: integer().notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** One-off jobs (`enqueue`): run once, retried with backoff, kept with their outcome. */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** the company the work is for, when it is for one (what a company admin may see) */
    company_id: integer(),
    payload: jsonb().notNull().default({}),
    /** `pending`, `running`, `done` or `failed` (out of attempts) */
    status: text().notNull().default('pending'),
    run_at: isoTimestamp('run_at')
      .notNull()
      .default(sql`now()`),
    attempts: integer().notNull().default(0),
    max_attempts: integer().notNull(),
    locked_until: isoTimestamp('locked_until'),
    locked_by: text(),
    last_error: text(),
    finished_at: isoTimestamp('finished_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    index().on(t.status, t.run_at),
    index().on(t.company_id, t.created_at),
  ],
);

/**
 * Settings inherited down the org tree (platform/settings.ts): a value for the company
 * (scope_id 0) or for one region, district or store; the nearest to a store wins.
 */
export const orgSettings = pgTable(
  'org_settings',
  {
    ...tenantColumns(),
    key: text().notNull(),
    /** `company`, `region`, `district` or `store` */
    scope: text().notNull(),
    /** the region's, district's or store's id; 0 for the company */
    scope_id: integer().notNull(),
    value: jsonb().notNull(),
    updated_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.key, t.scope, t.scope_id),
  ],
);

/**
 * Uploaded files whose record was deleted (platform/uploads.ts, queueFileDeletion): queued in the
 * deleting transaction, so a rolled-back delete keeps its file, and removed from the disk once
 * committed.
 */
export const fileDeletions = pgTable('file_deletions', {
  key: text().primaryKey(),
  created_at: createdAt(),
});

/**
 * Security events (platform/security-events.ts): sign-ins, failed sign-ins, lockouts, password
 * and email changes, role and permission changes. Read by the company's admins (GET
 * /security-events) and, for every company, by the super admin. company_id is null for a failed
 * sign-in to an email no account has (only the super admin sees those).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial().primaryKey(),
    company_id: integer(),
    /** what happened: one of securityEventKinds (contract) */
    kind: text().notNull(),
    /** the account it happened to, and who did it (null: the account itself, or nobody signed in) */
    user_id: integer(),
    actor_id: integer(),
    /** the account's email at the time (also for unknown accounts) */
    email: text(),
    ip: text(),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
    created_at: createdAt(),
  },
  (t) => [index().on(t.company_id, t.id), index().on(t.created_at)],
);

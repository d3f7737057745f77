import { index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BulletinChannels, BulletinQuestion } from '@portal/contract/communications';
import {
  activeFlag,
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';
import { foreignKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Bulletins (issue 18 item 7): the current version's text and questions, the audience (regions,
 * districts, stores, roles; empty lists: everyone) and the version acknowledgements must name.
 */
export const bulletins = pgTable(
  'bulletins',
  {
    ...tenantColumns(),
    title: text().notNull(),
    body: text().notNull(),
    ack_mode: text().notNull().default('read'),
    questions: jsonb().$type<BulletinQuestion[]>().notNull().default([]),
    region_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    district_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    store_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    role_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** recipient lists whose members it reaches besides the places and roles (a list in use is not deleted) */
    list_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** days after a version's publication when those who have not acknowledged it are escalated to their manager (null: never) */
    escalate_after_days: integer(),
    /** how its publication and material edits are announced (notifications' channels) */
    channels: jsonb()
      .$type<BulletinChannels>()
      .notNull()
      .default({ in_app: true, mail: false, sms: false }),
    version: integer().notNull().default(1),
    version_at: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    created_by: integer(),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.version_at, t.id),
  ],
);

/** Each published version as it was (create, then each material edit). */
export const bulletinVersions = pgTable(
  'bulletin_versions',
  {
    ...tenantColumns(),
    bulletin_id: integer().notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    questions: jsonb().$type<BulletinQuestion[]>().notNull().default([]),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.bulletin_id, bulletins).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.created_by, users),
    unique().on(t.company_id, t.bulletin_id, t.version),
  ],
);

/** One person's acknowledgement of one version (at most one per version). */
export const bulletinAcknowledgements = pgTable(
  'bulletin_acknowledgements',
  {
    ...tenantColumns(),
    bulletin_id: integer().notNull(),
    version: integer().notNull(),
    user_id: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.bulletin_id, bulletins).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    unique().on(t.company_id, t.bulletin_id, t.version, t.user_id),
    index().on(t.company_id, t.user_id),
  ],
);

/**
 * One person escalated to their manager for not acknowledging one version in time (at most once
 * per person and version: the job inserts here first and notifies only for new rows).
 */
export const bulletinEscalations = pgTable(
  'bulletin_escalations',
  {
    ...tenantColumns(),
    bulletin_id: integer().notNull(),
    version: integer().notNull(),
    user_id: integer().notNull(),
    manager_id: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.bulletin_id, bulletins).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.manager_id, users).onDelete('cascade'),
    unique().on(t.company_id, t.bulletin_id, t.version, t.user_id),
  ],
);

/** Recipient lists (/lists): a name unique in the company whatever its case, and a description. */
export const recipientLists = pgTable(
  'recipient_lists',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.created_by, users),
    uniqueIndex('recipient_lists_company_name_ci').on(t.company_id, sql`lower(${t.name})`),
  ],
);

/** One person on one list. */
export const recipientListMembers = pgTable(
  'recipient_list_members',
  {
    ...tenantColumns(),
    list_id: integer().notNull(),
    user_id: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.list_id, recipientLists).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.user_id, users).onDelete('cascade'),
    unique().on(t.company_id, t.list_id, t.user_id),
  ],
);

/** Bulletin templates (/communications/templates): a bulletin's text and acknowledgement, reused. */
export const bulletinTemplates = pgTable(
  'bulletin_templates',
  {
    ...tenantColumns(),
    name: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    ack_mode: text().notNull().default('read'),
    questions: jsonb().$type<BulletinQuestion[]>().notNull().default([]),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.created_by, users),
    uniqueIndex('bulletin_templates_company_name_ci').on(t.company_id, sql`lower(${t.name})`),
  ],
);

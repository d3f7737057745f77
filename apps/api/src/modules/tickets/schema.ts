import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TemplateField, TemplateValues } from '@portal/contract/resources/tickets';
import {
  activeFlag,
  isoTimestamp,
  namedTenantTable,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies, districts, regions, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

export const ticketTypes = namedTenantTable('ticket_types', companies, { description: text() });
/** Priorities carry the SLA targets in minutes (null: that clock is not kept). */
export const ticketPriorities = namedTenantTable('ticket_priorities', companies, {
  description: text(),
  first_response_minutes: integer(),
  next_response_minutes: integer(),
  resolution_minutes: integer(),
});

/** Ticket templates (/ticket-templates): per type, a starting subject and their own fields. */
export const ticketTemplates = pgTable(
  'ticket_templates',
  {
    ...tenantColumns(),
    name: text().notNull(),
    type_id: integer().notNull(),
    priority_id: integer(),
    subject: text().notNull(),
    detail: text(),
    fields: jsonb().$type<TemplateField[]>().notNull().default([]),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.type_id, ticketTypes),
    tenantForeignKey(t.company_id, t.priority_id, ticketPriorities),
    index().on(t.company_id, t.name, t.id),
  ],
);

/** Task and support tickets (/task-center, /ticket-center); status per ticketStatusMachine. */
export const tickets = pgTable(
  'tickets',
  {
    ...tenantColumns(),
    subject: text().notNull(),
    detail: text().notNull(),
    type_id: integer(),
    priority_id: integer(),
    store_id: integer(),
    /** assignment to a district or a region (beside, or instead of, a store or a user) */
    district_id: integer(),
    region_id: integer(),
    template_id: integer(),
    template_values: jsonb().$type<TemplateValues>(),
    assignee_id: integer(),
    requester_id: integer(),
    requester_email: text(),
    /** a public ticket's sender address (the hourly limit per address) */
    requester_ip: text(),
    /** internal, support (Get Support), contact (/contact-us), public */
    source: text().notNull().default('internal'),
    sent_from_route: text(),
    /** the support ticket it came from (Get Support, contact form) */
    support_ticket_id: integer(),
    due_at: isoTimestamp('due_at'),
    closed_at: isoTimestamp('closed_at'),
    status: text().notNull().default('new'),
    /**
     * Derived from ticket_events on every event (sla.ts), for the tracker's order and the
     * escalation job: the clock falling due first, when, whether paused (minutes left frozen),
     * breached, and when the job next has to look (a running clock not yet escalated).
     */
    sla_clock: text(),
    sla_due_at: isoTimestamp('sla_due_at'),
    sla_paused: boolean().notNull().default(false),
    sla_left_minutes: integer(),
    sla_breached: boolean().notNull().default(false),
    sla_check_at: isoTimestamp('sla_check_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.type_id, ticketTypes),
    tenantForeignKey(t.company_id, t.priority_id, ticketPriorities),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.district_id, districts),
    tenantForeignKey(t.company_id, t.region_id, regions),
    tenantForeignKey(t.company_id, t.template_id, ticketTemplates),
    tenantForeignKey(t.company_id, t.assignee_id, users),
    tenantForeignKey(t.company_id, t.requester_id, users),
    index().on(t.company_id, t.assignee_id, t.status, t.id),
    index().on(t.company_id, t.status, t.id),
    index().on(t.company_id, t.support_ticket_id),
    index('tickets_sla_due_idx')
      .on(t.company_id, t.sla_due_at, t.id)
      .where(sql`status in ('new', 'open', 'pending')`),
    index('tickets_sla_check_idx')
      .on(t.sla_check_at)
      .where(sql`sla_check_at is not null`),
    index('tickets_requester_ip_idx')
      .on(t.requester_ip, t.created_at)
      .where(sql`requester_ip is not null`),
  ],
);

/**
 * A ticket's event log, the SLA clocks' only source (sla.ts): created, replies by staff and by
 * the requester, status moves (a move to pending carries the reason the clocks pause for),
 * priority and store changes, breaches escalated. `at` is when it happened.
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    ...tenantColumns(),
    ticket_id: integer().notNull(),
    kind: text().notNull(),
    at: isoTimestamp('at')
      .notNull()
      .default(sql`now()`),
    actor_id: integer(),
    value: text(),
    reason: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.ticket_id, tickets).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.actor_id, users),
    index().on(t.company_id, t.ticket_id, t.at, t.id),
  ],
);

/** Comments on a ticket, by staff or by a visitor through the ticket's public link. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    ...tenantColumns(),
    ticket_id: integer().notNull(),
    author_id: integer(),
    author_name: text().notNull(),
    from_public_link: boolean().notNull().default(false),
    body: text().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.ticket_id, tickets).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.author_id, users),
    index().on(t.company_id, t.ticket_id, t.id),
  ],
);

/**
 * Files attached to a ticket: uploaded to a signed URL of the ticket-attachments folder, then
 * attached by their key (attachments.ts), to the ticket itself or with one of its comments
 * (`comment_id`). They go with the ticket: the rows by the cascade, the files queued for deletion
 * by the ticket's delete (services.ts).
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    ...tenantColumns(),
    ticket_id: integer().notNull(),
    /** The comment the file came with; null when attached to the ticket itself. */
    comment_id: integer(),
    /** The upload's key: `<company>/ticket-attachments/<uuid>-<name>.<ext>`. */
    file_key: text().notNull(),
    file_name: text().notNull(),
    content_type: text().notNull(),
    size: integer().notNull(),
    uploaded_by: integer(),
    uploaded_by_name: text().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.ticket_id, tickets).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.uploaded_by, users),
    tenantForeignKey(t.company_id, t.comment_id, ticketComments).onDelete('cascade'),
    index().on(t.company_id, t.ticket_id, t.id),
    index()
      .on(t.company_id, t.comment_id)
      .where(sql`comment_id is not null`),
    uniqueIndex().on(t.company_id, t.file_key),
  ],
);

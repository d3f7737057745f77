import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { email, id, isoDateTime, name, optionalText } from '../fields.ts';

/** Ticket types, listed by id: the support modal preselects the first (SPEC.md section 5). */
export const supportTicketTypeSchema = z.object({
  id,
  company_id: id,
  title: z.string(),
  description: z.string().nullable(),
  created_at: isoDateTime,
});
export type SupportTicketType = z.infer<typeof supportTicketTypeSchema>;
const supportTicketTypeWritable = z.strictObject({
  title: name,
  description: optionalText(500),
});

export const supportTicketTypes = defineResource({
  name: 'support_ticket_types',
  path: '/support-ticket-types',
  label: { one: 'Support Ticket Type', many: 'Support Ticket Types' },
  row: supportTicketTypeSchema,
  create: supportTicketTypeWritable,
  update: supportTicketTypeWritable.partial(),
  messages: resourceMessages('SupportTicketType', 'added'),
  afterSave: '/supporttickettypes',
  deleteMode: 'remove',
  searchFields: ['title'],
  queryFields: ['id', 'title', 'company_id', 'created_at'],
  defaultSort: 'id',
});

export const supportTicketStatuses = ['open', 'closed'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];

export const supportTicketSchema = z.object({
  id,
  company_id: id,
  type_id: id,
  user_id: id.nullable(),
  detail: z.string(),
  email: z.string(),
  store_id: id.nullable(),
  sent_from_route: z.string().nullable(),
  status: z.enum(supportTicketStatuses),
  created_at: isoDateTime,
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

const detail = z.string().trim().min(1, 'Details is required').max(5000);

/**
 * SPEC.md section 3's payload: type_id, detail, email, store_id, sent_from_route. The company is
 * the caller's (never read from the body); the email defaults to the caller's own.
 */
export const supportTicketSubmitSchema = z.strictObject({
  type_id: id,
  detail,
  email: email.optional(),
  store_id: id.nullable().default(null),
  sent_from_route: optionalText(300),
});
export type SupportTicketSubmit = z.input<typeof supportTicketSubmitSchema>;

export const supportTickets = defineResource({
  name: 'support_tickets',
  path: '/support-tickets',
  label: { one: 'Support Ticket', many: 'Support Tickets' },
  row: supportTicketSchema,
  create: supportTicketSubmitSchema,
  update: z.strictObject({
    type_id: id.optional(),
    detail: detail.optional(),
    status: z.enum(supportTicketStatuses).optional(),
  }),
  messages: resourceMessages('SupportTicket', 'added'),
  deleteMode: 'remove',
  searchFields: ['detail', 'email'],
  queryFields: [
    'id',
    'type_id',
    'user_id',
    'store_id',
    'status',
    'email',
    'company_id',
    'created_at',
  ],
  defaultSort: '-id',
});

/** Any signed-in user submits a ticket here (the Get Support modal); the rest needs permissions. */
export const SUPPORT_TICKET_SUBMIT_PATH = '/support-tickets/submit';

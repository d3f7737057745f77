import { z } from 'zod';
import { defineFlatResource } from '../flat-resource.ts';
import {
  allowedTransitionsField,
  defineResource,
  resourceMessages,
  type StatusMachine,
} from '../resource.ts';
import { email, id, isoDateTime, optionalText } from '../fields.ts';

/** A ticket's kind (/task-tickets/type): company data. */
export const ticketTypes = defineFlatResource({
  name: 'ticket_types',
  path: '/ticket-types',
  label: { one: 'Ticket Type', many: 'Ticket Types' },
  row: { description: z.string().nullable() },
  writable: { description: optionalText(500) },
  searchFields: ['name', 'description'],
});
export type TicketType = z.infer<typeof ticketTypes.row>;

const slaMinutes = z
  .number()
  .int('Use whole minutes')
  .min(1, 'At least 1 minute')
  .max(525_600, 'At most a year')
  .nullable()
  .optional();

/**
 * How urgent a ticket is (/task-tickets/priority): company data, with its SLA targets in minutes
 * (first response, next response, resolution; none: that clock is not kept).
 */
export const ticketPriorities = defineFlatResource({
  name: 'ticket_priorities',
  path: '/ticket-priorities',
  label: { one: 'Ticket Priority', many: 'Ticket Priorities' },
  row: {
    description: z.string().nullable(),
    first_response_minutes: z.number().int().nullable(),
    next_response_minutes: z.number().int().nullable(),
    resolution_minutes: z.number().int().nullable(),
  },
  writable: {
    description: optionalText(500),
    first_response_minutes: slaMinutes,
    next_response_minutes: slaMinutes,
    resolution_minutes: slaMinutes,
  },
  searchFields: ['name', 'description'],
});
export type TicketPriority = z.infer<typeof ticketPriorities.row>;

export const ticketStatuses = ['new', 'open', 'pending', 'resolved', 'closed'] as const;
export const ticketStatus = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatus>;

/**
 * A ticket's life (issue 18): new until someone works it, pending while waiting on someone
 * else, resolved when done (the requester may still answer; reopening is allowed), closed for good.
 * Any other move is a 409; every move is a history row.
 */
export const ticketStatusMachine: StatusMachine<TicketStatus> = {
  states: ticketStatuses,
  labels: {
    new: 'New',
    open: 'Open',
    pending: 'Pending',
    resolved: 'Resolved',
    closed: 'Closed',
  },
  initial: 'new',
  transitions: [
    { from: ['new', 'pending'], to: 'open', label: 'Start work' },
    { from: ['open'], to: 'pending', label: 'Wait' },
    { from: ['new', 'open', 'pending'], to: 'resolved', label: 'Resolve' },
    { from: ['resolved'], to: 'open', label: 'Reopen' },
    { from: ['new', 'resolved'], to: 'closed', label: 'Close' },
  ],
  editableIn: ['new', 'open', 'pending', 'resolved'],
  messages: {
    moved: 'Ticket status updated',
    notMoved: 'Ticket status not updated',
    notEditable: 'A closed ticket cannot be changed',
  },
};

export const ticketSources = ['internal', 'support', 'contact', 'public'] as const;

/** A template's own field: what a ticket from it must (or may) say. */
export const templateFieldKinds = ['text', 'number', 'date'] as const;
export const templateFieldSchema = z.strictObject({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lower-case letters, digits and _ (e.g. till_number)'),
  label: z.string().trim().min(1, 'Label is required').max(80),
  kind: z.enum(templateFieldKinds).default('text'),
  required: z.boolean().default(false),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

/** What a ticket from a template says in the template's fields (key: value). */
export const templateValuesSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(2000), z.number(), z.null()]),
);
export type TemplateValues = z.infer<typeof templateValuesSchema>;
export type TicketSource = (typeof ticketSources)[number];

export const ticketSchema = z.object({
  id,
  company_id: id,
  subject: z.string(),
  detail: z.string(),
  type_id: id.nullable(),
  type_name: z.string().nullable(),
  priority_id: id.nullable(),
  priority_name: z.string().nullable(),
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  district_id: id.nullable(),
  district_name: z.string().nullable(),
  region_id: id.nullable(),
  region_name: z.string().nullable(),
  template_id: id.nullable(),
  template_name: z.string().nullable(),
  /** the template's fields as filled in */
  template_values: templateValuesSchema.nullable(),
  assignee_id: id.nullable(),
  assignee_name: z.string().nullable(),
  requester_id: id.nullable(),
  requester_name: z.string().nullable(),
  requester_email: z.string().nullable(),
  source: z.enum(ticketSources),
  sent_from_route: z.string().nullable(),
  /** the Get Support (or contact-form) ticket it came from */
  support_ticket_id: id.nullable(),
  due_at: isoDateTime.nullable(),
  closed_at: isoDateTime.nullable(),
  /** the nearest due time of the SLA clocks that run (null: none runs, e.g. while pending) */
  sla_due_at: isoDateTime.nullable(),
  /** a clock ran past its target (reset when the clock stops or is met) */
  sla_breached: z.boolean(),
  status: ticketStatus,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_transitions: allowedTransitionsField,
});
export type Ticket = z.infer<typeof ticketSchema>;

const dueAt = z.iso
  .datetime({ offset: true, error: 'Enter a date and time' })
  .nullable()
  .optional();

const ticketWritable = z.strictObject({
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  detail: z.string().trim().min(1, 'Details is required').max(5000),
  type_id: id.nullable().optional(),
  priority_id: id.nullable().optional(),
  store_id: id.nullable().optional(),
  district_id: id.nullable().optional(),
  region_id: id.nullable().optional(),
  assignee_id: id.nullable().optional(),
  requester_email: email
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  due_at: dueAt,
});

const ticketCreate = ticketWritable.extend({
  /** a ticket from a template: its fields, checked against the template's (400 naming a missing one) */
  template_id: id.nullable().optional(),
  template_values: templateValuesSchema.optional(),
});

/** A task or support ticket of the company (/task-center, /ticket-center). */
export const tickets = defineResource({
  name: 'tickets',
  path: '/task-tickets',
  label: { one: 'Ticket', many: 'Tickets' },
  row: ticketSchema,
  create: ticketCreate,
  update: ticketWritable.partial().extend({ template_values: templateValuesSchema.optional() }),
  messages: resourceMessages('Ticket', 'created'),
  afterSave: '/task-center',
  deleteMode: 'remove',
  searchFields: ['subject', 'detail', 'requester_email'],
  queryFields: [
    'id',
    'subject',
    'status',
    'type_id',
    'priority_id',
    'store_id',
    'district_id',
    'region_id',
    'template_id',
    'assignee_id',
    'requester_id',
    'source',
    'due_at',
    'sla_due_at',
    'sla_breached',
    'created_at',
  ],
  defaultSort: '-id',
  statuses: ticketStatusMachine,
  history: true,
  references: {
    type_id: { resource: 'ticket_types', as: 'type_name' },
    priority_id: { resource: 'ticket_priorities', as: 'priority_name' },
    store_id: { resource: 'stores', as: 'store_name' },
    district_id: { resource: 'districts', as: 'district_name' },
    region_id: { resource: 'regions', as: 'region_name' },
    template_id: { resource: 'ticket_templates', as: 'template_name' },
    assignee_id: {
      resource: 'users',
      as: 'assignee_name',
      labelFields: ['first_name', 'last_name'],
    },
    requester_id: {
      resource: 'users',
      as: 'requester_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

/** A file attached to a ticket (uploaded to a signed URL of the ticket-attachments folder). */
export const ticketAttachmentSchema = z.object({
  id,
  ticket_id: id,
  /** the comment the file came with; null for a file attached to the ticket itself */
  comment_id: id.nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** a short-lived signed read link to the file */
  file_url: z.string(),
  uploaded_by_name: z.string(),
  created_at: isoDateTime,
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketCommentSchema = z.object({
  id,
  ticket_id: id,
  author_id: id.nullable(),
  author_name: z.string(),
  /** written by a visitor through the ticket's public link */
  from_public_link: z.boolean(),
  body: z.string(),
  created_at: isoDateTime,
  /** the files that came with the comment (each also in the ticket's file list) */
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** POST .../attachments: the key a signed upload answered, and the file's own name. */
export const ticketAttachmentInputSchema = z.strictObject({
  key: z.string().trim().min(1, 'Upload the file first').max(300),
  file_name: z.string().trim().min(1, 'A file name is required').max(200),
});

/** Files one comment may carry. */
export const COMMENT_FILES_MAX = 10;

/** A comment, with the files uploaded for it (signed uploads of the ticket, by key). */
export const ticketCommentInputSchema = z.strictObject({
  body: z.string().trim().min(1, 'Write a comment').max(5000),
  attachments: z
    .array(ticketAttachmentInputSchema)
    .max(COMMENT_FILES_MAX, `At most ${COMMENT_FILES_MAX} files per comment`)
    .default([]),
});
/** A visitor's comment through the public link: words only (visitors read files, never add them). */
export const publicTicketCommentInputSchema = ticketCommentInputSchema
  .omit({ attachments: true })
  .extend({
    name: z.string().trim().min(1, 'Name is required').max(120),
  });

/** GET /ticket-center/dashboard: the caller's queue and the unassigned ones. */
export const ticketDashboardSchema = z.object({
  my_queue: z.array(ticketSchema.omit({ allowed_transitions: true })),
  unassigned: z.array(ticketSchema.omit({ allowed_transitions: true })),
  counts: z.object({
    my_queue: z.number().int(),
    unassigned: z.number().int(),
    open: z.number().int(),
  }),
});
export type TicketDashboard = z.infer<typeof ticketDashboardSchema>;

/** The public view of a ticket (/public/ticket-view): what a requester may see, nothing else. */
export const publicTicketSchema = z.object({
  id,
  subject: z.string(),
  detail: z.string(),
  status: ticketStatus,
  status_label: z.string(),
  company_name: z.string(),
  created_at: isoDateTime,
  closed_at: isoDateTime.nullable(),
  comments: z.array(ticketCommentSchema.omit({ author_id: true })),
  /** the ticket's files, each with a read link good for about half an hour */
  attachments: z.array(ticketAttachmentSchema),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;

/** A ticket's public link, as staff make it (shown once). */
export const ticketPublicLinkSchema = z.object({
  id,
  token: z.string(),
  /** the web page a requester opens */
  url: z.string(),
  expires_at: isoDateTime,
});

export const ticketMessages = {
  commentAdded: 'Comment added',
  closedNoComments: 'A closed ticket takes no comments',
  attachmentAdded: 'File attached',
  attachmentRemoved: 'File removed',
  attachmentNotUploaded: 'Upload the file first',
  closedNoAttachments: 'A closed ticket takes no files',
  linkCreated: 'Public link created',
} as const;

/** A public link lives until 14 days after the ticket closes. */
export const PUBLIC_TICKET_DAYS_AFTER_CLOSE = 14;

const templateFields = z
  .array(templateFieldSchema)
  .max(20, 'At most 20 fields')
  .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, {
    message: 'Each field needs its own key',
  });

export const ticketTemplateSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  type_id: id,
  type_name: z.string().nullable(),
  priority_id: id.nullable(),
  priority_name: z.string().nullable(),
  /** what a ticket from it starts with */
  subject: z.string(),
  detail: z.string().nullable(),
  fields: z.array(templateFieldSchema),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type TicketTemplate = z.infer<typeof ticketTemplateSchema>;

const templateWritable = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(120),
  type_id: id,
  priority_id: id.nullable().optional(),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  detail: optionalText(5000),
  fields: templateFields.default([]),
});

/**
 * A ticket template (/ticket-templates): for one ticket type, the subject and priority a ticket
 * starts with and its own fields, some required (/task-tickets/new/{id} opens a ticket from it).
 */
export const ticketTemplates = defineResource({
  name: 'ticket_templates',
  path: '/ticket-templates',
  label: { one: 'Ticket Template', many: 'Ticket Templates' },
  row: ticketTemplateSchema,
  create: templateWritable,
  update: templateWritable.partial().extend({ fields: templateFields.optional() }),
  messages: resourceMessages('Ticket Template', 'added'),
  afterSave: '/ticket-templates',
  deleteMode: 'deactivate',
  searchFields: ['name', 'subject'],
  queryFields: ['id', 'name', 'type_id', 'priority_id', 'is_active', 'created_at'],
  defaultSort: 'name',
  references: {
    type_id: { resource: 'ticket_types', as: 'type_name' },
    priority_id: { resource: 'ticket_priorities', as: 'priority_name' },
  },
});

/** The message naming a template's required field that a ticket left empty. */
export const templateFieldRequired = (label: string) => `${label} is required`;

// ---------------------------------------------------------------------------------------------
// SLA (issue 18): three clocks derived from the ticket's event log.

export const slaClocks = ['first_response', 'next_response', 'resolution'] as const;
export type SlaClock = (typeof slaClocks)[number];
export const slaClockLabels: Record<SlaClock, string> = {
  first_response: 'First response',
  next_response: 'Next response',
  resolution: 'Resolution',
};

/** One clock as of a moment: business minutes spent, its target and when it falls due. */
export const slaClockSchema = z.object({
  clock: z.enum(slaClocks),
  /** idle: not started (next response before a reply); running; paused (waiting); stopped: met */
  state: z.enum(['idle', 'running', 'paused', 'stopped']),
  target_minutes: z.number().int().nullable(),
  elapsed_minutes: z.number(),
  /** paused time (minutes of the clock's calendar) credited so far */
  paused_minutes: z.number(),
  /** when a running clock falls due; null otherwise */
  due_at: isoDateTime.nullable(),
  /** minutes left (negative once breached); null without a target or when not running */
  minutes_left: z.number().nullable(),
  breached: z.boolean(),
});
export type SlaClockState = z.infer<typeof slaClockSchema>;

export const ticketEventKinds = [
  'created',
  'staff_reply',
  'requester_reply',
  'status',
  'priority',
  'store',
  'breached',
] as const;
export type TicketEventKind = (typeof ticketEventKinds)[number];

export const ticketEventSchema = z.object({
  id,
  kind: z.enum(ticketEventKinds),
  at: isoDateTime,
  actor_id: id.nullable(),
  /** the status moved to, the priority id, the clock breached */
  value: z.string().nullable(),
  /** why a ticket waits (a move to pending) */
  reason: z.string().nullable(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** GET /task-tickets/{id}/sla: the clocks, the log they come from and the calendar used. */
export const ticketSlaSchema = z.object({
  ticket_id: id,
  as_of: isoDateTime,
  /** business: the store's opening hours in its time zone; calendar: every hour counts */
  calendar: z.enum(['business', 'calendar']),
  calendar_note: z.string(),
  paused: z.boolean(),
  pause_reason: z.string().nullable(),
  clocks: z.array(slaClockSchema),
  events: z.array(ticketEventSchema),
});
export type TicketSla = z.infer<typeof ticketSlaSchema>;

/** POST /task-tickets/{id}/wait: move to pending, with the reason the clocks pause for. */
export const ticketWaitSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say what the ticket waits for').max(500),
});

/** GET /sla-tracker: active tickets with a running or paused clock, by time left. */
export const slaTrackerQuerySchema = z.strictObject({
  store_id: z.coerce.number().int().positive().optional(),
  district_id: z.coerce.number().int().positive().optional(),
  region_id: z.coerce.number().int().positive().optional(),
  /** only breached (true) or only not breached (false) */
  breached: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(0).default(0),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type SlaTrackerQuery = Partial<
  Record<'store_id' | 'district_id' | 'region_id' | 'page' | 'per_page', number>
> & { breached?: 'true' | 'false' };

export const slaTrackerRowSchema = z.object({
  id,
  subject: z.string(),
  status: ticketStatus,
  priority_name: z.string().nullable(),
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  district_name: z.string().nullable(),
  region_name: z.string().nullable(),
  assignee_name: z.string().nullable(),
  /** the clock that falls due first; null while paused */
  clock: z.enum(slaClocks).nullable(),
  due_at: isoDateTime.nullable(),
  /** minutes left (negative: breached); a paused ticket's left is frozen */
  minutes_left: z.number().int().nullable(),
  paused: z.boolean(),
  breached: z.boolean(),
});
export type SlaTrackerRow = z.infer<typeof slaTrackerRowSchema>;
export const slaTrackerSchema = z.object({
  results: z.array(slaTrackerRowSchema),
  total: z.number().int(),
  breached: z.number().int(),
});
export type SlaTracker = z.infer<typeof slaTrackerSchema>;

/** Escalation on a breach (org setting, nearest of store, district, region, company). */
export const SLA_ESCALATION_SETTING = 'tickets.sla_escalation';
export const slaEscalationSchema = z.strictObject({
  /** who hears of a breach besides the assignee (and takes the ticket when reassign is on) */
  escalate_to_id: id.nullable(),
  reassign: z.boolean(),
});
export type SlaEscalation = z.infer<typeof slaEscalationSchema>;

// ---------------------------------------------------------------------------------------------
// The external ticket center (/external/ticket-center/*): call-center staff outside the company.

/** The permission of the external ticket center: tickets assigned to one or at one's stores. */
export const EXTERNAL_TICKETS_PERMISSION = 'work_external_tickets';

export const externalQueues = ['all', 'mine', 'stores', 'breached'] as const;
export type ExternalQueue = (typeof externalQueues)[number];
export const externalQueueLabels: Record<ExternalQueue, string> = {
  all: 'All my tickets',
  mine: 'Assigned to me',
  stores: 'My stores',
  breached: 'Breached',
};

/** GET /external/ticket-center/tickets: one queue of the agent's scope, active tickets first. */
export const externalTicketQuerySchema = z.strictObject({
  queue: z.enum(externalQueues).default('all'),
  status: ticketStatus.optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(0).default(0),
  per_page: z.coerce.number().int().min(1).max(50).default(25),
});
export type ExternalTicketQuery = {
  queue?: ExternalQueue;
  status?: TicketStatus;
  search?: string;
  page?: number;
  per_page?: number;
};

export const externalTicketListSchema = z.object({
  results: z.array(ticketSchema),
  total: z.number().int(),
  /** active tickets (new, open, pending) per queue */
  counts: z.object({
    all: z.number().int(),
    mine: z.number().int(),
    stores: z.number().int(),
    breached: z.number().int(),
  }),
  /** the stores the agent serves (their tickets are in scope) */
  stores: z.array(z.object({ id, name: z.string() })),
});
export type ExternalTicketList = z.infer<typeof externalTicketListSchema>;

// ---------------------------------------------------------------------------------------------
// The public ticket center (/public/ticket-center): a guest opens a ticket for a store.

/** A store's public ticket link (e.g. behind a QR code in the store): resource and action. */
export const STORE_TICKET_LINK = { resource: 'stores', action: 'open_ticket' } as const;

/** GET /public/ticket-center?token=: what the form shows. */
export const publicTicketCenterSchema = z.object({
  company_name: z.string(),
  store_name: z.string(),
  types: z.array(z.object({ id, name: z.string() })),
});
export type PublicTicketCenter = z.infer<typeof publicTicketCenterSchema>;

export const publicTicketOpenSchema = z.strictObject({
  token: z.string().min(1, 'token is required').max(200),
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: email,
  type_id: id.nullable().optional(),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  detail: z.string().trim().min(1, 'Details is required').max(5000),
  /** hidden from people: a filled one is a robot (answered like a success, nothing stored) */
  website: z.string().max(200).optional(),
});
export type PublicTicketOpen = z.input<typeof publicTicketOpenSchema>;

/** What a guest gets back: the ticket's number and its own read-and-comment link. */
export const publicTicketOpenedSchema = z.object({
  received: z.literal(true),
  ticket_id: id.nullable(),
  view_token: z.string().nullable(),
});

/** At most this many public tickets an hour from one address (429 beyond). */
export const PUBLIC_TICKET_HOURLY_LIMIT = 5;

export const publicTicketMessages = {
  opened: 'Thank you. Your ticket is open; keep the link to follow it.',
  tooMany: 'Too many tickets from your address. Please try again later.',
} as const;

/** POST /ticket-center/store-links: a store's public ticket link, its address and QR code. */
export const storeTicketLinkInputSchema = z.strictObject({
  store_id: id,
  expires_in_days: z.number().int().min(1).max(90).default(90),
});
export const storeTicketLinkSchema = z.object({
  id,
  token: z.string(),
  /** the guest form's address (APP_URL) */
  url: z.string(),
  /** the address as a QR code (PNG data URL) to print for the store */
  qr_data_url: z.string(),
  expires_at: isoDateTime,
});
export type StoreTicketLink = z.infer<typeof storeTicketLinkSchema>;

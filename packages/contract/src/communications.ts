import { z } from 'zod';
import { id, isoDateTime, name, optionalText } from './fields.ts';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './list-query.ts';
import { defineResource, resourceMessages } from './resource.ts';

/**
 * Communications (issue 18 item 7): bulletins aimed at regions, districts, stores and roles, read
 * and acknowledged by each person they reach ("I have read", or one to three check questions).
 * Each acknowledgement names the bulletin version it acknowledged; an edit marked material makes a
 * new version and asks everyone again, a minor edit keeps the version.
 */

export const bulletinAckModes = ['read', 'questions'] as const;
export type BulletinAckMode = (typeof bulletinAckModes)[number];
export const bulletinAckModeLabels: Record<BulletinAckMode, string> = {
  read: 'I have read',
  questions: 'Check questions',
};

export const MAX_BULLETIN_QUESTIONS = 3;

/** A check question: its choices and the index of the right one. */
export const bulletinQuestionSchema = z.strictObject({
  question: z.string().trim().min(1, 'Question is required').max(300),
  choices: z
    .array(z.string().trim().min(1, 'A choice cannot be empty').max(200))
    .min(2, 'Give at least two choices')
    .max(6, 'At most six choices'),
  answer: z.number().int().min(0),
});
export type BulletinQuestion = z.infer<typeof bulletinQuestionSchema>;

const idList = z.array(id).max(500);

/** Where a bulletin is announced when published (each person's choices still apply). */
export const bulletinChannelsSchema = z.strictObject({
  in_app: z.boolean(),
  mail: z.boolean(),
  sms: z.boolean(),
});
export type BulletinChannels = z.infer<typeof bulletinChannelsSchema>;

export const bulletinSchema = z.object({
  id,
  company_id: id,
  title: z.string(),
  body: z.string(),
  ack_mode: z.enum(bulletinAckModes),
  questions: z.array(bulletinQuestionSchema),
  region_ids: z.array(id),
  district_ids: z.array(id),
  store_ids: z.array(id),
  role_ids: z.array(id),
  /** recipient lists (/lists) whose members it reaches besides the places and roles */
  list_ids: z.array(id),
  /** days after a version is published when those who have not acknowledged it go to their manager (null: never) */
  escalate_after_days: z.number().int().nullable(),
  /** how its publication (and each material edit) is announced to the people it reaches */
  channels: bulletinChannelsSchema,
  /** the current version: 1, raised by each material edit */
  version: z.number().int(),
  version_at: isoDateTime,
  created_by: id.nullable(),
  is_active: z.boolean(),
  created_at: isoDateTime,
  /** how many people the bulletin reaches now, and how many acknowledged the current version */
  recipients: z.number().int(),
  acknowledged: z.number().int(),
  /** how many people (over all versions) were escalated to their manager */
  escalated: z.number().int(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

const questionsField = z
  .array(bulletinQuestionSchema)
  .max(MAX_BULLETIN_QUESTIONS, 'At most three questions');

export const MAX_ESCALATE_AFTER_DAYS = 60;
const escalateAfterDaysField = z
  .number({ error: 'Escalate after must be a whole number of days from 1 to 60' })
  .int('Escalate after must be a whole number of days from 1 to 60')
  .min(1, 'Escalate after must be a whole number of days from 1 to 60')
  .max(MAX_ESCALATE_AFTER_DAYS, 'Escalate after must be a whole number of days from 1 to 60')
  .nullable();

const bulletinFields = {
  title: z.string().trim().min(1, 'Title is required').max(200),
  body: z.string().trim().min(1, 'Message is required').max(20000),
  ack_mode: z.enum(bulletinAckModes),
  questions: questionsField,
  region_ids: idList,
  district_ids: idList,
  store_ids: idList,
  role_ids: idList,
  list_ids: idList,
  escalate_after_days: escalateAfterDaysField,
};

export const bulletinMessages = {
  questionsNeeded: 'Add one to three check questions',
  answerOutOfRange: 'Choose the right answer among the choices',
  wrongAnswers: 'Some answers are not right; read the bulletin again and retry',
  answersNeeded: 'Answer every question',
  alreadyAcknowledged: 'You have already acknowledged this version',
  versionChanged: 'This bulletin has changed; read the new version',
  acknowledged: 'Bulletin acknowledged',
  notInactive: 'This bulletin is no longer active',
} as const;

// The questions' checks against the mode and the choices are the service's (a 400 per field):
// a PATCH may change one without the other.
const bulletinCreate = z.strictObject({
  ...bulletinFields,
  ack_mode: bulletinFields.ack_mode.default('read'),
  questions: questionsField.default([]),
  region_ids: idList.default([]),
  district_ids: idList.default([]),
  store_ids: idList.default([]),
  role_ids: idList.default([]),
  list_ids: idList.default([]),
  escalate_after_days: escalateAfterDaysField.default(null),
  /** left out: the company's default channels (/communications/settings) */
  channels: bulletinChannelsSchema.optional(),
});

const bulletinUpdate = z.strictObject({
  title: bulletinFields.title.optional(),
  body: bulletinFields.body.optional(),
  ack_mode: bulletinFields.ack_mode.optional(),
  questions: questionsField.optional(),
  region_ids: idList.optional(),
  district_ids: idList.optional(),
  store_ids: idList.optional(),
  role_ids: idList.optional(),
  list_ids: idList.optional(),
  escalate_after_days: escalateAfterDaysField.optional(),
  channels: bulletinChannelsSchema.optional(),
  /** a material edit makes a new version and asks everyone again; a minor one does not */
  material: z.boolean().optional(),
});

/** Bulletins (/communications/list-page, /communications/new): managers write them. */
export const bulletins = defineResource({
  name: 'bulletins',
  path: '/bulletins',
  label: { one: 'Bulletin', many: 'Bulletins' },
  row: bulletinSchema,
  create: bulletinCreate,
  update: bulletinUpdate,
  messages: resourceMessages('Bulletin', 'created', {
    created: 'Bulletin published',
    notCreated: 'Bulletin not published',
  }),
  afterSave: '/communications/list-page',
  deleteMode: 'deactivate',
  searchFields: ['title', 'body'],
  queryFields: ['id', 'title', 'ack_mode', 'version', 'version_at', 'is_active', 'created_at'],
  defaultSort: '-version_at',
});

/** One version of a bulletin as it was published (create, then each material edit). */
export const bulletinVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  question_count: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  acknowledged: z.number().int(),
});
export type BulletinVersion = z.infer<typeof bulletinVersionSchema>;

/** A bulletin as the person it reaches sees it on the board: questions without their answers. */
export const boardBulletinSchema = z.object({
  id,
  title: z.string(),
  body: z.string(),
  ack_mode: z.enum(bulletinAckModes),
  questions: z.array(z.object({ question: z.string(), choices: z.array(z.string()) })),
  version: z.number().int(),
  version_at: isoDateTime,
  /** the version this person acknowledged last (null: never) and when */
  acknowledged_version: z.number().int().nullable(),
  acknowledged_at: isoDateTime.nullable(),
  /** true when the current version waits for this person's acknowledgement */
  pending: z.boolean(),
});
export type BoardBulletin = z.infer<typeof boardBulletinSchema>;

export const acknowledgeInputSchema = z.strictObject({
  /** the version read (a newer one answers 409) */
  version: z.number().int().min(1),
  /** per question, the index of the chosen choice */
  answers: z.array(z.number().int().min(0)).max(MAX_BULLETIN_QUESTIONS).default([]),
});
export type AcknowledgeInput = z.input<typeof acknowledgeInputSchema>;

export const acknowledgementSchema = z.object({
  bulletin_id: id,
  version: z.number().int(),
  acknowledged_at: isoDateTime,
});

/** Acknowledgement of the current versions among the people reached, for one place. */
export const rateRowSchema = z.object({
  id,
  name: z.string(),
  recipients: z.number().int(),
  acknowledged: z.number().int(),
  /** percent, 0 to 100, one decimal; null when the place has nobody to reach */
  rate: z.number().nullable(),
});
export type RateRow = z.infer<typeof rateRowSchema>;

export const ratesSchema = z.object({
  bulletins: z.number().int(),
  recipients: z.number().int(),
  acknowledged: z.number().int(),
  rate: z.number().nullable(),
  regions: z.array(rateRowSchema),
  districts: z.array(rateRowSchema),
  stores: z.array(rateRowSchema),
});
export type Rates = z.infer<typeof ratesSchema>;

export const ratesQuerySchema = z.strictObject({
  /** one bulletin; all active bulletins when left out */
  bulletin_id: z.coerce.number().int().positive().optional(),
});

/**
 * Recipient lists (/lists): named groups of the company's people a bulletin can be aimed at,
 * besides its regions, districts, stores and roles. A name is unique in the company whatever its
 * case (409); people are added only among those the caller may see.
 */
export const recipientListSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  description: z.string().nullable(),
  created_by: id.nullable(),
  created_at: isoDateTime,
  /** the members (active or not), by id, and how many there are */
  user_ids: z.array(id),
  member_count: z.number().int(),
});
export type RecipientList = z.infer<typeof recipientListSchema>;

const memberIds = z.array(id).max(5000, 'At most 5,000 people on a list');
const recipientListCreate = z.strictObject({
  name,
  description: optionalText(1000),
  user_ids: memberIds.default([]),
});

export const recipientListMessages = {
  nameTaken: 'A list with this name already exists',
  inUse: 'This list is used by bulletins; take it off them first',
  unknownPeople: 'Some people cannot be added',
} as const;

export const recipientLists = defineResource({
  name: 'recipient_lists',
  path: '/recipient-lists',
  label: { one: 'List', many: 'Lists' },
  row: recipientListSchema,
  create: recipientListCreate,
  update: z.strictObject({
    name: name.optional(),
    description: optionalText(1000),
    user_ids: memberIds.optional(),
  }),
  messages: resourceMessages('List', 'created'),
  afterSave: '/lists',
  deleteMode: 'remove',
  searchFields: ['name', 'description'],
  queryFields: ['id', 'name', 'created_at'],
  defaultSort: 'name',
});

/** A person who may be put on a list (GET /recipient-lists/people: those the caller may see). */
export const listPersonSchema = z.object({ id, name: z.string() });
export type ListPerson = z.infer<typeof listPersonSchema>;

/** Bulletin templates (/communications/templates): a bulletin's text and acknowledgement, reused. */
export const bulletinTemplateSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  title: z.string(),
  body: z.string(),
  ack_mode: z.enum(bulletinAckModes),
  questions: z.array(bulletinQuestionSchema),
  created_by: id.nullable(),
  created_at: isoDateTime,
});
export type BulletinTemplate = z.infer<typeof bulletinTemplateSchema>;

export const bulletinTemplateMessages = {
  nameTaken: 'A template with this name already exists',
} as const;

export const bulletinTemplates = defineResource({
  name: 'bulletin_templates',
  path: '/bulletin-templates',
  label: { one: 'Template', many: 'Templates' },
  row: bulletinTemplateSchema,
  create: z.strictObject({
    name,
    title: bulletinFields.title,
    body: bulletinFields.body,
    ack_mode: bulletinFields.ack_mode.default('read'),
    questions: questionsField.default([]),
  }),
  update: z.strictObject({
    name: name.optional(),
    title: bulletinFields.title.optional(),
    body: bulletinFields.body.optional(),
    ack_mode: bulletinFields.ack_mode.optional(),
    questions: questionsField.optional(),
  }),
  messages: resourceMessages('Template', 'created'),
  afterSave: '/communications/templates',
  deleteMode: 'remove',
  searchFields: ['name', 'title', 'body'],
  queryFields: ['id', 'name', 'title', 'ack_mode', 'created_at'],
  defaultSort: 'name',
});

/**
 * The company's communications settings (/communications/settings), kept as settings inherited
 * down the org tree (platform `org_settings`): the screen sets the company's values; a region,
 * district or store may override whether its people are escalated (PUT /org-settings/{key}).
 */
export const communicationSettingKeys = {
  ack_days: 'communications.ack_days',
  escalate_to_manager: 'communications.escalate_to_manager',
  channels: 'communications.default_channels',
  publish_min_level: 'communications.publish_min_level',
} as const;

/** Who may publish: the lowest rank (access level) allowed, besides `write_bulletins`. */
export const publishLevelLabels: Record<number, string> = {
  1: 'Everyone who may write bulletins',
  2: 'Employees (rank 2) and above',
  3: 'Managers (rank 3) and above',
  4: 'Admins (rank 4) only',
};

export const communicationSettingsSchema = z.strictObject({
  /** days people have to acknowledge before the escalation; a new bulletin's default (null: never) */
  ack_days: escalateAfterDaysField,
  /** whether late people are escalated to their manager at all */
  escalate_to_manager: z.boolean(),
  /** a new bulletin's channels */
  channels: bulletinChannelsSchema,
  publish_min_level: z
    .number({ error: 'Choose who may publish' })
    .int()
    .min(1, 'Choose who may publish')
    .max(4, 'Choose who may publish'),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;

export const defaultCommunicationSettings: CommunicationSettings = {
  ack_days: 3,
  escalate_to_manager: true,
  channels: { in_app: true, mail: false, sms: false },
  publish_min_level: 1,
};

export const communicationSettingsMessages = {
  saved: 'Communication settings saved',
  publishRank: (level: number) => `Publishing bulletins needs rank ${level} or higher`,
} as const;

/**
 * /communications/notifications: what each bulletin sent when published (and at material edits),
 * to how many, and what became of it per channel; a bulletin's row opens who got what.
 */
export const channelCountsSchema = z.object({
  /** notifications made (in the app) or deliveries queued (mail, SMS) */
  total: z.number().int(),
  queued: z.number().int(),
  /** handed over (mail, SMS: sent or delivered; in the app: every notification) */
  sent: z.number().int(),
  /** the provider reports it arrived (SMS) */
  delivered: z.number().int(),
  /** opened in the app */
  read: z.number().int(),
  failed: z.number().int(),
});
export type ChannelCounts = z.infer<typeof channelCountsSchema>;

export const bulletinSendSchema = z.object({
  id,
  title: z.string(),
  version: z.number().int(),
  version_at: isoDateTime,
  is_active: z.boolean(),
  channels: bulletinChannelsSchema,
  /** people the bulletin reaches now, and those who acknowledged its current version */
  recipients: z.number().int(),
  acknowledged: z.number().int(),
  escalated: z.number().int(),
  in_app: channelCountsSchema,
  mail: channelCountsSchema,
  sms: channelCountsSchema,
});
export type BulletinSend = z.infer<typeof bulletinSendSchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a date');

export const bulletinSendQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(DEFAULT_PAGE),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  /** part of the title */
  search: z.string().trim().max(200).optional(),
  /** days the current version was published (YYYY-MM-DD, UTC), both included */
  from: day.optional(),
  to: day.optional(),
});

/** One person a bulletin reaches, and what reached them. */
export const bulletinSendRecipientSchema = z.object({
  id,
  name: z.string(),
  /** in the app: null (none made), unread or read */
  in_app: z.enum(['unread', 'read']).nullable(),
  /** the last delivery's status per channel (null: none) */
  mail: z.enum(['queued', 'sent', 'delivered', 'failed']).nullable(),
  sms: z.enum(['queued', 'sent', 'delivered', 'failed']).nullable(),
  acknowledged_at: isoDateTime.nullable(),
  escalated: z.boolean(),
});
export type BulletinSendRecipient = z.infer<typeof bulletinSendRecipientSchema>;

export const bulletinSendDetailSchema = bulletinSendSchema.extend({
  people: z.array(bulletinSendRecipientSchema),
});
export type BulletinSendDetail = z.infer<typeof bulletinSendDetailSchema>;

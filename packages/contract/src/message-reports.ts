import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './list-query.ts';
import { notificationKindInfo, notificationKinds } from './notifications.ts';
import type { Permission } from './permissions.ts';

/**
 * Mail and SMS reports (issue 18 item 8; SPEC.md Admin: /mail-reports, /sms-reports): the
 * company's delivery log, for its admins (those who read the company, `read_companies`).
 */
export const MAIL_REPORTS_PATH = '/mail-reports';
export const SMS_REPORTS_PATH = '/sms-reports';
export const MESSAGE_REPORTS_PERMISSION = 'read_companies' satisfies Permission;

export const deliveryStatuses = ['queued', 'sent', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const deliveryProviderLabels: Record<string, string> = {
  smtp: 'SMTP',
  outbox: 'Outbox',
  http: 'SMS provider',
};

/** What sent a message: a notification's kind, or the sign-in mails sent on the spot. */
export const messageKindLabel = (kind: string): string => {
  if (kind === 'password_reset') return 'Password reset';
  if (kind === 'sign_in_code') return 'Sign-in code';
  if (kind === 'purchase_order') return 'Purchase order';
  const notification = notificationKinds.find((known) => known === kind);
  return notification ? notificationKindInfo[notification].label : kind;
};

export const messageReportSchema = z.object({
  id,
  kind: z.string(),
  to: z.string(),
  /** the recipient's name, when the message went to a user of the company */
  user_name: z.string().nullable(),
  /** the record it is about (a purchase order mailed to its supplier, a bulletin) */
  source: z.object({ type: z.string(), id }).nullable(),
  subject: z.string(),
  /** the start of the text (mail sent on the spot: a summary, never the link or code) */
  summary: z.string(),
  status: z.enum(deliveryStatuses),
  provider: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: isoDateTime,
  sent_at: isoDateTime.nullable(),
  delivered_at: isoDateTime.nullable(),
  failed_at: isoDateTime.nullable(),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a date');

export const messageReportQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(DEFAULT_PAGE),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  status: z.enum(deliveryStatuses).optional(),
  /** part of the address or number it went to, or of the recipient's name */
  recipient: z.string().trim().max(200).optional(),
  /** days the message was queued (YYYY-MM-DD, UTC), both included */
  from: day.optional(),
  to: day.optional(),
});
export type MessageReportQuery = z.input<typeof messageReportQuerySchema>;

/** The SMS provider's delivery report (Twilio-style form fields). */
export const smsStatusCallbackSchema = z
  .object({
    MessageSid: z.string().min(1, 'MessageSid is required').max(100),
    MessageStatus: z.string().min(1, 'MessageStatus is required').max(40),
    ErrorCode: z.string().max(40).optional(),
    ErrorMessage: z.string().max(500).optional(),
  })
  // every posted field is signed, so none is dropped before the check
  .catchall(z.string().max(2000));

export const smsStatusReplySchema = z.object({ status: z.enum(deliveryStatuses) });

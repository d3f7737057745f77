import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';

/**
 * What a notification can be about (issue 18): each kind arrives in the app, by mail and by SMS as
 * the user chooses at /user/control-notifications; `defaults` apply until they choose.
 */
export const notificationKinds = [
  'timeoff.decided',
  'support.ticket_updated',
  'ticket.assigned',
  'ticket.comment',
  'ticket.status_changed',
  'ticket.sla_breached',
  'bulletin.escalated',
  'order.late',
  'bulletin.published',
  'oneview.digest',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['in_app', 'mail', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const notificationKindInfo: Record<
  NotificationKind,
  { label: string; defaults: Record<NotificationChannel, boolean> }
> = {
  'timeoff.decided': {
    label: 'My time off request is approved or rejected',
    defaults: { in_app: true, mail: true, sms: false },
  },
  'support.ticket_updated': {
    label: 'My support ticket is answered or closed',
    defaults: { in_app: true, mail: true, sms: false },
  },
  'ticket.assigned': {
    label: 'A ticket is assigned to me',
    defaults: { in_app: true, mail: false, sms: false },
  },
  'ticket.comment': {
    label: 'Someone comments on my ticket',
    defaults: { in_app: true, mail: false, sms: false },
  },
  'ticket.status_changed': {
    label: 'My ticket changes status',
    defaults: { in_app: true, mail: false, sms: false },
  },
  'ticket.sla_breached': {
    label: 'A ticket I work or oversee misses its SLA',
    defaults: { in_app: true, mail: true, sms: false },
  },
  'bulletin.escalated': {
    label: 'Someone I manage has not acknowledged a bulletin in time',
    defaults: { in_app: true, mail: true, sms: false },
  },
  'bulletin.published': {
    label: 'A bulletin for me is published or changed materially',
    defaults: { in_app: true, mail: true, sms: true },
  },
  'oneview.digest': {
    label: 'The weekly digest of my dashboard, when something there needs action',
    defaults: { in_app: false, mail: true, sms: false },
  },
  'order.late': {
    label: 'A shipped order to a store I oversee has not been received in time',
    defaults: { in_app: true, mail: true, sms: false },
  },
};

export const notificationSchema = z.object({
  id,
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** the screen it is about, e.g. /task-center/12 */
  link: z.string().nullable(),
  read_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(500).default(20),
  unread: z.enum(['true', 'false']).optional(),
});

export const notificationListSchema = z.object({
  results: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKinds),
  in_app: z.boolean(),
  mail: z.boolean(),
  sms: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

const smsPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number like +1 555 010 0100');

/** GET/PUT /notification-preferences: the caller's choice per kind, and the number SMS go to. */
export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
  sms_phone: z.string().nullable(),
});
export const putNotificationPreferencesSchema = z
  .strictObject({
    preferences: z.array(notificationPreferenceSchema).max(notificationKinds.length),
    sms_phone: smsPhone.nullable().or(z.literal('').transform(() => null)),
  })
  .refine((value) => value.sms_phone !== null || value.preferences.every((p) => !p.sms), {
    message: 'Enter the phone number SMS go to',
    path: ['sms_phone'],
  });
export type PutNotificationPreferences = z.input<typeof putNotificationPreferencesSchema>;

export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATION_PREFERENCES_PATH = '/notification-preferences';
/** The live event a user's streams get when a notification arrives for them. */
export const NOTIFICATION_EVENT = 'notification.created';

export const notificationMessages = {
  read: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  saved: 'Notification settings saved',
} as const;

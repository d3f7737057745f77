import { z } from 'zod';
import { mobilePin } from './auth.ts';
import { id, isoDateTime } from './fields.ts';
import { MAX_PER_PAGE } from './list-query.ts';
import { defineResource, personReference, resourceMessages } from './resource.ts';
import { facePayloadFields } from './hr-face.ts';
import {
  breakSettingSchema,
  clockSessionSchema,
  clockStoreSchema,
  geolocationFields,
} from './hr.ts';

/**
 * The shared store device (issue 6): a manager enrols a store's tablet as a kiosk; staff identify
 * themselves there with their mobile PIN and punch through the same clock services as the web
 * clock. The tablet holds a device credential, never a staff session.
 */

/** The kiosk goes back to the identify screen after this long without a touch. */
export const KIOSK_IDLE_LOCK_MS = 30_000;
/** How long the result of a punch stays on the identify screen. */
export const KIOSK_RESULT_MS = 8_000;

export const kioskMessages = {
  enrolled: 'Kiosk enrolled',
  revoked: 'Kiosk revoked',
  notEnrolled: 'This device is not enrolled as a kiosk. Ask a manager to enrol it.',
  deviceRefused: 'This kiosk has been revoked. Ask a manager to enrol it again.',
  wrongPin: 'Wrong PIN or unknown employee',
  noPin: 'No mobile PIN is set. Set one at Mobile pin update first.',
  notStaff: (storeName: string) =>
    `You are not on the staff of ${storeName}. Ask a manager for temporary access.`,
  tooManyPins: (minutes: number) =>
    `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  identifyFirst: 'Pick your name or type your email',
} as const;

/** The device credential the tablet keeps: `<company id>.<device id>.<secret>`. */
export const kioskDeviceToken = z
  .string()
  .trim()
  .regex(/^\d{1,10}\.\d{1,10}\.[A-Za-z0-9_-]{32,64}$/, 'Not a kiosk credential');

// ---- Manager side

export const kioskDeviceSchema = z.object({
  id,
  store_id: id,
  store_name: z.string(),
  name: z.string(),
  enrolled_by: id,
  enrolled_by_name: z.string(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable(),
  revoked_at: isoDateTime.nullable(),
});
export type KioskDevice = z.infer<typeof kioskDeviceSchema>;

export const kioskEnrolRequestSchema = z.strictObject({
  store_id: id,
  name: z.string().trim().min(1, 'Give the device a name').max(80),
});
export type KioskEnrolRequest = z.input<typeof kioskEnrolRequestSchema>;

export const kioskEnrolResultSchema = z.object({
  device: kioskDeviceSchema,
  /** Shown once, kept by the tablet; the server keeps only its hash. */
  device_token: z.string(),
});
export type KioskEnrolResult = z.infer<typeof kioskEnrolResultSchema>;

/**
 * `/hr-kiosks` (write_hr_kiosks): list, enrol (the credential is answered once, beside the row),
 * revoke (DELETE stamps revoked_at; the device's next call is refused). Live kiosks first.
 */
export const kioskResource = defineResource({
  name: 'hr_kiosks',
  access: { read: 'write_hr_kiosks', write: 'write_hr_kiosks' },
  path: '/hr-kiosks',
  operations: ['list', 'create', 'delete'],
  label: { one: 'Kiosk', many: 'Kiosks' },
  row: kioskDeviceSchema,
  create: kioskEnrolRequestSchema,
  update: z.strictObject({}),
  messages: resourceMessages('Kiosk', 'added', {
    created: kioskMessages.enrolled,
    notCreated: 'Kiosk not enrolled',
    deleted: kioskMessages.revoked,
    notDeleted: 'Kiosk not revoked',
  }),
  deleteMode: 'revoke',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'store_id', 'created_at', 'revoked_at'],
  // Live ones (no revoked_at) first, then the latest revoked; newest first within.
  defaultSort: '-revoked_at',
  defaultPerPage: MAX_PER_PAGE,
  replies: { create: kioskEnrolResultSchema },
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    enrolled_by: personReference('enrolled_by_name'),
  },
});

// ---- Kiosk side (public routes: the device credential is the authentication)

export const kioskDeviceRequestSchema = z.strictObject({ device_token: kioskDeviceToken });

export const kioskStaffSchema = z.object({ id, name: z.string() });

export const kioskStateSchema = z.object({
  device_id: id,
  device_name: z.string(),
  store: clockStoreSchema,
  /** The server's clock, UTC: the kiosk ticks from it, not from the tablet's own clock. */
  now: isoDateTime,
  /** The server's clock in the store's zone, `YYYY-MM-DD HH:mm:ss`. */
  local: z.string(),
  staff: z.array(kioskStaffSchema),
});
export type KioskState = z.infer<typeof kioskStateSchema>;

/** Who is at the kiosk: picked from the staff list (user_id) or typed (email), with the PIN. */
export const kioskIdentifyRequestSchema = z
  .strictObject({
    device_token: kioskDeviceToken,
    user_id: id.optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    mobile_pin: z.string().trim().min(1, 'Enter your PIN').max(12),
  })
  .refine((body) => body.user_id !== undefined || Boolean(body.email), {
    message: kioskMessages.identifyFirst,
    path: ['email'],
  });
export type KioskIdentifyRequest = z.input<typeof kioskIdentifyRequestSchema>;

export const kioskPersonSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  session: clockSessionSchema,
  break_settings: z.array(breakSettingSchema),
});
export type KioskPerson = z.infer<typeof kioskPersonSchema>;

export const kioskActions = ['clock_in', 'start_break', 'end_break', 'clock_out'] as const;
export type KioskAction = (typeof kioskActions)[number];

/**
 * A punch. The PIN goes with it (the kiosk keeps no session); the ids are the ones the identify
 * answer showed, so a double press or a retry lands on the same timecard or break.
 */
export const kioskPunchRequestSchema = z.strictObject({
  device_token: kioskDeviceToken,
  user_id: id,
  mobile_pin: mobilePin,
  action: z.enum(kioskActions),
  timecard_id: id.nullable().optional(),
  timecard_break_id: id.nullable().optional(),
  settings_store_id: id.nullable().optional(),
  user_comment: z.string().max(2000).nullable().optional(),
  /** The tablet's position: the store's location rules apply as on the web clock. */
  ...geolocationFields,
  /** The store's face check, when it asks for one (a 428 with faceAuthPending). */
  ...facePayloadFields,
});
export type KioskPunchRequest = z.input<typeof kioskPunchRequestSchema>;

export const kioskPunchResultSchema = z.object({
  first_name: z.string(),
  session: clockSessionSchema,
  warning: z.string().nullable(),
});
export type KioskPunchResult = z.infer<typeof kioskPunchResultSchema>;

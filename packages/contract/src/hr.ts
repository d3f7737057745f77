import { z } from 'zod';
import { id, isoDateTime, optionalLink } from './fields.ts';
import { facePayloadFields, faceModes } from './hr-face.ts';

/**
 * The time clock (SPEC.md sections 3, 4, 5, 7, 8 and 9): clock sessions, breaks, HR settings and
 * the auto clocked-out records. The server enforces every rule here; the browser only mirrors them.
 */

// ---- Constants (SPEC.md section 9)

/** Clock and break buttons act on the first press and ignore presses for this long. */
export const CLOCK_DEBOUNCE_MS = 2000;
/** The active-session-at-another-store prompt appears after this delay. */
export const ACTIVE_SESSION_PROMPT_DELAY_MS = 500;
/** Clock-out then clock-in: the new clock-in goes this long after the clock-out. */
export const CLOCK_OUT_TO_CLOCK_IN_DELAY_MS = 500;
/** The Auto Clocked Out Schedules dialog reads this many rows a page. */
export const AUTO_CLOCKOUT_PAGE_SIZE = 5;
/** GPS accuracy counts towards a geofence's radius up to this many metres. */
export const MAX_ACCURACY_ALLOWANCE_M = 250;

/** Clock status (SPEC.md section 3): 2 clocked in, 3 on break; 1 is "not clocked in". */
export const clockStatus = { notClockedIn: 1, clockedIn: 2, onBreak: 3 } as const;
export type ClockStatus = (typeof clockStatus)[keyof typeof clockStatus];

export const breakKinds = ['Lunch Break', 'Coffee Break'] as const;
export type BreakKind = (typeof breakKinds)[number];

export const geofenceModes = ['warn', 'block'] as const;
export type GeofenceMode = (typeof geofenceModes)[number];

// ---- Messages (SPEC.md section 8) and the server's refusals

export const hrMessages = {
  clockedIn: 'Clocked In',
  clockedOut: 'Clocked Out',
  breakStarted: 'Break started successfully',
  breakEnded: 'Break ended successfully',
  storeSettingsUpdated: 'Store settings updated',
  companySettingsUpdated: 'Company HR settings updated',
  notClockedInForBreak: "You are not clocked in, you can't take breaks now.",
  /** Fallbacks when the server gives no message. */
  clockFallback: 'Server error',
  breakFallback: 'Clocked In',
  autoClockoutLoading: 'Loading...',
  autoClockoutEmpty: 'No Record Found',
  autoClockoutFailed: 'Server Error',
  correctionSent: 'Correction request sent to your manager',
  // Refusals (the server's own wording; SPEC.md gives none).
  needsBothClockPermissions: 'You do not have permission to use the web clock',
  otherUser: 'You can only clock yourself in or out',
  alreadyClockedInElsewhere: (storeName: string) =>
    `You are already clocked in at ${storeName}. Clock out there first.`,
  notClockedIn: 'You are not clocked in',
  timecardNotOpen: 'This timecard is already closed',
  breakNotOpen: 'This break has already ended',
  noBreakToEnd: 'You are not on a break',
  breakKindLocked: 'A break is already in progress; end it before starting another kind',
  breakNotInTimecard: 'Breaks can only be taken inside your open timecard',
  unknownBreakSetting: 'This break is not set up for the store',
  storeInactive: 'This store is not active',
  notYourStore: (storeName: string) =>
    `You can only clock in at your own stores, and ${storeName} is not one of them. Ask a manager to assign it to you or give you temporary access.`,
  locationRequired: 'Your location is required to clock in or out at this store',
  outsideGeofence: (metres: number) =>
    `You are about ${metres} m outside the store's clock-in area`,
  scheduleNotYours: 'This schedule is not yours at this store',
  correctionAfterClockIn: 'The end time must be after the clock-in time',
  correctionInFuture: 'The end time cannot be in the future',
  correctionNotAuto: 'Only auto clocked-out timecards can be corrected this way',
  correctionAlreadySent: 'A correction request was already sent for this timecard',
} as const;

/** The confirm dialog of clock-out then clock-in (SPEC.md section 4). */
export const clockOutThereQuestion = (storeName: string | null | undefined) =>
  `You clocked-in at ${storeName?.trim() ? storeName : 'some other'} store do you want to clock-out there?`;

// ---- Payload pieces

const comment = z.string().max(2000).nullable().optional();
const positiveIdOrZero = z.number().int().min(0);

/** Geolocation (SPEC.md section 3): coordinates, or the error code when the browser gave none. */
export const geolocationFields = {
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** metres, as the browser reports it */
  accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
  /** GeolocationPositionError code: 1 denied, 2 unavailable, 3 timeout. */
  location_error: z.number().int().min(0).max(9).nullable().optional(),
};

/** Clock-in payload (SPEC.md section 3). schedule_id 0 or absent means none. */
export const clockInRequestSchema = z.strictObject({
  schedule_id: positiveIdOrZero.nullable().optional(),
  department_role_id: positiveIdOrZero.nullable().optional(),
  user_id: id,
  store_id: id,
  imageUrl: optionalLink(1000),
  user_comment: comment,
  ...geolocationFields,
  ...facePayloadFields,
});
export type ClockInRequest = z.input<typeof clockInRequestSchema>;

/** Clock-out: the timecard id and the same location data. */
export const clockOutRequestSchema = z.strictObject({
  id,
  user_id: id,
  user_comment: comment,
  ...geolocationFields,
  ...facePayloadFields,
});
export type ClockOutRequest = z.input<typeof clockOutRequestSchema>;

/** Break start (SPEC.md section 3): settings_store_id is the chosen break setting. */
export const breakStartRequestSchema = z.strictObject({
  timecard_id: id,
  user_id: id,
  settings_store_id: id,
  user_comment: comment,
  ...facePayloadFields,
});
export type BreakStartRequest = z.input<typeof breakStartRequestSchema>;

/** Break end: id is the break's id. */
export const breakEndRequestSchema = z.strictObject({
  id,
  user_id: id,
  user_comment: comment,
  ...facePayloadFields,
});
export type BreakEndRequest = z.input<typeof breakEndRequestSchema>;

// ---- Rows

export const breakSettingSchema = z.object({
  settings_store_id: id,
  store_id: id,
  short_description: z.enum(breakKinds),
  /** minutes */
  duration: z.number().int(),
  is_paid: z.boolean(),
  is_mandatory: z.boolean(),
});
export type BreakSetting = z.infer<typeof breakSettingSchema>;

export const timecardBreakSchema = z.object({
  id,
  timecard_id: id,
  user_id: id,
  settings_store_id: id,
  short_description: z.string(),
  duration: z.number().int(),
  is_paid: z.boolean(),
  is_mandatory: z.boolean(),
  break_start: isoDateTime,
  break_end: isoDateTime.nullable(),
  user_comment: z.string().nullable(),
  end_comment: z.string().nullable(),
  /** set when the face check flagged the break (face policy `flag`) */
  face_flag: z.string().nullable().optional(),
});
export type TimecardBreak = z.infer<typeof timecardBreakSchema>;

export const clockStoreSchema = z.object({ id, name: z.string(), time_zone: z.string() });

export const timecardSchema = z.object({
  id,
  user_id: id,
  store_id: id,
  schedule_id: id.nullable(),
  department_role_id: id.nullable(),
  /** UTC instants; `time_zone` is the store's, for display. */
  clock_in: isoDateTime,
  clock_out: isoDateTime.nullable(),
  time_zone: z.string(),
  user_comment: z.string().nullable(),
  clock_out_comment: z.string().nullable(),
  image_url: z.string().nullable(),
  location_flag: z.string().nullable(),
  /** set when the face check flagged a punch (face policy `flag`) */
  face_flag: z.string().nullable().optional(),
  location_error: z.number().int().nullable(),
  auto_clocked_out: z.boolean(),
  not_corrected: z.boolean(),
  edit_request_sent: z.boolean(),
});
export type Timecard = z.infer<typeof timecardSchema>;

/** The open timecard with its store and breaks (GET /hr-timecards/active-session). */
export const activeSessionSchema = timecardSchema.extend({
  store: clockStoreSchema,
  breaks: z.array(timecardBreakSchema),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** Clock session (SPEC.md section 3). */
export const clockSessionSchema = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  timecard_id: id.nullable(),
  timecard_break_id: id.nullable(),
  settings_store_id: id.nullable(),
  activeSession: activeSessionSchema.nullable(),
});
export type ClockSession = z.infer<typeof clockSessionSchema>;

/** What a clock action answers: the session after it, plus a warning when the punch was flagged. */
export const clockActionDataSchema = clockSessionSchema.extend({
  timecard: timecardSchema,
  warning: z.string().nullable(),
});
export type ClockActionData = z.infer<typeof clockActionDataSchema>;

export const breakActionDataSchema = clockSessionSchema.extend({ break: timecardBreakSchema });
export type BreakActionData = z.infer<typeof breakActionDataSchema>;

export const storeTimeSchema = z.object({
  store_id: id,
  time_zone: z.string(),
  /** The server's clock, UTC. */
  now: isoDateTime,
  /** The same instant in the store's zone, `YYYY-MM-DD HH:mm:ss`. */
  local: z.string(),
});
export type StoreTime = z.infer<typeof storeTimeSchema>;

export const breakSettingsDataSchema = z.object({
  store_id: id,
  results: z.array(breakSettingSchema),
  /** The user's open break, if any: its kind cannot change while it runs. */
  active_break: timecardBreakSchema.nullable(),
});
export type BreakSettingsData = z.infer<typeof breakSettingsDataSchema>;

export const timesheetBreaksRequestSchema = z.strictObject({
  timecard_ids: z.array(id).min(1).max(500),
});

// ---- Settings

export const companyHrSettingsSchema = z.object({
  company_id: id,
  geolocation_restriction_required: z.boolean(),
  geofence_mode: z.enum(geofenceModes),
  auto_clockout_grace_minutes: z.number().int(),
  /** Timecards with no schedule are auto clocked out this long after clock-in. */
  max_shift_hours: z.number().int(),
  /** Face check on every punch; `block` refuses a different person, `flag` accepts and flags. */
  face_check_required: z.boolean(),
  face_check_mode: z.enum(faceModes),
  /** Timesheets: minutes a day, then a week, after which time is overtime (0 = none). */
  overtime_daily_minutes: z.number().int(),
  overtime_weekly_minutes: z.number().int(),
  /** 0 Sunday … 6 Saturday */
  week_start_day: z.number().int(),
  pay_period: z.enum(['weekly', 'biweekly', 'semimonthly']),
  /** YYYY-MM-DD: the first day of some pay period (weekly and biweekly) */
  pay_period_anchor: z.string(),
});
export type CompanyHrSettings = z.infer<typeof companyHrSettingsSchema>;

export const companyHrSettingsUpdateSchema = z.strictObject({
  geolocation_restriction_required: z.boolean().optional(),
  geofence_mode: z.enum(geofenceModes).optional(),
  auto_clockout_grace_minutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .optional(),
  max_shift_hours: z.number().int().min(1).max(48).optional(),
  face_check_required: z.boolean().optional(),
  face_check_mode: z.enum(faceModes).optional(),
  overtime_daily_minutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .optional(),
  overtime_weekly_minutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .optional(),
  week_start_day: z.number().int().min(0).max(6).optional(),
  pay_period: z.enum(['weekly', 'biweekly', 'semimonthly']).optional(),
  pay_period_anchor: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
});
export type CompanyHrSettingsUpdate = z.input<typeof companyHrSettingsUpdateSchema>;

export const storeHrSettingsSchema = z.object({
  store_id: id,
  store_name: z.string(),
  time_zone: z.string(),
  /** null: the company's setting applies */
  geolocation_restriction_required: z.boolean().nullable(),
  geofence_mode: z.enum(geofenceModes).nullable(),
  geofence_latitude: z.number().nullable(),
  geofence_longitude: z.number().nullable(),
  /** metres */
  geofence_radius: z.number().int().nullable(),
  /** null: the company's face policy applies */
  face_check_required: z.boolean().nullable(),
  face_check_mode: z.enum(faceModes).nullable(),
  breaks: z.array(breakSettingSchema),
});
export type StoreHrSettings = z.infer<typeof storeHrSettingsSchema>;

export const breakSettingInputSchema = z.strictObject({
  short_description: z.enum(breakKinds, { message: 'Choose Lunch Break or Coffee Break' }),
  duration: z
    .number({ message: 'Enter the duration in minutes' })
    .int('Enter whole minutes')
    .min(1, 'At least 1 minute')
    .max(480, 'At most 480 minutes'),
  is_paid: z.boolean().default(false),
  is_mandatory: z.boolean().default(false),
});

export const storeHrSettingsUpdateSchema = z
  .strictObject({
    store_id: id,
    geolocation_restriction_required: z.boolean().nullable().optional(),
    geofence_mode: z.enum(geofenceModes).nullable().optional(),
    geofence_latitude: z.number().min(-90).max(90).nullable().optional(),
    geofence_longitude: z.number().min(-180).max(180).nullable().optional(),
    geofence_radius: z.number().int().min(10).max(100_000).nullable().optional(),
    face_check_required: z.boolean().nullable().optional(),
    face_check_mode: z.enum(faceModes).nullable().optional(),
    /** When given, replaces the store's break settings (one per kind). */
    breaks: z.array(breakSettingInputSchema).max(2).optional(),
  })
  .refine(
    (value) => {
      const set = [value.geofence_latitude, value.geofence_longitude, value.geofence_radius];
      const given = set.filter((part) => part !== undefined);
      return (
        given.length === 0 ||
        (given.length === 3 && (given.every((p) => p === null) || given.every((p) => p !== null)))
      );
    },
    {
      message: 'Give latitude, longitude and radius together, or clear all three',
      path: ['geofence_radius'],
    },
  )
  .refine(
    (value) => {
      const kinds = (value.breaks ?? []).map((b) => b.short_description);
      return new Set(kinds).size === kinds.length;
    },
    { message: 'Each break kind can be set up once per store', path: ['breaks'] },
  );
export type StoreHrSettingsUpdate = z.input<typeof storeHrSettingsUpdateSchema>;

export const storeIdQuerySchema = z.strictObject({ store_id: z.coerce.number().int().positive() });
export const optionalStoreIdQuerySchema = z.strictObject({
  store_id: z.coerce.number().int().positive().optional(),
});

// ---- Select lists

export const selectOptionSchema = z.object({ value: id, label: z.string() });
export const selectListRequestSchema = z.strictObject({
  store_id: id.optional(),
  user_id: id.optional(),
});

// ---- Auto clock-out

/** Auto clocked-out record (SPEC.md section 3). Dates are the store's local ones. */
export const autoClockedOutRecordSchema = z.object({
  timecard_id: id,
  date: z.string(),
  store_name: z.string(),
  schedule_id: id.nullable(),
  schedule_start_time: z.string().nullable(),
  schedule_end_time: z.string().nullable(),
  clock_in: z.string(),
  clock_out: z.string(),
  /** The store's zone, in which the times above are written. */
  time_zone: z.string(),
  total_count: z.number().int(),
});
export type AutoClockedOutRecord = z.infer<typeof autoClockedOutRecordSchema>;

/** The list the dialog reads (SPEC.md section 7). */
export const autoClockedOutQuerySchema = z.strictObject({
  user_id: id,
  store_id: id.nullable().optional(),
  not_corrected: z.boolean().default(true),
  edit_request_sent: z.boolean().default(false),
  page_size: z.number().int().min(1).max(100).default(AUTO_CLOCKOUT_PAGE_SIZE),
  page_number: z.number().int().min(1).default(1),
});
export type AutoClockedOutQuery = z.input<typeof autoClockedOutQuerySchema>;

/** The employee's real end time for an auto clocked-out timecard: a request to the manager. */
export const correctionRequestSchema = z.strictObject({
  timecard_id: id,
  clock_out: z.iso.datetime({ offset: true, message: 'Enter a valid end time' }),
  user_comment: comment,
});
export type CorrectionRequest = z.input<typeof correctionRequestSchema>;

/** The clock fields of the login response (SPEC.md section 3). */
export interface LoginClockFields {
  clock_in: boolean;
  scheduleId: number | null;
  breakPopUpShow: boolean;
  showAutoClockoutTimeCards: boolean;
  geolocation_restriction_required: boolean;
}

/**
 * The UTC instant of a wall-clock time (`YYYY-MM-DDTHH:mm`) in a time zone: how a time typed for a
 * store becomes what the server stores.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  const offsetAt = (instant: number) =>
    Date.parse(`${formatInZone(new Date(instant), timeZone).replace(' ', 'T')}Z`) - instant;
  const first = asUtc - offsetAt(asUtc);
  // Once more with the offset at the result, which differs across a daylight-saving change.
  return new Date(asUtc - offsetAt(first));
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone, the same on server and browser. */
export function formatInZone(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

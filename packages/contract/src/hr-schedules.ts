import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { zonedTimeToUtc } from './hr.ts';
import { clockTime } from './resources/organisation.ts';

/**
 * Weekly schedules (/hr/schedule). A week starts on the company's week start day (HR settings
 * week_start_day, Sunday by default, as the timesheets) in the store's time zone; a shift is a
 * local date with a start and end time of day there (an end at or before the start ends the next
 * day), stored as UTC instants. Drafts are seen by managers only; the clock and employees see
 * published shifts.
 */

export const scheduleMessages = {
  saved: 'Schedule saved',
  notSaved: 'Schedule not saved',
  published: 'Schedule published',
  notPublished: 'Schedule not published',
  copied: 'Last week copied',
  notCopied: 'Last week not copied',
  deleted: 'Shift deleted',
  notDeleted: 'Shift not deleted',
  nothingToPublish: 'There are no draft shifts to publish this week',
  overlaps: 'Shifts overlap: an employee cannot work two shifts at once',
  timeOffNeedsConfirm:
    'Some shifts fall on approved time off. Confirm to save them anyway (confirm_time_off)',
  notAtStore: 'This employee does not work at this store',
  endEqualsStart: 'The end time must differ from the start time',
  unknownRole: 'Choose a department role of your company',
  unknownTemplate: 'Choose a shift template of this store',
  clockedIn: 'This shift has been clocked in to; it cannot be deleted',
  clockedInReassign: 'This shift has been clocked in to; it cannot be given to someone else',
  otherStore: 'This shift belongs to another store',
} as const;

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-07-14')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date');

// ---- Local calendar arithmetic (the same on server and browser)

/** The date `days` after an ISO date (negative: before). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The start of the schedule week holding an ISO date: the `weekStartDay` (0 Sunday … 6 Saturday,
 * Sunday by default) on or before it.
 */
export function weekStartOf(date: string, weekStartDay = 0): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day - weekStartDay + 7) % 7));
}

/** The seven dates of the week starting `weekStart`. */
export const weekDays = (weekStart: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

/** Whether a shift from `start` to `end` (HH:MM) ends the next day. */
export const crossesMidnight = (start: string, end: string): boolean => end <= start;

/** The UTC instants of a shift worked on local `date` from `start` to `end` in a time zone. */
export function shiftInstants(
  date: string,
  start: string,
  end: string,
  timeZone: string,
): { shift_start: string; shift_end: string } {
  const endDate = crossesMidnight(start, end) ? addDays(date, 1) : date;
  return {
    shift_start: zonedTimeToUtc(`${date}T${start}`, timeZone).toISOString(),
    shift_end: zonedTimeToUtc(`${endDate}T${end}`, timeZone).toISOString(),
  };
}

/** Hours between two instants, to two decimals (a shift across a DST change counts real time). */
export const hoursBetween = (start: string, end: string): number =>
  Math.round((Date.parse(end) - Date.parse(start)) / 36_000) / 100;

// ---- Reading a week

export const scheduleWeekQuerySchema = z.strictObject({
  store_id: z.coerce.number().int().positive(),
  /** Any date of the week; the week is the one holding it (starting on week_start_day). */
  week_start: isoDate,
});
export type ScheduleWeekQuery = z.infer<typeof scheduleWeekQuerySchema>;

export const scheduleShiftSchema = z.object({
  id,
  user_id: id,
  store_id: id,
  store_name: z.string(),
  department_role_id: id.nullable(),
  department_role_name: z.string().nullable(),
  shift_template_id: id.nullable(),
  /** The local date, start and end time at the shift's store. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  shift_start: isoDateTime,
  shift_end: isoDateTime,
  hours: z.number(),
  published_at: isoDateTime.nullable(),
  notes: z.string().nullable(),
});
export type ScheduleShift = z.infer<typeof scheduleShiftSchema>;

export const scheduleEmployeeSchema = z.object({ id, name: z.string(), email: z.string() });
export type ScheduleEmployee = z.infer<typeof scheduleEmployeeSchema>;

export const scheduleTimeOffSchema = z.object({
  user_id: id,
  start_date: z.string(),
  end_date: z.string(),
  type_name: z.string(),
});
export type ScheduleTimeOff = z.infer<typeof scheduleTimeOffSchema>;

export const conflictKinds = ['overlap', 'time_off'] as const;
export const scheduleConflictSchema = z.object({
  /** Which shift: `shift-<id>` for a saved one, the change's `ref` for a new one. */
  ref: z.string(),
  user_id: id,
  date: z.string(),
  kind: z.enum(conflictKinds),
  message: z.string(),
  /** The other shift, for an overlap (possibly at another store). */
  other_shift_id: id.nullable(),
  other_store_id: id.nullable(),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

export const scheduleWeekSchema = z.object({
  store: z.object({ id, name: z.string(), time_zone: z.string() }),
  week_start: z.string(),
  days: z.array(z.string()),
  employees: z.array(scheduleEmployeeSchema),
  /** The employees' shifts this week at every store (other stores' ones are read-only here). */
  shifts: z.array(scheduleShiftSchema),
  time_off: z.array(scheduleTimeOffSchema),
  conflicts: z.array(scheduleConflictSchema),
});
export type ScheduleWeek = z.infer<typeof scheduleWeekSchema>;

// ---- Changing a week

const shiftFields = {
  user_id: id,
  date: isoDate,
  start_time: clockTime,
  end_time: clockTime,
  department_role_id: id.nullable().default(null),
  shift_template_id: id.nullable().default(null),
  notes: z.string().trim().max(500).nullable().default(null),
};

export const scheduleChangeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('create'), ref: z.string().max(60).optional(), ...shiftFields }),
  z.strictObject({ op: z.literal('update'), id, ...shiftFields }),
  z.strictObject({ op: z.literal('delete'), id }),
]);
export type ScheduleChange = z.input<typeof scheduleChangeSchema>;

export const scheduleChangesSchema = z.strictObject({
  store_id: id,
  changes: z.array(scheduleChangeSchema).min(1, 'Nothing to save').max(500),
  /** Save shifts that fall on approved time off anyway. */
  confirm_time_off: z.boolean().default(false),
});
export type ScheduleChanges = z.input<typeof scheduleChangesSchema>;

export const scheduleCheckSchema = z.object({ conflicts: z.array(scheduleConflictSchema) });
export type ScheduleCheck = z.infer<typeof scheduleCheckSchema>;

export const scheduleSaveResultSchema = z.object({
  created: z.array(scheduleShiftSchema),
  updated: z.array(scheduleShiftSchema),
  deleted: z.array(id),
  /** Time off the saved shifts fall on (saved because confirm_time_off was given). */
  conflicts: z.array(scheduleConflictSchema),
});
export type ScheduleSaveResult = z.infer<typeof scheduleSaveResultSchema>;

export const scheduleWeekActionSchema = z.strictObject({ store_id: id, week_start: isoDate });
export type ScheduleWeekAction = z.input<typeof scheduleWeekActionSchema>;

export const scheduleCopyResultSchema = z.object({
  created: z.number().int(),
  /** Shifts of last week not copied, and why (already there, overlap, no longer at the store). */
  skipped: z.array(z.object({ user_id: id, date: z.string(), reason: z.string() })),
});
export type ScheduleCopyResult = z.infer<typeof scheduleCopyResultSchema>;

export const schedulePublishResultSchema = z.object({ published: z.number().int() });

export const myShiftsQuerySchema = z.strictObject({ from: isoDate, to: isoDate });

import { z } from 'zod';
import { id } from './fields.ts';

/**
 * Timesheets, corrections with their audit trail, HR reports and the payroll export (issue 7).
 * Minutes are whole minutes; a timecard counts on the local date (store time zone) it started.
 */

export const timesheetMessages = {
  correctionRequested: 'Correction request sent to your manager',
  correctionApproved: 'Correction approved',
  correctionRejected: 'Correction rejected',
  timecardUpdated: 'Timecard updated',
  breakUpdated: 'Break updated',
  correctionPending: 'A correction for this timecard is already waiting for a manager',
  notPending: 'This correction has already been decided',
  nothingToChange: 'Give a new start or end time',
  endBeforeStart: 'The end time must be after the start time',
  inFuture: 'Times cannot be in the future',
  breakOutsideTimecard: 'The break must lie inside its timecard',
  timecardOpen: 'This timecard is still open; clock out before correcting it',
  rangeTooLong: 'Choose at most 366 days',
  rangeOrder: 'The start date must be on or before the end date',
  notYourManager: 'Only the employee’s supervisor or an HR manager can decide this correction',
  reasonRequired: 'Give a reason',
} as const;

const day = z.iso.date('Use a date as YYYY-MM-DD');
const instant = z.iso.datetime({ offset: true, message: 'Enter a valid date and time' });
const idList = z
  .union([z.array(z.coerce.number().int().positive()), z.string()])
  .transform((value) =>
    Array.isArray(value)
      ? value
      : value
          .split(',')
          .filter((part) => part.trim() !== '')
          .map(Number),
  )
  .pipe(z.array(z.number().int().positive()).max(1000));

export const timesheetQuerySchema = z
  .strictObject({
    from: day,
    to: day,
    user_ids: idList.optional(),
    store_ids: idList.optional(),
  })
  .refine((q) => q.from <= q.to, { message: timesheetMessages.rangeOrder, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    message: timesheetMessages.rangeTooLong,
    path: ['to'],
  });
export type TimesheetQueryInput = z.input<typeof timesheetQuerySchema>;

export const punchBreakSchema = z.object({
  id,
  short_description: z.string(),
  break_start: z.string(),
  break_end: z.string().nullable(),
  is_paid: z.boolean(),
  is_mandatory: z.boolean(),
  duration: z.number().int(),
});

const figures = {
  worked_minutes: z.number().int(),
  paid_break_minutes: z.number().int(),
  unpaid_break_minutes: z.number().int(),
  regular_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  late_minutes: z.number().int(),
};

export const cardFiguresSchema = z.object({
  timecard_id: id,
  store_id: id,
  schedule_id: id.nullable(),
  clock_in: z.string(),
  clock_out: z.string().nullable(),
  shift_start: z.string().nullable(),
  shift_end: z.string().nullable(),
  ...figures,
  open: z.boolean(),
  auto_clocked_out: z.boolean(),
  not_corrected: z.boolean(),
  edit_request_sent: z.boolean(),
  mandatory_breaks_taken: z.number().int(),
  breaks: z.array(punchBreakSchema),
});

export const totalsSchema = z.object({
  ...figures,
  missed_punches: z.number().int(),
  scheduled_minutes: z.number().int(),
  mandatory_breaks_expected: z.number().int(),
  mandatory_breaks_taken: z.number().int(),
});
export type TimesheetTotals = z.infer<typeof totalsSchema>;

export const dayFiguresSchema = totalsSchema.extend({
  date: z.string(),
  cards: z.array(cardFiguresSchema),
  missed_shifts: z.array(
    z.object({ schedule_id: id, store_id: id, shift_start: z.string(), shift_end: z.string() }),
  ),
});
export type TimesheetDay = z.infer<typeof dayFiguresSchema>;

export const employeeTimesheetSchema = z.object({
  user_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  days: z.array(dayFiguresSchema),
  totals: totalsSchema,
});
export type EmployeeTimesheet = z.infer<typeof employeeTimesheetSchema>;

export const timesheetResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** store id -> name and time zone, for every store the figures mention */
  stores: z.array(z.object({ id, name: z.string(), time_zone: z.string() })),
  employees: z.array(employeeTimesheetSchema),
  totals: totalsSchema,
});
export type TimesheetResult = z.infer<typeof timesheetResultSchema>;

export const payPeriodSchema = z.object({
  kind: z.enum(['weekly', 'biweekly', 'semimonthly']),
  from: z.string(),
  to: z.string(),
});
export const payPeriodQuerySchema = z.strictObject({ date: day.optional() });

// ---- Corrections

export const correctionCreateSchema = z
  .strictObject({
    timecard_id: id,
    /** set to correct one of the timecard's breaks instead of the timecard itself */
    break_id: id.nullable().optional(),
    /** new clock-in (or break start); null/absent leaves it */
    requested_start: instant.nullable().optional(),
    /** new clock-out (or break end); null/absent leaves it */
    requested_end: instant.nullable().optional(),
    reason: z
      .string({ message: timesheetMessages.reasonRequired })
      .trim()
      .min(1, timesheetMessages.reasonRequired)
      .max(2000),
  })
  .refine((v) => v.requested_start || v.requested_end, {
    message: timesheetMessages.nothingToChange,
    path: ['requested_end'],
  });
export type CorrectionCreate = z.input<typeof correctionCreateSchema>;

export const correctionDecisionSchema = z.strictObject({
  reason: z.string().trim().max(2000).optional(),
});
export const correctionRejectSchema = z.strictObject({
  reason: z
    .string({ message: timesheetMessages.reasonRequired })
    .trim()
    .min(1, timesheetMessages.reasonRequired)
    .max(2000),
});

export const correctionStatuses = ['pending', 'approved', 'rejected'] as const;

export const correctionSchema = z.object({
  id,
  timecard_id: id,
  break_id: id.nullable(),
  user_id: id,
  employee_name: z.string(),
  store_name: z.string(),
  time_zone: z.string(),
  source: z.string(),
  /** the timecard's (or break's) current times */
  current_start: z.string().nullable(),
  current_end: z.string().nullable(),
  requested_start: z.string().nullable(),
  requested_end: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(correctionStatuses),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;

export const correctionListQuerySchema = z.strictObject({
  status: z.enum(correctionStatuses).optional(),
  user_id: z.coerce.number().int().positive().optional(),
});

export const timecardEditSchema = z
  .strictObject({
    clock_in: instant.optional(),
    clock_out: instant.optional(),
    reason: z
      .string({ message: timesheetMessages.reasonRequired })
      .trim()
      .min(1, timesheetMessages.reasonRequired)
      .max(2000),
  })
  .refine((v) => v.clock_in || v.clock_out, {
    message: timesheetMessages.nothingToChange,
    path: ['clock_out'],
  });
export const breakEditSchema = z
  .strictObject({
    break_start: instant.optional(),
    break_end: instant.optional(),
    reason: z
      .string({ message: timesheetMessages.reasonRequired })
      .trim()
      .min(1, timesheetMessages.reasonRequired)
      .max(2000),
  })
  .refine((v) => v.break_start || v.break_end, {
    message: timesheetMessages.nothingToChange,
    path: ['break_end'],
  });

export const auditEntrySchema = z.object({
  id,
  timecard_id: id,
  break_id: id.nullable(),
  entity: z.string(),
  action: z.string(),
  correction_id: id.nullable(),
  changed_by: id,
  changed_by_name: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---- Reports

export const reportGroups = ['employee', 'store', 'district', 'region'] as const;
export const hoursReportQuerySchema = z
  .strictObject({ from: day, to: day, group: z.enum(reportGroups).default('employee') })
  .refine((q) => q.from <= q.to, { message: timesheetMessages.rangeOrder, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    message: timesheetMessages.rangeTooLong,
    path: ['to'],
  });
export const reportRangeQuerySchema = z
  .strictObject({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: timesheetMessages.rangeOrder, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    message: timesheetMessages.rangeTooLong,
    path: ['to'],
  });

/** One row of a report: a name plus figures; every report answers rows of this one shape. */
export const reportRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** the employee's or group's extra columns (store, date, …) */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const payrollRowSchema = z.object({
  user_id: id,
  employee: z.string(),
  employee_number: z.string(),
  email: z.string(),
  pay_period: z.string(),
  regular_hours: z.number(),
  overtime_hours: z.number(),
  paid_break_hours: z.number(),
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

/** Hours with two decimals, from minutes. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

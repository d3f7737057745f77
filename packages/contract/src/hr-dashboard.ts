import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { timeoffBalanceSchema, timeoffRequestSchema } from './hr-timeoff.ts';

/**
 * HR dashboards: the store view (who is where now against the schedule), my view, the team.
 * A scheduled employee counts as late LATE_GRACE_MINUTES after the shift starts without a clock-in.
 */
export const LATE_GRACE_MINUTES = 5;

export const storeEmployeeStatuses = [
  'clocked_in',
  'on_break',
  'late',
  'absent',
  'scheduled',
  'clocked_out',
  'time_off',
] as const;
export type StoreEmployeeStatus = (typeof storeEmployeeStatuses)[number];

export const storeEmployeeStatusLabels: Record<StoreEmployeeStatus, string> = {
  clocked_in: 'Clocked in',
  on_break: 'On break',
  late: 'Late',
  absent: 'Absent',
  scheduled: 'Scheduled',
  clocked_out: 'Clocked out',
  time_off: 'Time off',
};

export const storeEmployeeSchema = z.object({
  user_id: id,
  name: z.string(),
  status: z.enum(storeEmployeeStatuses),
  shift_start: isoDateTime.nullable(),
  shift_end: isoDateTime.nullable(),
  clock_in: isoDateTime.nullable(),
  clock_out: isoDateTime.nullable(),
  break_start: isoDateTime.nullable(),
  break_name: z.string().nullable(),
  /** Minutes late: past the shift start without a clock-in, or clocked in after it. */
  late_minutes: z.number().int(),
  timecard_id: id.nullable(),
  time_off_type: z.string().nullable(),
});
export type StoreEmployee = z.infer<typeof storeEmployeeSchema>;

export const storeViewSchema = z.object({
  store: z.object({ id, name: z.string(), time_zone: z.string() }),
  now: isoDateTime,
  /** The store's local date the view covers. */
  date: z.string(),
  counts: z.record(z.enum(storeEmployeeStatuses), z.number().int()),
  employees: z.array(storeEmployeeSchema),
});
export type StoreView = z.infer<typeof storeViewSchema>;

export const myShiftSchema = z.object({
  id,
  store_id: id,
  store_name: z.string(),
  time_zone: z.string(),
  shift_start: isoDateTime,
  shift_end: isoDateTime,
});

export const hoursSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  worked_minutes: z.number().int(),
  regular_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  scheduled_minutes: z.number().int(),
});

export const myViewSchema = z.object({
  today: z.string(),
  upcoming_shifts: z.array(myShiftSchema),
  week: hoursSummarySchema,
  pay_period: hoursSummarySchema,
  timeoff_requests: z.array(timeoffRequestSchema),
  balances: z.array(timeoffBalanceSchema),
  /** My timecard correction requests, newest first (pending, approved or rejected). */
  correction_requests: z.array(
    z.object({
      id,
      timecard_id: id,
      store_name: z.string(),
      time_zone: z.string(),
      clock_in: isoDateTime,
      requested_start: isoDateTime.nullable(),
      requested_end: isoDateTime.nullable(),
      reason: z.string().nullable(),
      status: z.string(),
      decision_reason: z.string().nullable(),
      created_at: isoDateTime,
    }),
  ),
});
export type MyView = z.infer<typeof myViewSchema>;

export const teamMemberSchema = z.object({
  user_id: id,
  name: z.string(),
  email: z.string(),
  store_name: z.string().nullable(),
  supervisor_id: id.nullable(),
  pay_type: z.string(),
  /** 1 not clocked in, 2 clocked in, 3 on break (SPEC.md section 3) */
  clock_status: z.number().int(),
  clocked_in_store: z.string().nullable(),
  pending_timeoff: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamQuerySchema = z.strictObject({
  /** reports (default): those the caller supervises; all: the company (read_employees). */
  scope: z.enum(['reports', 'all']).default('reports'),
});

export const teamMemberDetailSchema = teamMemberSchema.extend({
  balances: z.array(timeoffBalanceSchema),
  requests: z.array(timeoffRequestSchema),
  open_timecard: z
    .object({
      id,
      store_name: z.string(),
      clock_in: isoDateTime,
      on_break: z.boolean(),
      break_id: id.nullable(),
    })
    .nullable(),
  /** Whether the caller may end the member's open break or clock them out. */
  can_manage_clock: z.boolean(),
});
export type TeamMemberDetail = z.infer<typeof teamMemberDetailSchema>;

export const teamClockActionSchema = z.strictObject({
  action: z.enum(['end_break', 'clock_out']),
  reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500),
});

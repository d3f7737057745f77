import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { MAX_PER_PAGE } from './list-query.ts';
import { defineResource, resourceMessages } from './resource.ts';

/**
 * Time off: types per company, requests with supervisor approval, balances per employee, type and
 * year. Amounts are hours (to two decimals); a whole day counts HOURS_PER_DAY. Every calendar day
 * counts, weekends included: stores open every day and staff take off the days they are scheduled.
 */
export const HOURS_PER_DAY = 8;

export const timeoffStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type TimeoffStatus = (typeof timeoffStatuses)[number];

export const timeoffMessages = {
  requested: 'Time off requested',
  approved: 'Time off approved',
  rejected: 'Time off rejected',
  cancelled: 'Time off request cancelled',
  typeSaved: 'Time off type saved',
  allowanceSaved: 'Allowance saved',
  overBalance: (available: number, type: string) =>
    `This request is more than your ${type} balance (${available} hours available)`,
  overlaps: (start: string, end: string) =>
    `You already have time off requested from ${start} to ${end}`,
  notPending: (status: string) => `This request is already ${status}`,
  notYours: 'You can only cancel your own requests',
  mayNotDecide: "Only the employee's supervisor or an HR approver can decide this request",
  ownRequest: 'You cannot decide your own request',
  reasonRequired: 'Give a reason for rejecting',
  endBeforeStart: 'The end date must be on or after the start date',
  oneYear: 'A request must fall within one calendar year; split it at the new year',
  partialOneDay: 'Part of a day is for a single day: the start and end dates must match',
  typeInactive: 'This time off type is no longer offered',
  notAnEmployee: 'Only employees can request time off',
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-07-14')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date');
const hours = z.number().positive('Must be more than 0').max(2000);

export const timeoffTypeSchema = z.object({
  id,
  name: z.string(),
  is_paid: z.boolean(),
  /** Hours a year; null: no limit. */
  yearly_allowance_hours: z.number().nullable(),
  is_active: z.boolean(),
});
export type TimeoffType = z.infer<typeof timeoffTypeSchema>;

export const timeoffTypeCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(60),
  is_paid: z.boolean().default(true),
  yearly_allowance_hours: hours.nullable().default(null),
  is_active: z.boolean().default(true),
});

/** A change of a type: only the fields sent change. */
export const timeoffTypeUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(60).optional(),
  is_paid: z.boolean().optional(),
  yearly_allowance_hours: hours.nullable().optional(),
  is_active: z.boolean().optional(),
});

/**
 * `/hr-timeoff/types`: everyone signed in lists them (the request form offers them); HR approvers
 * add and change them. A type is never deleted, so past requests keep it; it is deactivated.
 */
export const timeoffTypeResource = defineResource({
  name: 'hr_timeoff_types',
  access: { read: 'authenticated', write: 'write_hr_timeoff' },
  path: '/hr-timeoff/types',
  operations: ['list', 'create', 'update'],
  label: { one: 'Time off type', many: 'Time off types' },
  row: timeoffTypeSchema,
  create: timeoffTypeCreateSchema,
  update: timeoffTypeUpdateSchema,
  messages: resourceMessages('Time off type', 'added', {
    created: timeoffMessages.typeSaved,
    updated: timeoffMessages.typeSaved,
  }),
  deleteMode: 'deactivate',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'is_paid', 'is_active'],
  defaultSort: 'name',
  defaultPerPage: MAX_PER_PAGE,
});

export const timeoffRequestCreateSchema = z
  .strictObject({
    type_id: id,
    start_date: isoDate,
    end_date: isoDate,
    /** Part of one day: how many hours (start and end dates equal). */
    hours: hours.max(24).nullable().optional(),
    notes: z.string().trim().max(1000).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: timeoffMessages.endBeforeStart });
    else if (value.start_date.slice(0, 4) !== value.end_date.slice(0, 4))
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: timeoffMessages.oneYear });
    if (value.hours != null && value.start_date !== value.end_date)
      ctx.addIssue({ code: 'custom', path: ['hours'], message: timeoffMessages.partialOneDay });
  });
export type TimeoffRequestCreate = z.infer<typeof timeoffRequestCreateSchema>;

export const timeoffDecisionSchema = z.strictObject({
  reason: z.string().trim().max(1000).nullable().optional(),
});

export const timeoffEventSchema = z.object({
  id,
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  reason: z.string().nullable(),
  at: isoDateTime,
  actor_id: id,
  actor_name: z.string(),
});

export const timeoffRequestSchema = z.object({
  id,
  user_id: id,
  employee_name: z.string(),
  type_id: id,
  type_name: z.string(),
  is_paid: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  hours: z.number(),
  partial_day: z.boolean(),
  notes: z.string().nullable(),
  status: z.enum(timeoffStatuses),
  decided_by: id.nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: isoDateTime.nullable(),
  decision_reason: z.string().nullable(),
  created_at: isoDateTime,
  /** Whether the caller may approve or reject it (pending, and their report or an HR approver). */
  can_decide: z.boolean(),
  /** Whether the caller may cancel it (their own, pending or approved and not yet started). */
  can_cancel: z.boolean(),
});
export type TimeoffRequest = z.infer<typeof timeoffRequestSchema>;

export const timeoffRequestDetailSchema = timeoffRequestSchema.extend({
  history: z.array(timeoffEventSchema),
});
export type TimeoffRequestDetail = z.infer<typeof timeoffRequestDetailSchema>;

export const timeoffBalanceSchema = z.object({
  type_id: id,
  type_name: z.string(),
  is_paid: z.boolean(),
  year: z.number().int(),
  /** Hours a year; null: no limit. */
  allowance: z.number().nullable(),
  approved: z.number(),
  pending: z.number(),
  /** allowance - approved; null: no limit. */
  remaining: z.number().nullable(),
  /** What a new request may take: allowance - approved - pending; null: no limit. */
  available: z.number().nullable(),
});
export type TimeoffBalance = z.infer<typeof timeoffBalanceSchema>;

export const timeoffListQuerySchema = z.strictObject({
  /** mine (default): the caller's; team: those the caller may decide; all: the company's (read_hr_timeoff). */
  scope: z.enum(['mine', 'team', 'all']).default('mine'),
  status: z.enum(timeoffStatuses).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const balanceQuerySchema = z.strictObject({
  user_id: z.coerce.number().int().positive().optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const allowanceUpdateSchema = z.strictObject({
  user_id: id,
  type_id: id,
  year: z.number().int().min(2000).max(2100),
  hours: z.number().min(0).max(2000),
});

/** One row of the Employee Leaves Report: an employee's approved and pending hours per type. */
export const leavesReportRowSchema = z.object({
  user_id: id,
  employee_name: z.string(),
  type_name: z.string(),
  allowance: z.number().nullable(),
  approved: z.number(),
  pending: z.number(),
  remaining: z.number().nullable(),
  requests: z.number().int(),
});
export type LeavesReportRow = z.infer<typeof leavesReportRowSchema>;

/** An approved absence on a date range, for the schedule grid. */
export interface ApprovedTimeoff {
  id: number;
  user_id: number;
  type_id: number;
  type_name: string;
  start_date: string;
  end_date: string;
  hours: number;
  partial_day: boolean;
}

import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './list-query.ts';

/**
 * Security events (issue 12): what happened to accounts and their rights, for the company's admins
 * (those who may change roles, `write_roles`) and, across companies, the super admin.
 */
export const securityEventKinds = [
  'sign_in',
  'sign_in_failed',
  'locked_out',
  'password_changed',
  'password_reset',
  'email_changed',
  'role_changed',
  'permissions_changed',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

export const securityEventLabels: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  locked_out: 'Sign-in blocked (too many failures)',
  password_changed: 'Password changed',
  password_reset: 'Password reset by mail',
  email_changed: 'Email changed',
  role_changed: 'Role changed',
  permissions_changed: 'Permissions changed',
};

export const securityEventSchema = z.object({
  id,
  company_id: id.nullable(),
  kind: z.enum(securityEventKinds),
  user_id: id.nullable(),
  actor_id: id.nullable(),
  /** the account's name, and who did it, when known */
  user_name: z.string().nullable(),
  actor_name: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  created_at: isoDateTime,
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a date');

export const securityEventQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(DEFAULT_PAGE),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  kind: z.enum(securityEventKinds).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  /** part of the account's name or email (the event's email too: failed sign-ins) */
  user: z.string().trim().max(200).optional(),
  /** days (YYYY-MM-DD, UTC), both included */
  from: day.optional(),
  to: day.optional(),
});
export type SecurityEventQuery = z.input<typeof securityEventQuerySchema>;

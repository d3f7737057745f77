import { z } from 'zod';
import { id } from './fields.ts';
import { sidebarNodeSchema } from './resources/navigation.ts';

export const loginRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(128),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The signed-in user as the login response and the session carry it (SPEC.md section 3). */
export const sessionUserSchema = z.object({
  id,
  uuid: z.string(),
  auth_uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_id: id,
  role: z.string(),
  access_level: z.number().int(),
  current_store: id.nullable(),
  profile_photo: z.string().nullable(),
  store: z.object({ id, unique_id: z.string(), name: z.string() }).nullable(),
  logo_url: z.string().nullable(),
  job_order_type: z.string().nullable(),
  business_type: z.string().nullable(),
  permissions: z.record(z.string(), z.literal(true)),
  sidebarItems: z.array(sidebarNodeSchema),
  dealer_id: id.nullable(),
  vendor_id: id.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * The login reply. SPEC.md section 3 lists these fields at the top level of the reply (beside
 * `success`), so login is the one reply whose payload is not under `data`.
 */
export const loginResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: sessionUserSchema.nullable(),
  token: z.string().nullable(),
  sidebarItems: z.array(sidebarNodeSchema),
  theme_color: z.string(),
  geolocation_restriction_required: z.boolean(),
  clock_in: z.boolean(),
  scheduleId: z.number().int().nullable(),
  breakPopUpShow: z.boolean(),
  timezone: z.string(),
  timeout_limit: z.number().int(),
  isB2BUser: z.boolean(),
  showAutoClockoutTimeCards: z.boolean(),
  dealer_id: id.nullable(),
  vendor_id: id.nullable(),
  faceAuthPending: z.boolean(),
  faceAuthError: z.string().nullable(),
  twoFactor: z.boolean(),
  loginStatus: z.string(),
  HomeScreen: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const authMessages = {
  loginOk: 'Logged in',
  badCredentials: 'Invalid email or password',
  accountDisabled: 'Your account is disabled. Contact your admin.',
  loggedOut: 'Logged out',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

/** A refused sign-in: `reason` is what the login screen shows. */
export const loginFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  reason: z.string(),
});

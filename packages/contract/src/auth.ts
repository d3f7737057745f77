import { z } from 'zod';
import { email, id, name, optionalLink } from './fields.ts';
import { sidebarNodeSchema } from './resources/navigation.ts';
import { password } from './resources/users.ts';

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

/** The companies a sign-in may continue into, and the token that carries the choice. */
export const companyChoiceSchema = z.object({
  token: z.string(),
  companies: z.array(z.object({ id, name: z.string() })),
});
export type CompanyChoice = z.infer<typeof companyChoiceSchema>;

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
  /**
   * Set when `twoFactor` is true and `user` is null: the opaque challenge the second step sends
   * back with the code, how the code arrives, and where (a masked email) when it was mailed.
   */
  twoFactorToken: z.string().nullable(),
  twoFactorMethod: z.enum(['email', 'totp']).nullable(),
  twoFactorDestination: z.string().nullable(),
  /**
   * Set when the email and password match accounts in several companies (`loginStatus`
   * `company_choice`, `user` null): only the companies whose password matched, and the short-lived
   * signed token that POST /auth/login/company sends back with the chosen company's id.
   */
  companyChoice: companyChoiceSchema.nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `loginStatus` values. */
export const loginStatuses = {
  success: 'success',
  twoFactorPending: 'two_factor_pending',
  companyChoice: 'company_choice',
} as const;

export const twoFactorMethods = ['email', 'totp'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

const challengeToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'The sign-in step is not valid. Please sign in again.');
export const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const twoFactorVerifyRequestSchema = z.strictObject({
  token: challengeToken,
  code: sixDigitCode,
});
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequestSchema>;
/** POST /auth/login/company: the choice token of a login reply and one of its companies. */
export const companyChoiceRequestSchema = z.strictObject({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{20,4000}$/, 'The sign-in step is not valid. Please sign in again.'),
  company_id: id,
});
export type CompanyChoiceRequest = z.input<typeof companyChoiceRequestSchema>;
export const twoFactorResendRequestSchema = z.strictObject({ token: challengeToken });
export const twoFactorResendDataSchema = z.object({ resendAfterSeconds: z.number().int() });

/** SPEC.md section 5: sign-up sends email, password, first_name and last_name. */
export const signupRequestSchema = z.strictObject({
  email,
  password,
  first_name: name,
  last_name: name,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email });
/** Forgot password reads success, message and reason (SPEC.md section 7). */
export const forgotPasswordResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.null(),
  reason: z.string().nullable(),
});

export const resetPasswordRequestSchema = z.strictObject({ password });
export const resetTokenParamsSchema = z.object({ token: z.string().max(200) });

export const changePasswordRequestSchema = z.strictObject({
  current_password: z.string().min(1, 'Enter your current password').max(128),
  new_password: password,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const adminChangePasswordRequestSchema = z.strictObject({ user_id: id, password });

export const mobilePin = z
  .string()
  .trim()
  .regex(/^\d{4,6}$/, 'The PIN must be 4 to 6 digits');
export const mobilePinRequestSchema = z.strictObject({ mobile_pin: mobilePin });
export const userIdParamsSchema = z.object({ user_id: z.coerce.number().int().positive() });

export const lockUserRequestSchema = z.strictObject({ user_id: id });

/** Edit Account on /account: the signed-in user's own name and photo. */
export const accountUpdateSchema = z.strictObject({
  first_name: name,
  last_name: name,
  profile_photo: optionalLink(1000),
});
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

export const twoFactorStatusSchema = z.object({
  /** What the user chose. */
  method: z.enum(twoFactorMethods).nullable(),
  /** Whether the company requires a second factor of everyone. */
  companyRequired: z.boolean(),
  /** What sign-in will ask for: the user's method, `email` when only the company requires it. */
  effective: z.enum(twoFactorMethods).nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpConfirmRequestSchema = z.strictObject({ code: sixDigitCode });
/** Switch to mailed codes or turn the personal second factor off; both need the password. */
export const twoFactorMethodRequestSchema = z.strictObject({
  method: z.enum(['email', 'off']),
  password: z.string().min(1, 'Enter your password').max(128),
});
export const companyTwoFactorRequestSchema = z.strictObject({ required: z.boolean() });

/** What the sign-in screens may offer on this deployment. */
export const authOptionsSchema = z.object({ signup: z.boolean(), devMailbox: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** A message in the dev mailbox (the outbox used when no SMTP server is configured). */
export const mailMessageSchema = z.object({
  id,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const mailboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const authMessages = {
  loginOk: 'Logged in',
  badCredentials: 'Invalid email or password',
  accountDisabled: 'Your account is disabled. Contact your admin.',
  accountLocked: 'Your account is locked. Contact your admin.',
  loggedOut: 'Logged out',
  sessionExpired: 'Your session has expired. Please sign in again.',
  tooManyLogins: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRequests: (minutes: number) =>
    `Too many requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  twoFactorMailed: 'Enter the 6-digit code we sent to your email',
  twoFactorTotp: 'Enter the 6-digit code from your authenticator app',
  twoFactorBadCode: 'The code is not correct',
  twoFactorExpired: 'This sign-in has expired. Please sign in again.',
  twoFactorTooManyCodes: 'Too many wrong codes. Please sign in again.',
  twoFactorCodeSent: 'A new code has been sent',
  twoFactorResendWait: (seconds: number) =>
    `Please wait ${seconds} seconds before asking for another code`,
  twoFactorResendLimit: 'Too many codes sent. Please sign in again.',
  twoFactorResendTotp: 'Use the code from your authenticator app',
  chooseCompany: 'Choose a company',
  twoFactorMailFailed: 'The code could not be sent. Try again later.',
  twoFactorEnabled: 'Two-factor sign-in turned on',
  twoFactorDisabled: 'Two-factor sign-in turned off',
  twoFactorSetupFirst: 'Start the authenticator setup first',
  twoFactorCompanyUpdated: 'Company two-factor setting updated',
  signupDisabled: 'Sign-up is not available on this portal. Ask your admin for an account.',
  signupOk: 'Account created. You can sign in now.',
  emailTaken: 'A user with this email already exists',
  resetEmailSent: 'Reset email sent',
  resetFailed: 'Password Reset Failed',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  passwordUpdated: 'Password updated',
  passwordNotUpdated: 'password not updated',
  currentPasswordWrong: 'Your current password is not correct',
  passwordWrong: 'Your password is not correct',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordUnchanged: 'The new password must differ from the current one',
  passwordHasEmail: 'The password must not contain your email address',
  accountUpdated: 'Account updated',
  accountNotUpdated: 'Account not updated',
  mobilePinUpdated: 'Mobile Pin updated',
  mobilePinNotUpdated: 'Mobile Pin not updated',
  userLocked: 'User locked',
  userNotLocked: 'User not locked',
  userUnlocked: 'User unlocked',
  userNotUnlocked: 'User not unlocked',
  cannotLockSelf: 'You cannot lock your own account',
} as const;

/** A refused sign-in: `reason` is what the login screen shows. */
export const loginFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  reason: z.string(),
});

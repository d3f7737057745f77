import {
  authOptionsSchema,
  forgotPasswordResponseSchema,
  loginFailureSchema,
  loginResponseSchema,
  mailMessageSchema,
  sessionUserSchema,
  totpSetupSchema,
  twoFactorResendDataSchema,
  twoFactorStatusSchema,
  type AccountUpdate,
  type ChangePasswordRequest,
  type CompanyChoiceRequest,
  type LoginRequest,
  type LoginResponse,
  type MailMessage,
  type SignupRequest,
  type TwoFactorVerifyRequest,
} from '@portal/contract/auth';
import { z } from 'zod';
import { api, apiFetch, ApiError, ignoreData, parseReply } from '../../platform/api.ts';

/** POST /auth/login. Its reply carries the login fields at the top level, not under `data`. */
export const login = (request: LoginRequest) => signInStep('/auth/login', request);

// GET /auth/me, POST /auth/logout and meQueryKey are in me.ts: the signed-in frame calls them, and
// that module loads no zod up front.

// ---- Second factor, passwords, account (SPEC.md section 7)

/** Turns a refused sign-in step's reply into an ApiError carrying its `reason`. */
async function signInStep(path: string, body: unknown): Promise<LoginResponse> {
  let payload: unknown;
  try {
    payload = await apiFetch(path, { method: 'POST', body });
  } catch (error) {
    const failure = error instanceof ApiError ? loginFailureSchema.safeParse(error.body) : null;
    if (error instanceof ApiError && failure?.success) {
      throw new ApiError(error.status, failure.data.reason, error.fieldErrors, error.body);
    }
    throw error;
  }
  return parseReply(path, loginResponseSchema, payload);
}

/** POST /auth/login/company: continues a sign-in into one of the companies its reply offered. */
export const chooseCompany = (request: CompanyChoiceRequest) =>
  signInStep('/auth/login/company', request);

/** POST /auth/2factor/verify: the code for a pending sign-in; answers the login response. */
export const verifyTwoFactor = (request: TwoFactorVerifyRequest) =>
  signInStep('/auth/2factor/verify', request);

/** POST /auth/2factor/resend. */
export const resendTwoFactor = (token: string) =>
  api.post('/auth/2factor/resend', { token }, twoFactorResendDataSchema);

/** POST /auth/forgot-password: reads success, message and reason (SPEC.md section 7). */
export async function forgotPassword(email: string): Promise<{ message: string }> {
  const payload = await apiFetch('/auth/forgot-password', { method: 'POST', body: { email } });
  const reply = parseReply('/auth/forgot-password', forgotPasswordResponseSchema, payload);
  if (!reply.success) throw new ApiError(200, reply.reason ?? reply.message, {}, payload);
  return { message: reply.message };
}

/** POST /auth/reset_password/{token}. */
export const resetPassword = (token: string, password: string) =>
  api.post(`/auth/reset_password/${encodeURIComponent(token)}`, { password }, ignoreData);

/** POST /auth/signup. */
export const signUp = (request: SignupRequest) =>
  api.post('/auth/signup', request, z.object({ id: z.number(), email: z.string() }));

/** GET /auth/options: whether sign-up and the dev mailbox exist here. */
export const fetchAuthOptions = async () =>
  (await api.get('/auth/options', authOptionsSchema)).data;

/** POST /users/change-password. */
export const changePassword = (request: ChangePasswordRequest) =>
  api.post('/users/change-password', request, ignoreData);

/** PATCH /auth/me: Edit Account. */
export const updateAccount = (request: AccountUpdate) =>
  api.patch('/auth/me', request, sessionUserSchema);

/** PATCH /users/mobile-pin-change/{user_id}. */
export const changeMobilePin = (userId: number, mobilePin: string) =>
  api.patch(`/users/mobile-pin-change/${userId}`, { mobile_pin: mobilePin }, ignoreData);

export const twoFactorQueryKey = ['auth', 'two-factor'] as const;

export const fetchTwoFactorStatus = async () =>
  (await api.get('/auth/2factor', twoFactorStatusSchema)).data;

export const startTotpSetup = () =>
  api.post('/auth/2factor/totp/setup', undefined, totpSetupSchema);

export const confirmTotpSetup = (code: string) =>
  api.post('/auth/2factor/totp/confirm', { code }, twoFactorStatusSchema);

export const setTwoFactorMethod = (method: 'email' | 'off', password: string) =>
  api.post('/auth/2factor/method', { method, password }, twoFactorStatusSchema);

/**
 * GET /dev/mailbox: the outbox, when the server has no SMTP (null when the mailbox is off). Only a
 * signed-in super admin reads it: a 460 (not signed in) or 403 is thrown, and does not sign out.
 */
export async function fetchDevMailbox(to: string): Promise<MailMessage[] | null> {
  try {
    const reply = await api.get('/dev/mailbox', z.array(mailMessageSchema), {
      query: { to: to.trim() || undefined, limit: 50 },
      endSessionOnExpiry: false,
    });
    return reply.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

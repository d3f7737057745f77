import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  authOptionsSchema,
  companyChoiceRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginFailureSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginStatuses,
  resetPasswordRequestSchema,
  resetTokenParamsSchema,
  sessionUserSchema,
  signupRequestSchema,
  twoFactorResendDataSchema,
  twoFactorResendRequestSchema,
  twoFactorVerifyRequestSchema,
  type CompanyChoice,
  type LoginResponse,
  type TwoFactorMethod,
} from '@portal/contract/auth';
import {
  DEFAULT_THEME_COLOR,
  DEFAULT_TIMEOUT_LIMIT_MINUTES,
  DEFAULT_TIMEZONE,
} from '@portal/contract/constants';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import type { LoginClockFields } from '@portal/contract/hr';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';
import { loginClockFieldsFor } from '../hr/api.ts';
import { createMailer } from '../mail/api.ts';
import { accountRoutes } from './account-routes.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { rateLimited } from './rate-limits.ts';
import { loadSignedInUser, type SignedInUser } from './session-user.ts';
import { hasRecentSessionFrom, identityOfUser, openSession, revokeSession } from '../users/api.ts';
import { signUp } from './signup.ts';
import { chosenIdentity, companyChoiceFor, identitiesOf, type Identity } from './company-choice.ts';
import { clearThrottle, loginKeys, recordFailure, throttleState } from './throttle.ts';
import {
  maskEmail,
  resendCode,
  startChallenge,
  twoFactorMethodFor,
  sealPlainTotpSecrets,
  verifyChallenge,
} from './two-factor.ts';
import { secretBoxFor } from '../../platform/secrets.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import { asSystem } from '../../platform/tenant-connection.ts';

/** The login reply for a signed-in user (SPEC.md section 3). */
function signedInReply(
  signedIn: SignedInUser,
  token: string,
  clock: LoginClockFields,
): LoginResponse {
  return {
    success: true,
    message: authMessages.loginOk,
    user: signedIn.user,
    token,
    sidebarItems: signedIn.user.sidebarItems,
    theme_color: signedIn.company.theme_color,
    ...clock,
    timezone: signedIn.company.timezone,
    timeout_limit: signedIn.company.timeout_limit,
    isB2BUser: signedIn.isB2BUser,
    dealer_id: signedIn.user.dealer_id,
    vendor_id: signedIn.user.vendor_id,
    faceAuthPending: false,
    faceAuthError: null,
    twoFactor: false,
    loginStatus: loginStatuses.success,
    HomeScreen: signedIn.homeScreen,
    reason: null,
    twoFactorToken: null,
    twoFactorMethod: null,
    twoFactorDestination: null,
  };
}

/** A sign-in step's reply before anyone is signed in: nothing about the account is told yet. */
const withoutUser = (): Omit<LoginResponse, 'message' | 'loginStatus'> => ({
  success: true,
  user: null,
  token: null,
  sidebarItems: [],
  theme_color: DEFAULT_THEME_COLOR,
  geolocation_restriction_required: false,
  clock_in: false,
  scheduleId: null,
  breakPopUpShow: false,
  timezone: DEFAULT_TIMEZONE,
  timeout_limit: DEFAULT_TIMEOUT_LIMIT_MINUTES,
  isB2BUser: false,
  showAutoClockoutTimeCards: false,
  dealer_id: null,
  vendor_id: null,
  faceAuthPending: false,
  faceAuthError: null,
  twoFactor: false,
  HomeScreen: null,
  reason: null,
  twoFactorToken: null,
  twoFactorMethod: null,
  twoFactorDestination: null,
  companyChoice: null,
});

/** Success without a user: the second factor is pending. */
function twoFactorReply(method: TwoFactorMethod, token: string, email: string): LoginResponse {
  return {
    ...withoutUser(),
    message: method === 'email' ? authMessages.twoFactorMailed : authMessages.twoFactorTotp,
    twoFactor: true,
    loginStatus: loginStatuses.twoFactorPending,
    twoFactorToken: token,
    twoFactorMethod: method,
    twoFactorDestination: method === 'email' ? maskEmail(email) : null,
  };
}

/** Success without a user: the email and password match accounts in several companies. */
function companyChoiceReply(choice: CompanyChoice): LoginResponse {
  return {
    ...withoutUser(),
    message: authMessages.chooseCompany,
    loginStatus: loginStatuses.companyChoice,
    companyChoice: choice,
  };
}

function refuse(reply: FastifyReply, status: 401 | 429, reason: string) {
  return reply.status(status).send({ success: false, message: reason, data: null, reason });
}

export function authRoutes(app: FastifyInstance, db: Database, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mailer = createMailer(db, config, app.log);
  // Authenticator secrets are stored sealed; rows from earlier releases are sealed at start.
  const secrets = secretBoxFor(config);
  app.addHook('onReady', async () => {
    const sealed = await asSystem(() => sealPlainTotpSecrets(db, secrets)); // every company's rows
    if (sealed) app.log.info({ sealed }, 'sealed authenticator secrets stored in plain');
  });

  // Work a reply must not wait for (so its timing tells nothing); finished before shutdown.
  const pending = new Set<Promise<void>>();
  const inBackground = (request: FastifyRequest, work: () => Promise<void>) => {
    const job = work()
      .catch((error: unknown) => request.log.error({ err: error }, 'background auth work failed'))
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    mailer.close();
  });

  // Every completed sign-in (password, company choice, second factor) ends here: its session is
  // opened, recorded as a security event, and answered with the clock fields. The two inserts and
  // the clock's reads do not depend on each other: sent together.
  const completeSignIn = async (signedIn: SignedInUser, request: FastifyRequest) => {
    const [token, , clock] = await Promise.all([
      openSession(db, {
        companyId: signedIn.user.company_id,
        userId: signedIn.user.id,
        ttlHours: config.SESSION_TTL_HOURS,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
      recordSecurityEvent(db, {
        kind: 'sign_in',
        companyId: signedIn.user.company_id,
        userId: signedIn.user.id,
        email: signedIn.user.email,
        ip: request.ip,
      }),
      loginClockFieldsFor(db, signedIn.user),
    ]);
    return signedInReply(signedIn, token, clock);
  };

  /**
   * A sign-in whose identity is known and whose password matched: refused (deleted, disabled,
   * locked), or a second-factor challenge, or the session. Counters clear only when sign-in
   * completes: a password alone must not reset the count of wrong second-factor codes, or a stolen
   * password would buy unlimited code guesses.
   */
  const continueSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    identity: Identity,
    signedIn: SignedInUser | null,
    counting?: boolean,
  ) => {
    if (!signedIn) return refuse(reply, 401, authMessages.badCredentials);
    if (signedIn.refusal) return refuse(reply, 401, signedIn.refusal);
    const method = twoFactorMethodFor(identity, signedIn.company.two_factor_required);
    if (method) {
      const token = await startChallenge(db, mailer, {
        companyId: identity.company_id,
        userId: identity.user_id,
        email: identity.email,
        method,
        ip: request.ip,
      });
      return twoFactorReply(method, token, identity.email);
    }
    const keys = loginKeys(identity.email, request.ip);
    if (counting ?? (await throttleState(db, [keys.pair, keys.account])).counting)
      await clearThrottle(db, [keys.pair.key, keys.account.key]);
    return completeSignIn(signedIn, request);
  };

  r.post('/auth/login', {
    schema: {
      tags: ['Auth'],
      summary: 'Sign in with email and password',
      description:
        'Answers the login response, or success with user null and twoFactor true plus a ' +
        'twoFactorToken when a second factor is needed, or success with user null and a ' +
        'companyChoice when the email and password match accounts in several companies (continue ' +
        'with POST /auth/login/company). Failed attempts are limited per account and address, ' +
        'per account and per address (429).',
      body: loginRequestSchema,
      response: {
        200: loginResponseSchema,
        400: errorReplySchema,
        401: loginFailureSchema,
        429: loginFailureSchema,
        503: errorReplySchema,
      },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const keys = loginKeys(email, request.ip);
      // The attempt counts and the identities (one per company that has this email: none, one,
      // or several) are read together.
      const [gate, candidates] = await Promise.all([
        throttleState(db, [keys.pair, keys.account, keys.address]),
        identitiesOf(db, email),
      ]);
      // Security events go to every company the email signs in to (or to none when unknown).
      const eventTargets = candidates.length ? candidates : [undefined];

      const hardBlock = gate.blocked.find((b) => b.key !== keys.account.key);
      const accountBlock = gate.blocked.find((b) => b.key === keys.account.key);
      // A previous session from this address: the account-wide limit does not apply to it.
      const knownToAny = async () => {
        for (const identity of candidates)
          if (await hasRecentSessionFrom(db, identity.company_id, identity.user_id, request.ip))
            return true;
        return false;
      };
      const block = hardBlock ?? (accountBlock && !(await knownToAny()) ? accountBlock : undefined);
      if (block) {
        for (const identity of eventTargets)
          await recordSecurityEvent(db, {
            kind: 'locked_out',
            companyId: identity?.company_id ?? null,
            userId: identity?.user_id ?? null,
            email,
            ip: request.ip,
            detail: { retry_after_seconds: block.retryAfterSeconds },
          });
        reply.header('retry-after', String(block.retryAfterSeconds));
        return refuse(
          reply,
          429,
          authMessages.tooManyLogins(Math.ceil(block.retryAfterSeconds / 60)),
        );
      }

      // The same argon2id work per candidate (a decoy hash when there is none), no early exit.
      // With a single candidate its account is read while the hash runs on the thread pool, so
      // the reply waits for the slower of the two rather than their sum; nothing read leaves the
      // server unless the password matched.
      const [only] = candidates.length === 1 ? candidates : [];
      const [verdicts, onlyAccount] = await Promise.all([
        candidates.length
          ? Promise.all(
              candidates.map((identity) => verifyPassword(identity.password_hash, password)),
            )
          : verifyPassword(undefined, password).then((verdict) => [verdict]),
        only ? loadSignedInUser(db, only.company_id, only.user_id) : null,
      ]);
      const matched = candidates.filter((_, index) => verdicts[index]);
      if (matched.length === 0) {
        await recordFailure(db, [keys.pair, keys.account, keys.address]);
        for (const identity of eventTargets)
          await recordSecurityEvent(db, {
            kind: 'sign_in_failed',
            companyId: identity?.company_id ?? null,
            userId: identity?.user_id ?? null,
            email,
            ip: request.ip,
            detail: { reason: identity ? 'password' : 'unknown_email' },
          });
        return refuse(reply, 401, authMessages.badCredentials);
      }
      if (matched.length === 1) {
        const [identity] = matched as [Identity];
        const signedIn =
          identity === only
            ? onlyAccount
            : await loadSignedInUser(db, identity.company_id, identity.user_id);
        return continueSignIn(request, reply, identity, signedIn, gate.counting);
      }
      // The password opens accounts in several companies: the person picks one.
      return companyChoiceReply(await companyChoiceFor(db, secrets, email, matched));
    },
  });

  r.post('/auth/login/company', {
    schema: {
      tags: ['Auth'],
      summary: 'Continue a sign-in into one of the companies its login reply offered',
      description:
        'Sends back the companyChoice token of a login reply (valid 5 minutes) with the id of one ' +
        'of its companies; answers as POST /auth/login does for that company. A forged, altered ' +
        'or expired token, or a company the token does not offer, is a 401.',
      body: companyChoiceRequestSchema,
      response: {
        200: loginResponseSchema,
        400: errorReplySchema,
        401: loginFailureSchema,
        429: errorReplySchema,
      },
    },
    config: { access: 'public', rateLimit: rateLimited.verify },
    handler: async (request, reply) => {
      const { token, company_id } = request.body;
      const identity = await chosenIdentity(db, secrets, token, company_id);
      if (!identity) return refuse(reply, 401, authMessages.twoFactorExpired);
      const signedIn = await loadSignedInUser(db, identity.company_id, identity.user_id);
      return continueSignIn(request, reply, identity, signedIn);
    },
  });

  r.post('/auth/2factor/verify', {
    schema: {
      tags: ['Auth'],
      summary: 'Second sign-in step: the 6-digit code for a two-factor challenge',
      body: twoFactorVerifyRequestSchema,
      response: {
        200: loginResponseSchema,
        400: errorReplySchema,
        401: loginFailureSchema,
        429: errorReplySchema,
      },
    },
    config: { access: 'public', rateLimit: rateLimited.verify },
    handler: async (request, reply) => {
      const result = await verifyChallenge(db, secrets, request.body.token, request.body.code);
      if (!result.ok) {
        if (result.countsAsFailure && result.companyId && result.userId) {
          const identity = await identityOfUser(db, result.companyId, result.userId);
          if (identity) {
            const keys = loginKeys(identity.email, request.ip);
            await recordFailure(db, [keys.pair, keys.account, keys.address]);
          }
        }
        return refuse(reply, 401, result.reason);
      }
      const signedIn = await loadSignedInUser(db, result.companyId, result.userId);
      if (!signedIn) return refuse(reply, 401, authMessages.twoFactorExpired);
      if (signedIn.refusal) return refuse(reply, 401, signedIn.refusal);
      const keys = loginKeys(signedIn.user.email, request.ip);
      await clearThrottle(db, [keys.pair.key, keys.account.key]);
      return completeSignIn(signedIn, request);
    },
  });

  r.post('/auth/2factor/resend', {
    schema: {
      tags: ['Auth'],
      summary: 'Mails a new code for a pending two-factor sign-in (every 30 s, 5 codes at most)',
      body: twoFactorResendRequestSchema,
      response: {
        200: replySchema(twoFactorResendDataSchema),
        400: errorReplySchema,
        401: errorReplySchema,
        429: errorReplySchema,
        503: errorReplySchema,
      },
    },
    config: { access: 'public', rateLimit: rateLimited.resend },
    handler: async (request) => {
      const resendAfterSeconds = await resendCode(db, mailer, request.body.token);
      return ok(authMessages.twoFactorCodeSent, { resendAfterSeconds });
    },
  });

  r.post('/auth/logout', {
    schema: {
      tags: ['Auth'],
      summary: 'End this session',
      response: { 200: replySchema(z.null()), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      await revokeSession(db, callerOf(request).sessionId);
      return ok(authMessages.loggedOut, null);
    },
  });

  r.get('/auth/me', {
    schema: {
      tags: ['Auth'],
      summary: 'The signed-in user, as the login response carries it',
      response: { 200: replySchema(sessionUserSchema), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const signedIn = await loadSignedInUser(db, ctx.companyId, ctx.userId);
      if (!signedIn) throw AppError.sessionExpired(authMessages.sessionExpired);
      return ok('', signedIn.user);
    },
  });

  r.get('/auth/options', {
    schema: {
      tags: ['Auth'],
      summary: 'What the sign-in screens may offer here: sign-up, the dev mailbox',
      response: { 200: replySchema(authOptionsSchema) },
    },
    config: { access: 'public' },
    handler: async () => ok('', { signup: config.ALLOW_SIGNUP, devMailbox: config.devMailbox }),
  });

  r.post('/auth/signup', {
    schema: {
      tags: ['Auth'],
      summary: 'Create an account (only where ALLOW_SIGNUP=true)',
      body: signupRequestSchema,
      response: {
        200: replySchema(z.object({ id: z.number().int(), email: z.string() })),
        400: errorReplySchema,
        403: errorReplySchema,
        409: errorReplySchema,
        429: errorReplySchema,
      },
    },
    config: { access: 'public', rateLimit: rateLimited.signup },
    handler: async (request) => {
      if (!config.ALLOW_SIGNUP || config.SIGNUP_COMPANY_ID === undefined)
        throw AppError.forbidden(authMessages.signupDisabled);
      const created = await signUp(db, config.SIGNUP_COMPANY_ID, request.body);
      return ok(authMessages.signupOk, created);
    },
  });

  r.post('/auth/forgot-password', {
    schema: {
      tags: ['Auth'],
      summary: 'Mail a password reset link; the answer is the same whether the email exists or not',
      body: forgotPasswordRequestSchema,
      response: { 200: forgotPasswordResponseSchema, 400: errorReplySchema, 429: errorReplySchema },
    },
    config: { access: 'public', rateLimit: rateLimited.forgot },
    handler: async (request) => {
      const { email } = request.body;
      inBackground(request, () => requestPasswordReset(db, mailer, config.appUrl, email));
      return { success: true, message: authMessages.resetEmailSent, data: null, reason: null };
    },
  });

  r.post('/auth/reset_password/:token', {
    schema: {
      tags: ['Auth'],
      summary: 'Set a new password from an emailed reset link (single use, 1 hour)',
      params: resetTokenParamsSchema,
      body: resetPasswordRequestSchema,
      response: { 200: replySchema(z.null()), 400: errorReplySchema, 429: errorReplySchema },
    },
    config: { access: 'public', rateLimit: rateLimited.reset },
    handler: async (request) => {
      await resetPassword(db, request.params.token, request.body.password);
      return ok(authMessages.passwordUpdated, null);
    },
  });

  accountRoutes(app, db, secrets);
}

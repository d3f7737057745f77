import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  accountUpdateSchema,
  adminChangePasswordRequestSchema,
  authMessages,
  changePasswordRequestSchema,
  companyTwoFactorRequestSchema,
  lockUserRequestSchema,
  mobilePinRequestSchema,
  sessionUserSchema,
  totpConfirmRequestSchema,
  totpSetupSchema,
  twoFactorMethodRequestSchema,
  twoFactorStatusSchema,
  userIdParamsSchema,
  type TwoFactorStatus,
} from '@portal/contract/auth';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import { userSchema } from '@portal/contract/resources/users';
import type { Database, Executor } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { companiesToJoin, setTwoFactorRequired } from '../organisation/api.ts';
import {
  identitiesToJoin,
  identityOfUser,
  setPasswordHash,
  setUserLocked,
  updateIdentity,
  updateOwnProfile,
} from '../users/api.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { loadSignedInUser } from './session-user.ts';
import { revokeOtherSessions, revokeUserSessions } from '../users/api.ts';
import { loginKeys, recordFailure, throttleState } from './throttle.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import { beginTotpSetup, confirmTotpSetup, twoFactorMethodFor } from './two-factor.ts';
import { tenantScope } from '../../db/columns.ts';
import { assertMayActOn } from '../users/api.ts';

async function ownIdentity(db: Executor, ctx: RequestContext) {
  const identity = await identityOfUser(db, ctx.companyId, ctx.userId);
  if (!identity) throw AppError.sessionExpired(authMessages.sessionExpired);
  return identity;
}

/**
 * The user an admin acts on: in the caller's company (any company for super_admin), not deleted,
 * and the caller themselves or strictly below them (access/rank.ts). Another company's user is a 404.
 */
async function managedUser(db: Executor, ctx: RequestContext, userId: number) {
  const target = await assertMayActOn(db, ctx, userId);
  return { id: target.id, company_id: target.company_id, email: target.email };
}

/**
 * Checks the caller's own password for a sensitive change. Wrong guesses count against the same
 * limits as failed sign-ins, so a stolen session cannot be used to find the password.
 */
async function confirmOwnPassword(
  db: Database,
  ctx: RequestContext,
  ip: string,
  password: string,
  field: string,
  wrongMessage: string,
) {
  const identity = await ownIdentity(db, ctx);
  const keys = loginKeys(identity.email, ip);
  const gate = await throttleState(db, [keys.pair, keys.account]);
  const block = gate.blocked[0];
  if (block)
    throw new AppError(429, authMessages.tooManyLogins(Math.ceil(block.retryAfterSeconds / 60)));
  if (!(await verifyPassword(identity.password_hash, password))) {
    await recordFailure(db, [keys.pair, keys.account]);
    throw AppError.badRequest(wrongMessage, { [field]: [wrongMessage] });
  }
  return identity;
}

async function twoFactorStatus(db: Executor, ctx: RequestContext): Promise<TwoFactorStatus> {
  const identity = identitiesToJoin(db, ctx.companyId);
  const company = companiesToJoin(db);
  const [row] = await db
    .select({
      method: identity.two_factor_method,
      totp_secret: identity.totp_secret,
      required: company.two_factor_required,
    })
    .from(identity)
    .innerJoin(company, tenantScope(identity, company.id))
    .where(eq(identity.user_id, ctx.userId));
  if (!row) throw AppError.sessionExpired(authMessages.sessionExpired);
  const effective = twoFactorMethodFor(
    { two_factor_method: row.method, totp_secret: row.totp_secret },
    row.required,
  );
  const method = row.method === 'email' || row.method === 'totp' ? row.method : null;
  return { method, companyRequired: row.required, effective };
}

const errors = errorReplies(400, 403, 404, 429, 460);

/** Password, PIN, lock and two-factor settings: the signed-in user's own, or an admin's on a user. */
export function accountRoutes(app: FastifyInstance, db: Database, secrets: SecretBox) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/users/change-password', {
    schema: {
      tags: ['Users'],
      summary: 'Change your own password; your other sessions end',
      body: changePasswordRequestSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { current_password, new_password } = request.body;
      const identity = await confirmOwnPassword(
        db,
        ctx,
        request.ip,
        current_password,
        'current_password',
        authMessages.currentPasswordWrong,
      );
      if (current_password === new_password)
        throw AppError.badRequest(authMessages.passwordUnchanged, {
          new_password: [authMessages.passwordUnchanged],
        });
      await assertPasswordAllowed(new_password, 'new_password', identity.email);
      const passwordHash = await hashPassword(new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, ctx.companyId, ctx.userId, passwordHash);
        await revokeOtherSessions(tx, ctx.companyId, ctx.userId, ctx.sessionId);
        await recordSecurityEvent(tx, {
          kind: 'password_changed',
          companyId: ctx.companyId,
          userId: ctx.userId,
          email: identity.email,
          ip: request.ip,
        });
      });
      return ok(authMessages.passwordUpdated, null);
    },
  });

  r.post('/users/change-password-admin', {
    schema: {
      tags: ['Users'],
      summary: "Set a user's password as an admin; that user's sessions end",
      body: adminChangePasswordRequestSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_users' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const target = await managedUser(db, ctx, request.body.user_id);
      await assertPasswordAllowed(request.body.password, 'password', target.email);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, target.company_id, target.id, passwordHash);
        if (target.company_id === ctx.companyId && target.id === ctx.userId)
          await revokeOtherSessions(tx, ctx.companyId, ctx.userId, ctx.sessionId);
        else await revokeUserSessions(tx, target.company_id, target.id);
        await recordSecurityEvent(tx, {
          kind: 'password_changed',
          companyId: target.company_id,
          userId: target.id,
          actorId: ctx.userId,
          email: target.email,
          ip: request.ip,
        });
      });
      return ok(authMessages.passwordUpdated, null);
    },
  });

  r.patch('/users/mobile-pin-change/:user_id', {
    schema: {
      tags: ['Users'],
      summary: "Set the mobile PIN: your own, or a user's with write_users",
      params: userIdParamsSchema,
      body: mobilePinRequestSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const userId = request.params.user_id;
      let target = { company_id: ctx.companyId, id: ctx.userId };
      if (userId !== ctx.userId) {
        if (!hasPermission(ctx, 'write_users')) throw AppError.forbidden();
        target = await managedUser(db, ctx, userId);
      }
      await updateIdentity(db, target.company_id, target.id, {
        mobile_pin_hash: await hashPassword(request.body.mobile_pin),
      });
      return ok(authMessages.mobilePinUpdated, null);
    },
  });

  for (const [path, locked] of [
    ['/lock-user', true],
    ['/unlock-user', false],
  ] as const) {
    r.post(path, {
      schema: {
        tags: ['Users'],
        summary: locked
          ? 'Lock a user: sign-in is refused and every session of theirs ends'
          : 'Unlock a user',
        body: lockUserRequestSchema,
        response: { 200: replySchema(userSchema), ...errors },
      },
      config: { access: 'write_users' },
      handler: async (request) => {
        const ctx = callerOf(request);
        const target = await managedUser(db, ctx, request.body.user_id);
        if (locked && target.company_id === ctx.companyId && target.id === ctx.userId)
          throw AppError.badRequest(authMessages.cannotLockSelf);
        const row = await db.transaction(async (tx) => {
          const updated = await setUserLocked(tx, target.company_id, target.id, locked);
          if (locked) await revokeUserSessions(tx, target.company_id, target.id);
          return updated;
        });
        if (!row) throw AppError.notFound('User');
        return ok(locked ? authMessages.userLocked : authMessages.userUnlocked, row);
      },
    });
  }

  r.patch('/auth/me', {
    schema: {
      tags: ['Auth'],
      summary: 'Edit Account: your own name and photo',
      body: accountUpdateSchema,
      response: { 200: replySchema(sessionUserSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await updateOwnProfile(db, ctx.companyId, ctx.userId, request.body);
      const signedIn = await loadSignedInUser(db, ctx.companyId, ctx.userId);
      if (!signedIn) throw AppError.sessionExpired(authMessages.sessionExpired);
      return ok(authMessages.accountUpdated, signedIn.user);
    },
  });

  r.get('/auth/2factor', {
    schema: {
      tags: ['Auth'],
      summary: 'Your two-factor settings and whether your company requires it',
      response: { 200: replySchema(twoFactorStatusSchema), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await twoFactorStatus(db, callerOf(request))),
  });

  r.post('/auth/2factor/totp/setup', {
    schema: {
      tags: ['Auth'],
      summary: 'Start authenticator enrolment: a new secret and its QR code',
      response: { 200: replySchema(totpSetupSchema), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const identity = await ownIdentity(db, ctx);
      const setup = await beginTotpSetup(db, secrets, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        email: identity.email,
      });
      return ok('', setup);
    },
  });

  r.post('/auth/2factor/totp/confirm', {
    schema: {
      tags: ['Auth'],
      summary: 'Finish authenticator enrolment with a code from the app',
      body: totpConfirmRequestSchema,
      response: { 200: replySchema(twoFactorStatusSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await confirmTotpSetup(
        db,
        secrets,
        { companyId: ctx.companyId, userId: ctx.userId },
        request.body.code,
      );
      return ok(authMessages.twoFactorEnabled, await twoFactorStatus(db, ctx));
    },
  });

  r.post('/auth/2factor/method', {
    schema: {
      tags: ['Auth'],
      summary: 'Use mailed codes, or turn your own second factor off (needs your password)',
      body: twoFactorMethodRequestSchema,
      response: { 200: replySchema(twoFactorStatusSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { method, password } = request.body;
      await confirmOwnPassword(
        db,
        ctx,
        request.ip,
        password,
        'password',
        authMessages.passwordWrong,
      );
      await updateIdentity(
        db,
        ctx.companyId,
        ctx.userId,
        method === 'email'
          ? { two_factor_method: 'email', totp_secret: null, totp_pending_secret: null }
          : { two_factor_method: null, totp_secret: null, totp_pending_secret: null },
      );
      return ok(
        method === 'email' ? authMessages.twoFactorEnabled : authMessages.twoFactorDisabled,
        await twoFactorStatus(db, ctx),
      );
    },
  });

  r.put('/auth/2factor/company', {
    schema: {
      tags: ['Auth'],
      summary: 'Require a second factor of every user of your company',
      body: companyTwoFactorRequestSchema,
      response: { 200: replySchema(twoFactorStatusSchema), ...errors },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await setTwoFactorRequired(db, ctx.companyId, request.body.required);
      return ok(authMessages.twoFactorCompanyUpdated, await twoFactorStatus(db, ctx));
    },
  });
}

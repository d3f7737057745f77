import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  authMessages,
  loginFailureSchema,
  loginRequestSchema,
  loginResponseSchema,
  sessionUserSchema,
  type LoginResponse,
} from '@portal/contract/auth';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';
import { userIdentities } from '../users/schema.ts';
import { verifyPassword } from './passwords.ts';
import { loadSignedInUser } from './session-user.ts';
import { openSession, revokeSession } from './sessions.ts';

export interface AuthOptions {
  sessionTtlHours: number;
}

export function authRoutes(app: FastifyInstance, db: Database, options: AuthOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/login', {
    schema: {
      tags: ['Auth'],
      summary: 'Sign in with email and password',
      body: loginRequestSchema,
      response: {
        200: loginResponseSchema,
        400: errorReplySchema,
        401: loginFailureSchema,
        429: errorReplySchema,
      },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const [identity] = await db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.email, email));
      const passwordOk = await verifyPassword(identity?.password_hash, password);
      const signedIn =
        identity && passwordOk
          ? await loadSignedInUser(db, identity.company_id, identity.user_id)
          : null;
      if (!signedIn || !signedIn.active) {
        const reason = signedIn ? authMessages.accountDisabled : authMessages.badCredentials;
        return reply.status(401).send({ success: false, message: reason, data: null, reason });
      }
      const token = await openSession(db, {
        companyId: signedIn.user.company_id,
        userId: signedIn.user.id,
        ttlHours: options.sessionTtlHours,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const response: LoginResponse = {
        success: true,
        message: authMessages.loginOk,
        user: signedIn.user,
        token,
        sidebarItems: signedIn.user.sidebarItems,
        theme_color: signedIn.company.theme_color,
        geolocation_restriction_required: false,
        clock_in: false,
        scheduleId: null,
        breakPopUpShow: false,
        timezone: signedIn.company.timezone,
        timeout_limit: signedIn.company.timeout_limit,
        isB2BUser: signedIn.isB2BUser,
        showAutoClockoutTimeCards: false,
        dealer_id: signedIn.user.dealer_id,
        vendor_id: signedIn.user.vendor_id,
        faceAuthPending: false,
        faceAuthError: null,
        twoFactor: false,
        loginStatus: 'success',
        HomeScreen: signedIn.homeScreen,
        reason: null,
      };
      return response;
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
}

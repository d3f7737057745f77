import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailboxQuerySchema, mailMessageSchema } from '@portal/contract/auth';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import type { Config } from '../../config.ts';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';
import { mailOutbox } from './schema.ts';

/**
 * The dev mailbox: the outbox's newest messages, for a developer following a password reset or a
 * two-factor sign-in on the embedded default. Reset links and codes take accounts over, so only a
 * signed-in super admin reads it, and it exists only while mail has no SMTP server, outside
 * production, and (unless DEV_MAILBOX=true) while the server listens on loopback only (config.ts).
 */
export function mailRoutes(app: FastifyInstance, db: Database, config: Config) {
  if (!config.devMailbox) return;
  app.log.warn('dev mailbox on at /dev/mailbox (no SMTP_URL), for signed-in super admins');
  app.withTypeProvider<ZodTypeProvider>().get('/dev/mailbox', {
    schema: {
      tags: ['Dev'],
      summary:
        'Mail written to the outbox, newest first (super admins; only without SMTP_URL, not in production, on loopback unless DEV_MAILBOX=true)',
      querystring: mailboxQuerySchema,
      response: {
        200: replySchema(z.array(mailMessageSchema)),
        400: errorReplySchema,
        403: errorReplySchema,
      },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      if (!isSuperAdmin(callerOf(request))) throw AppError.forbidden();
      const { to, limit } = request.query;
      const rows = await db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          created_at: mailOutbox.created_at,
        })
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      return ok('', rows);
    },
  });
}

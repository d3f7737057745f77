import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailboxQuerySchema, mailMessageSchema } from '@portal/contract/auth';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/database.ts';
import { ok } from '../../platform/reply.ts';
import { mailOutbox } from './schema.ts';

/**
 * The dev mailbox: the outbox's newest messages, for a newcomer finishing a password reset or a
 * two-factor sign-in on the embedded default. It shows reset links to anyone who can reach the
 * server, so it exists only while mail has no SMTP server and NODE_ENV is not production.
 */
export function mailRoutes(app: FastifyInstance, db: Database, config: Config) {
  if (!config.devMailbox) return;
  app.log.warn('dev mailbox on at /dev/mailbox (no SMTP_URL): do not expose this server publicly');
  app.withTypeProvider<ZodTypeProvider>().get('/dev/mailbox', {
    schema: {
      tags: ['Dev'],
      summary:
        'Mail written to the outbox, newest first (only without SMTP_URL, not in production)',
      querystring: mailboxQuerySchema,
      response: { 200: replySchema(z.array(mailMessageSchema)), 400: errorReplySchema },
    },
    config: { access: 'public' },
    handler: async (request) => {
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

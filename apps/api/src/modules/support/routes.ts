import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import {
  SUPPORT_TICKET_SUBMIT_PATH,
  supportTicketSchema,
  supportTicketSubmitSchema,
  supportTickets,
} from '@portal/contract/resources/support';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { ok } from '../../platform/reply.ts';
import { supportTicketService } from './services.ts';

export function supportRoutes(app: FastifyInstance, db: Database) {
  // The Get Support modal is for every signed-in user, so sending a ticket needs no permission;
  // reading, changing and deleting tickets stay behind read_/write_support_tickets.
  app.withTypeProvider<ZodTypeProvider>().post(SUPPORT_TICKET_SUBMIT_PATH, {
    schema: {
      tags: ['Support Tickets'],
      summary: 'Send a support ticket as the signed-in user',
      body: supportTicketSubmitSchema,
      response: {
        200: replySchema(supportTicketSchema),
        400: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        supportTickets.messages.created,
        supportTicketSchema.parse(
          await supportTicketService.create(db, callerOf(request), request.body),
        ),
      ),
  });
}

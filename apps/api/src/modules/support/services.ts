import { and, count, eq } from 'drizzle-orm';
import {
  supportTicketTypes as supportTicketTypeResource,
  supportTickets as supportTicketResource,
} from '@portal/contract/resources/support';
import { AppError } from '../../platform/errors.ts';
import { notify } from '../notifications/api.ts';
import { openTicket } from '../tickets/api.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { storeRelation } from '../organisation/api.ts';
import { emailsOf } from '../users/api.ts';
import { supportTicketTypes, supportTickets } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export const supportTicketTypeService = createResourceService({
  definition: supportTicketTypeResource,
  table: supportTicketTypes,
  tenantColumn: 'company_id',
  hooks: {
    /** Tickets keep their type: a type in use is not deleted. */
    async beforeRemove(row, _ctx, tx) {
      const [used] = await tx
        .select({ total: count() })
        .from(supportTickets)
        .where(
          and(
            tenantScope(supportTickets, Number(row.company_id)),
            eq(supportTickets.type_id, row.id),
          ),
        );
      if (Number(used?.total ?? 0) > 0)
        throw AppError.conflict('This ticket type has tickets and cannot be deleted');
    },
  },
});

export const supportTicketService = createResourceService({
  definition: supportTicketResource,
  table: supportTickets,
  tenantColumn: 'company_id',
  relations: {
    type: { table: supportTicketTypes, definition: supportTicketTypeResource, column: 'type_id' },
    store: storeRelation(),
  },
  hooks: {
    /** The sender is the caller; the email defaults to theirs (SPEC.md: the logged-in user's). */
    async beforeCreate(input, ctx, tx) {
      let email = input.email;
      if (!email) {
        const mine = (await emailsOf(tx, ctx.companyId, [ctx.userId])).get(ctx.userId);
        if (mine === undefined) throw AppError.notFound('User');
        email = mine;
      }
      return { ...input, email, user_id: ctx.userId, status: 'open' };
    },
    /** Every support ticket lands in the ticket center once, with the route it was sent from. */
    async afterWrite(row, _input, _ctx, tx) {
      const companyId = Number(row.company_id);
      const [type] = await tx
        .select({ title: supportTicketTypes.title })
        .from(supportTicketTypes)
        .where(
          and(
            tenantScope(supportTicketTypes, companyId),
            eq(supportTicketTypes.id, Number(row.type_id)),
          ),
        );
      await openTicket(tx, companyId, {
        subject: `Support: ${type?.title ?? 'ticket'}`,
        detail: String(row.detail),
        source: 'support',
        sentFromRoute: typeof row.sent_from_route === 'string' ? row.sent_from_route : null,
        requesterId: typeof row.user_id === 'number' ? row.user_id : null,
        requesterEmail: String(row.email),
        storeId: typeof row.store_id === 'number' ? row.store_id : null,
        supportTicketId: Number(row.id),
      });
    },
    /** The sender hears when someone else closes or reopens their ticket. */
    async beforeUpdate(input, existing, ctx, tx) {
      const senderId = existing.user_id === null ? null : Number(existing.user_id);
      if (input.status && input.status !== existing.status && senderId && senderId !== ctx.userId)
        await notify(tx, ctx.companyId, {
          kind: 'support.ticket_updated',
          userIds: [senderId],
          title: input.status === 'closed' ? 'Support ticket closed' : 'Support ticket reopened',
          body: `Your support ticket #${existing.id} is ${input.status}.`,
          link: null,
        });
      return input;
    },
  },
});

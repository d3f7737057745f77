// The tickets module's entry for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { and, eq } from 'drizzle-orm';
import type { TicketSource } from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { tickets } from './schema.ts';
import { recordEvent } from './sla.ts';

/**
 * Opens a ticket in the ticket center for work that arrived elsewhere (a Get Support ticket, a
 * contact-form message), once per support ticket: the id of the ticket that has it.
 */
export async function openTicket(
  tx: Executor,
  companyId: number,
  ticket: {
    subject: string;
    detail: string;
    source: TicketSource;
    sentFromRoute: string | null;
    requesterId: number | null;
    requesterEmail: string | null;
    storeId: number | null;
    supportTicketId: number | null;
  },
): Promise<number> {
  if (ticket.supportTicketId !== null) {
    const [existing] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(tenantScope(tickets, companyId), eq(tickets.support_ticket_id, ticket.supportTicketId)),
      );
    if (existing) return existing.id;
  }
  const [row] = await tx
    .insert(tickets)
    .values({
      company_id: companyId,
      subject: ticket.subject.slice(0, 200),
      detail: ticket.detail,
      source: ticket.source,
      sent_from_route: ticket.sentFromRoute,
      requester_id: ticket.requesterId,
      requester_email: ticket.requesterEmail,
      store_id: ticket.storeId,
      support_ticket_id: ticket.supportTicketId,
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error('ticket not stored');
  await recordEvent(tx, companyId, row.id, { kind: 'created', actorId: ticket.requesterId });
  return row.id;
}

// The tickets module's entry for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { and, eq } from 'drizzle-orm';
import type { TicketSource } from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { tickets, ticketTypes } from './schema.ts';
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
    /** its type (`ticketTypeNamed`) and a district it is assigned to, for tickets other modules open */
    typeId?: number | null;
    districtId?: number | null;
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
      type_id: ticket.typeId ?? null,
      district_id: ticket.districtId ?? null,
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error('ticket not stored');
  await recordEvent(tx, companyId, row.id, { kind: 'created', actorId: ticket.requesterId });
  return row.id;
}

/**
 * The id of the company's ticket type of this name, made on first use (a late order, a receipt
 * discrepancy): the type a module's tickets carry, which the company may then edit like any other.
 */
export async function ticketTypeNamed(
  tx: Executor,
  companyId: number,
  name: string,
  description: string,
): Promise<number> {
  const find = async () =>
    (
      await tx
        .select({ id: ticketTypes.id })
        .from(ticketTypes)
        .where(and(tenantScope(ticketTypes, companyId), eq(ticketTypes.name, name)))
    )[0]?.id;
  const found = await find();
  if (found !== undefined) return found;
  await tx
    .insert(ticketTypes)
    .values({ company_id: companyId, name, description })
    .onConflictDoNothing();
  const made = await find();
  if (made === undefined) throw new Error(`ticket type ${name} not stored`);
  return made;
}

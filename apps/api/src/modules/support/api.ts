// The support module's entry for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { asc } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { openTicket } from '../tickets/api.ts';
import { supportTicketTypes, supportTickets } from './schema.ts';

/**
 * Opens a support ticket for someone outside the session (a contact-form visitor): the company's
 * first ticket type (SPEC.md: the default type is the first), landing in the ticket center too.
 * Null when the company has no type.
 */
export async function openSupportTicket(
  tx: Executor,
  companyId: number,
  ticket: { email: string; detail: string; sentFromRoute: string; userId?: number | null },
): Promise<number | null> {
  const [type] = await tx
    .select({ id: supportTicketTypes.id })
    .from(supportTicketTypes)
    .where(tenantScope(supportTicketTypes, companyId))
    .orderBy(asc(supportTicketTypes.id))
    .limit(1);
  if (!type) return null;
  const [row] = await tx
    .insert(supportTickets)
    .values({
      company_id: companyId,
      type_id: type.id,
      user_id: ticket.userId ?? null,
      detail: ticket.detail,
      email: ticket.email,
      sent_from_route: ticket.sentFromRoute,
    })
    .returning({ id: supportTickets.id });
  if (!row) return null;
  await openTicket(tx, companyId, {
    subject: `Contact us: ${ticket.email}`,
    detail: ticket.detail,
    source: 'contact',
    sentFromRoute: ticket.sentFromRoute,
    requesterId: ticket.userId ?? null,
    requesterEmail: ticket.email,
    storeId: null,
    supportTicketId: row.id,
  });
  return row.id;
}

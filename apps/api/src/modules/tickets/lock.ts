import { and, eq } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tickets } from './schema.ts';

/** The ticket, locked for a comment's or a file's transaction (404 when not the company's). */
export async function lockTicket(tx: Tx, companyId: number, ticketId: number) {
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(tenantScope(tickets, companyId), eq(tickets.id, ticketId)))
    .for('update');
  if (!ticket) throw AppError.notFound('Ticket');
  return ticket;
}

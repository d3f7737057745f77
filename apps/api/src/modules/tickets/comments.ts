import { and, asc, eq } from 'drizzle-orm';
import { ticketMessages, type TicketComment } from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ticketChanged } from './events.ts';
import { notify } from '../notifications/api.ts';
import { ticketComments, tickets } from './schema.ts';
import { recordEvent } from './sla.ts';

type CommentRow = typeof ticketComments.$inferSelect;
export const commentOut = (row: CommentRow): TicketComment => ({
  id: row.id,
  ticket_id: row.ticket_id,
  author_id: row.author_id,
  author_name: row.author_name,
  from_public_link: row.from_public_link,
  body: row.body,
  created_at: row.created_at,
});

/** A ticket's comments, oldest first. */
export async function commentsOf(db: Executor, companyId: number, ticketId: number) {
  const rows = await db
    .select()
    .from(ticketComments)
    .where(and(tenantScope(ticketComments, companyId), eq(ticketComments.ticket_id, ticketId)))
    .orderBy(asc(ticketComments.id));
  return rows.map(commentOut);
}

/** The ticket, locked for the comment's transaction (404 when not the company's). */
export async function lockTicket(tx: Tx, companyId: number, ticketId: number) {
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(tenantScope(tickets, companyId), eq(tickets.id, ticketId)))
    .for('update');
  if (!ticket) throw AppError.notFound('Ticket');
  return ticket;
}

/**
 * Adds a comment (409 on a closed ticket); the requester and the assignee hear of it, except the
 * one who wrote it.
 */
export async function addComment(
  tx: Tx,
  companyId: number,
  ticketId: number,
  comment: { authorId: number | null; authorName: string; body: string; fromPublicLink: boolean },
): Promise<TicketComment> {
  const ticket = await lockTicket(tx, companyId, ticketId);
  if (ticket.status === 'closed') throw AppError.conflict(ticketMessages.closedNoComments);
  const [row] = await tx
    .insert(ticketComments)
    .values({
      company_id: companyId,
      ticket_id: ticketId,
      author_id: comment.authorId,
      author_name: comment.authorName,
      from_public_link: comment.fromPublicLink,
      body: comment.body,
    })
    .returning();
  if (!row) throw new Error('comment not stored');
  // The SLA log: the requester's (or a visitor's) reply starts the next-response clock, staff's stop it.
  const fromRequester =
    comment.fromPublicLink ||
    (comment.authorId !== null && comment.authorId === ticket.requester_id);
  await recordEvent(tx, companyId, ticketId, {
    kind: fromRequester ? 'requester_reply' : 'staff_reply',
    actorId: comment.authorId,
  });
  const told = [ticket.requester_id, ticket.assignee_id].filter(
    (userId): userId is number => userId !== null && userId !== comment.authorId,
  );
  await notify(tx, companyId, {
    kind: 'ticket.comment',
    userIds: told,
    title: `New comment on ticket #${ticketId}`,
    body: `${comment.authorName}: ${comment.body}`.slice(0, 500),
    link: `/task-center/${ticketId}`,
  });
  await ticketChanged(tx, companyId, ticketId);
  return commentOut(row);
}

import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ticketMessages,
  type ticketAttachmentInputSchema,
  type TicketAttachment,
  type TicketComment,
} from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Uploads } from '../../platform/uploads.ts';
import { ticketChanged } from './events.ts';
import { notify } from '../notifications/api.ts';
import { attachmentsOf, storeAttachment } from './attachments.ts';
import { lockTicket } from './lock.ts';
import { ticketComments } from './schema.ts';
import { recordEvent } from './sla.ts';

type CommentRow = typeof ticketComments.$inferSelect;
const commentOut = (row: CommentRow, attachments: TicketAttachment[]): TicketComment => ({
  id: row.id,
  ticket_id: row.ticket_id,
  author_id: row.author_id,
  author_name: row.author_name,
  from_public_link: row.from_public_link,
  body: row.body,
  created_at: row.created_at,
  attachments,
});

/**
 * A ticket's comments, oldest first, each with the files that came with it; `link` makes each
 * file's address (the stored address for staff, a signed read link for a visitor).
 */
export async function commentsOf(
  db: Executor,
  companyId: number,
  ticketId: number,
  link: (key: string) => string,
) {
  const rows = await db
    .select()
    .from(ticketComments)
    .where(and(tenantScope(ticketComments, companyId), eq(ticketComments.ticket_id, ticketId)))
    .orderBy(asc(ticketComments.id));
  const files = new Map<number, TicketAttachment[]>();
  for (const file of await attachmentsOf(db, companyId, ticketId, link))
    if (file.comment_id !== null)
      files.set(file.comment_id, [...(files.get(file.comment_id) ?? []), file]);
  return rows.map((row) => commentOut(row, files.get(row.id) ?? []));
}

/**
 * Adds a comment (409 on a closed ticket) with the files uploaded for it (`files`: keys of the
 * ticket's signed uploads, a 400 and nothing written for a key not uploaded); the requester and
 * the assignee hear of it, except the one who wrote it.
 */
export async function addComment(
  tx: Tx,
  companyId: number,
  ticketId: number,
  comment: { authorId: number | null; authorName: string; body: string; fromPublicLink: boolean },
  files?: { uploads: Uploads; keys: z.output<typeof ticketAttachmentInputSchema>[] },
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
  const attachments: TicketAttachment[] = [];
  for (const key of files?.keys ?? [])
    if (files)
      attachments.push(
        await storeAttachment(tx, files.uploads, companyId, ticketId, key, {
          userId: comment.authorId,
          userName: comment.authorName,
          commentId: row.id,
        }),
      );
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
  return commentOut(row, attachments);
}

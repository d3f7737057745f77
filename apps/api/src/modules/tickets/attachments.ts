import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  ticketAttachmentInputSchema,
  ticketAttachmentSchema,
  ticketMessages,
  type TicketAttachment,
} from '@portal/contract/resources/tickets';
import type { Permission } from '@portal/contract/permissions';
import type { UploadFolder } from '@portal/contract/uploads';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ticketChanged } from './events.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { queueFileDeletion, signUploadRoute, type Uploads } from '../../platform/uploads.ts';
import { namesOf } from '../users/api.ts';
import { lockTicket } from './lock.ts';
import { ticketAttachments } from './schema.ts';

/** Where ticket files are uploaded (10 MB; documents, sheets and images). */
export const ATTACHMENTS_FOLDER: UploadFolder = 'ticket-attachments';

type AttachmentRow = typeof ticketAttachments.$inferSelect;

/**
 * A ticket's files, oldest first. `link` makes each file's address: the stored address for staff
 * (the API signs their company's addresses in every reply), a signed read link for a visitor.
 */
export async function attachmentsOf(
  db: Executor,
  companyId: number,
  ticketId: number,
  link: (key: string) => string,
): Promise<TicketAttachment[]> {
  const rows = await db
    .select()
    .from(ticketAttachments)
    .where(
      and(tenantScope(ticketAttachments, companyId), eq(ticketAttachments.ticket_id, ticketId)),
    )
    .orderBy(asc(ticketAttachments.id));
  return rows.map((row) => attachmentOut(row, link));
}

const attachmentOut = (row: AttachmentRow, link: (key: string) => string): TicketAttachment => ({
  id: row.id,
  ticket_id: row.ticket_id,
  comment_id: row.comment_id,
  file_name: row.file_name,
  content_type: row.content_type,
  size: row.size,
  file_url: link(row.file_key),
  uploaded_by_name: row.uploaded_by_name,
  created_at: row.created_at,
});

/** Queues the files of the ticket for deletion (the ticket's delete; rows go by the cascade). */
export async function queueTicketFiles(tx: Tx, companyId: number, ticketId: number) {
  const rows = await tx
    .select({ key: ticketAttachments.file_key })
    .from(ticketAttachments)
    .where(
      and(tenantScope(ticketAttachments, companyId), eq(ticketAttachments.ticket_id, ticketId)),
    );
  await queueFileDeletion(
    tx,
    rows.map((row) => row.key),
  );
}

const changed = ticketChanged;

/** Who a file comes from, and the comment it comes with (null: the ticket itself). */
export interface FileSource {
  userId: number | null;
  userName: string;
  commentId: number | null;
}

/**
 * Stores an uploaded file of the ticket (locked and open, the caller's transaction): the key must
 * be one the company's ticket-attachments folder holds and not attached yet; otherwise a 400 (and
 * the caller's transaction writes nothing). Answers the file with a `link`ed address.
 */
export async function storeAttachment(
  tx: Tx,
  uploads: Uploads,
  companyId: number,
  ticketId: number,
  input: z.output<typeof ticketAttachmentInputSchema>,
  source: FileSource,
  link: (key: string) => string = uploads.fileUrl,
): Promise<TicketAttachment> {
  const notUploaded = () =>
    AppError.badRequest(ticketMessages.attachmentNotUploaded, {
      key: [ticketMessages.attachmentNotUploaded],
    });
  if (!input.key.startsWith(`${companyId}/${ATTACHMENTS_FOLDER}/`)) throw notUploaded();
  const file = await uploads.open(input.key).catch(() => {
    throw notUploaded();
  });
  const [row] = await tx
    .insert(ticketAttachments)
    .values({
      company_id: companyId,
      ticket_id: ticketId,
      comment_id: source.commentId,
      file_key: input.key,
      file_name: input.file_name,
      content_type: file.contentType,
      size: file.size,
      uploaded_by: source.userId,
      uploaded_by_name: source.userName,
    })
    .onConflictDoNothing()
    .returning();
  // A key already attached (to this or another ticket) is not a new upload.
  if (!row) throw notUploaded();
  return attachmentOut(row, link);
}

/** Attaches an uploaded file to the ticket itself (409 once closed; 400 for a key not uploaded). */
async function attach(
  tx: Tx,
  uploads: Uploads,
  ctx: RequestContext,
  ticketId: number,
  input: z.output<typeof ticketAttachmentInputSchema>,
): Promise<TicketAttachment> {
  const ticket = await lockTicket(tx, ctx.companyId, ticketId);
  if (ticket.status === 'closed') throw AppError.conflict(ticketMessages.closedNoAttachments);
  const names = await namesOf(tx, ctx.companyId, [ctx.userId]);
  const attachment = await storeAttachment(tx, uploads, ctx.companyId, ticketId, input, {
    userId: ctx.userId,
    userName: names.get(ctx.userId) ?? 'Staff',
    commentId: null,
  });
  await changed(tx, ctx.companyId, ticketId);
  return attachment;
}

/** Removes a file from the ticket; the file itself goes once the delete has committed. */
async function detach(tx: Tx, ctx: RequestContext, ticketId: number, attachmentId: number) {
  await lockTicket(tx, ctx.companyId, ticketId);
  const [row] = await tx
    .delete(ticketAttachments)
    .where(
      and(
        tenantScope(ticketAttachments, ctx.companyId),
        eq(ticketAttachments.ticket_id, ticketId),
        eq(ticketAttachments.id, attachmentId),
      ),
    )
    .returning();
  if (!row) throw AppError.notFound('File');
  await queueFileDeletion(tx, [row.file_key]);
  await changed(tx, ctx.companyId, ticketId);
}

const ticketParams = z.object({ id: z.coerce.number().int().positive() });
const attachmentParams = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

/**
 * A ticket's files under `<base>/:id/attachments`: sign an upload, attach it, list, remove. The
 * ticket center and the external ticket center mount the same routes with their own access and
 * their own check that the ticket is the caller's to see (`assertMay`: 404 otherwise).
 */
export function attachmentRoutes(
  app: FastifyInstance,
  db: Database,
  uploads: Uploads,
  options: {
    base: string;
    tags: string[];
    read: Permission;
    write: Permission;
    assertMay: (ctx: RequestContext, ticketId: number) => Promise<unknown>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, assertMay } = options;
  // The sign route's params arrive already parsed (ids as numbers).
  const ticketOfRequest = (request: FastifyRequest) => ticketParams.parse(request.params).id;

  signUploadRoute(app, uploads, {
    path: `${base}/:id/attachments/sign`,
    tags,
    summary: 'Sign an upload URL for a file of the ticket',
    params: idParamsSchema,
    access: options.write,
    folder: ATTACHMENTS_FOLDER,
    check: (request, ctx) => assertMay(ctx, ticketOfRequest(request)),
  });

  r.get(`${base}/:id/attachments`, {
    schema: {
      tags,
      summary: 'A ticket’s files, oldest first (each with a short-lived read link)',
      params: idParamsSchema,
      response: {
        200: replySchema(listDataSchema(ticketAttachmentSchema)),
        ...errorReplies(403, 404),
      },
    },
    config: { access: options.read },
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertMay(ctx, request.params.id);
      const results = await attachmentsOf(db, ctx.companyId, request.params.id, uploads.fileUrl);
      return ok('', { results, total: results.length });
    },
  });

  r.post(`${base}/:id/attachments`, {
    schema: {
      tags,
      summary: 'Attach an uploaded file to the ticket (409 once it is closed)',
      params: idParamsSchema,
      body: ticketAttachmentInputSchema,
      response: { 200: replySchema(ticketAttachmentSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: options.write },
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertMay(ctx, request.params.id);
      const attachment = await db.transaction((tx) =>
        attach(tx, uploads, ctx, request.params.id, request.body),
      );
      return ok(ticketMessages.attachmentAdded, attachment);
    },
  });

  r.delete(`${base}/:id/attachments/:attachmentId`, {
    schema: {
      tags,
      summary: 'Remove a file from the ticket',
      params: attachmentParams,
      response: { 200: replySchema(z.null()), ...errorReplies(403, 404) },
    },
    config: { access: options.write },
    handler: async (request) => {
      const ctx = callerOf(request);
      await assertMay(ctx, request.params.id);
      await db.transaction((tx) => detach(tx, ctx, request.params.id, request.params.attachmentId));
      return ok(ticketMessages.attachmentRemoved, null);
    },
  });
}

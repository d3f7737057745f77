import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  discrepancyComments as commentResource,
  discrepancyCommentSchema,
  discrepancyTicketSchema,
  publicDiscrepancyCommentInput,
  publicDiscrepancySchema,
  purchasingMessages as messages,
  receiptDiscrepancies as discrepancyResource,
  supplierLinkInput,
  supplierLinkSchema,
  type PublicDiscrepancy,
} from '@portal/contract/resources/purchasing';
import { callerOf } from '../../platform/access.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { definePublicLinkHandler, type ResolvedLink } from '../../platform/public-links.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { asCompany } from '../../platform/tenant-connection.ts';
import { tenantScope } from '../../db/columns.ts';
import { productNamesOf } from '../catalog/api.ts';
import { companyNameOf } from '../organisation/api.ts';
import { openTicket, ticketTypeNamed } from '../tickets/api.ts';
import { namesOf } from '../users/api.ts';
import {
  discrepancyComments,
  purchaseOrderReceiptLines,
  purchaseOrderReceipts,
  purchaseOrders,
  receiptDiscrepancies,
  suppliers,
} from './schema.ts';

/** Links handed to a supplier name this resource and action: read the discrepancy and comment. */
export const DISCREPANCY_LINK = { resource: 'receipt_discrepancies', action: 'comment' } as const;
/** The web page a supplier opens (SPEC.md /public/purchase-order/receipt/discrepancy/{id}). */
export const publicPagePath = (id: number, token: string) =>
  `/public/purchase-order/receipt/discrepancy/${id}?token=${encodeURIComponent(token)}`;

async function discrepancyOf(db: Executor, companyId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(receiptDiscrepancies)
    .where(and(tenantScope(receiptDiscrepancies, companyId), eq(receiptDiscrepancies.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * A discrepancy is made from one receipt line with short or rejected units: the line gives the
 * receipt, order, supplier, product and quantities (never the payload); one per line.
 */
export const discrepancyService = createResourceService({
  definition: discrepancyResource,
  table: receiptDiscrepancies,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const [line] = await tx
        .select({
          id: purchaseOrderReceiptLines.id,
          receipt_id: purchaseOrderReceiptLines.receipt_id,
          product_id: purchaseOrderReceiptLines.product_id,
          short_quantity: purchaseOrderReceiptLines.short_quantity,
          rejected_quantity: purchaseOrderReceiptLines.rejected_quantity,
          purchase_order_id: purchaseOrderReceipts.purchase_order_id,
          supplier_id: purchaseOrderReceipts.supplier_id,
        })
        .from(purchaseOrderReceiptLines)
        .innerJoin(
          purchaseOrderReceipts,
          and(
            tenantScope(purchaseOrderReceipts, purchaseOrderReceiptLines.company_id),
            eq(purchaseOrderReceipts.id, purchaseOrderReceiptLines.receipt_id),
          ),
        )
        .where(
          and(
            tenantScope(purchaseOrderReceiptLines, ctx.companyId),
            eq(purchaseOrderReceiptLines.id, input.receipt_line_id),
          ),
        );
      if (!line)
        throw AppError.badRequest('Receipt line not found', {
          receipt_line_id: ['Receipt line not found'],
        });
      if (!line.short_quantity && !line.rejected_quantity)
        throw AppError.badRequest('This receipt line has nothing short or rejected', {
          receipt_line_id: ['This receipt line has nothing short or rejected'],
        });
      const [taken] = await tx
        .select({ id: receiptDiscrepancies.id })
        .from(receiptDiscrepancies)
        .where(
          and(
            tenantScope(receiptDiscrepancies, ctx.companyId),
            eq(receiptDiscrepancies.receipt_line_id, line.id),
          ),
        );
      if (taken)
        throw AppError.conflict(`This receipt line already has discrepancy #${taken.id}`, {
          id: taken.id,
        });
      return {
        receipt_line_id: line.id,
        receipt_id: line.receipt_id,
        purchase_order_id: line.purchase_order_id,
        supplier_id: line.supplier_id,
        product_id: line.product_id,
        short_quantity: line.short_quantity,
        rejected_quantity: line.rejected_quantity,
        description: input.description ?? null,
        resolution: input.resolution ?? null,
        created_by: ctx.userId,
      };
    },
  },
  routes: (app, db) => {
    supplierLinkRoute(app, db);
    discrepancyTicketRoute(app, db);
  },
});

/** The comment's author: signed-in staff by name, the supplier by the name they give. */
async function insertComment(
  tx: Tx,
  companyId: number,
  discrepancyId: number,
  comment: { body: string; author_id: number | null; author_name: string; from_supplier: boolean },
) {
  const discrepancy = await discrepancyOf(tx, companyId, discrepancyId, true);
  if (!discrepancy) return null;
  if (discrepancy.status !== 'open') throw AppError.conflict(messages.discrepancyClosed);
  const [row] = await tx
    .insert(discrepancyComments)
    .values({ company_id: companyId, discrepancy_id: discrepancyId, ...comment })
    .returning();
  return row ?? null;
}

/** Staff comments (signed in): on an open discrepancy of the company; only the author edits. */
export const commentService = createResourceService({
  definition: commentResource,
  table: discrepancyComments,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const discrepancy = await discrepancyOf(tx, ctx.companyId, input.discrepancy_id, true);
      if (!discrepancy)
        throw AppError.badRequest('Discrepancy not found', {
          discrepancy_id: ['Discrepancy not found'],
        });
      if (discrepancy.status !== 'open') throw AppError.conflict(messages.discrepancyClosed);
      const names = await namesOf(tx, ctx.companyId, [ctx.userId]);
      return {
        discrepancy_id: discrepancy.id,
        body: input.body,
        author_id: ctx.userId,
        author_name: names.get(ctx.userId) ?? 'Staff',
        from_supplier: false,
      };
    },
    authorize: async (operation, { row }, ctx, tx) => {
      if (operation === 'create' || !row) return;
      if (row.author_id !== ctx.userId)
        throw AppError.forbidden('Only its author can change or delete a comment');
      const discrepancy = await discrepancyOf(tx, ctx.companyId, Number(row.discrepancy_id));
      if (discrepancy?.status !== 'open') throw AppError.conflict(messages.discrepancyClosed);
    },
  },
});

/** What the supplier sees: the discrepancy, the order's reference, the line's reason, comments. */
async function publicView(db: Executor, link: ResolvedLink): Promise<PublicDiscrepancy> {
  return asCompany(link.companyId, async () => {
    const companyId = link.companyId;
    const row = await discrepancyOf(db, companyId, link.recordId);
    if (!row) throw AppError.notFound('Discrepancy');
    const [order] = await db
      .select({ reference: purchaseOrders.reference })
      .from(purchaseOrders)
      .where(
        and(tenantScope(purchaseOrders, companyId), eq(purchaseOrders.id, row.purchase_order_id)),
      );
    const [supplier] = await db
      .select({ name: suppliers.name })
      .from(suppliers)
      .where(and(tenantScope(suppliers, companyId), eq(suppliers.id, row.supplier_id)));
    const [line] = await db
      .select({ reason: purchaseOrderReceiptLines.reason })
      .from(purchaseOrderReceiptLines)
      .where(
        and(
          tenantScope(purchaseOrderReceiptLines, companyId),
          eq(purchaseOrderReceiptLines.id, row.receipt_line_id),
        ),
      );
    const products = await productNamesOf(db, companyId, [row.product_id]);
    const comments = await db
      .select()
      .from(discrepancyComments)
      .where(
        and(
          tenantScope(discrepancyComments, companyId),
          eq(discrepancyComments.discrepancy_id, row.id),
        ),
      )
      .orderBy(asc(discrepancyComments.id));
    return {
      id: row.id,
      company_name: await companyNameOf(db, companyId),
      supplier_name: supplier?.name ?? null,
      purchase_order_id: row.purchase_order_id,
      purchase_order_reference: order?.reference ?? null,
      product_name: products.get(row.product_id) ?? null,
      short_quantity: row.short_quantity,
      rejected_quantity: row.rejected_quantity,
      reason: line?.reason ?? null,
      description: row.description,
      status: row.status === 'closed' ? 'closed' : 'open',
      created_at: row.created_at,
      comments: comments.map((comment) => ({
        id: comment.id,
        discrepancy_id: comment.discrepancy_id,
        body: comment.body,
        author_name: comment.author_name,
        from_supplier: comment.from_supplier,
        created_at: comment.created_at,
      })),
    };
  });
}

/** The supplier's comment through the link, in the link's transaction (409 once closed). */
async function supplierComment(
  tx: Tx,
  link: ResolvedLink,
  body: { name: string; body: string },
): Promise<Record<string, unknown>> {
  const row = await insertComment(tx, link.companyId, link.recordId, {
    body: body.body,
    author_id: null,
    author_name: body.name,
    from_supplier: true,
  });
  if (!row) throw AppError.notFound('Discrepancy');
  const { author_id: _staff, company_id: _company, updated_at: _updated, ...visible } = row;
  return visible;
}

/** The platform handler: staff list and revoke a discrepancy's links at /public-links too. */
export const discrepancyLinkHandler = definePublicLinkHandler({
  ...DISCREPANCY_LINK,
  manage: 'write_receipt_discrepancies',
  async exists(db, companyId, recordId) {
    return Boolean(await discrepancyOf(db, companyId, recordId));
  },
  view: publicView,
  body: publicDiscrepancyCommentInput.pick({ name: true, body: true }),
  act: (tx, link, body) => supplierComment(tx, link, body),
});

/** POST {discrepancies}/{id}/supplier-link: a secure link to send the supplier (token shown once). */
function supplierLinkRoute(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().post(`${discrepancyResource.path}/:id/supplier-link`, {
    schema: {
      tags: [discrepancyResource.label.many],
      summary: 'Make a secure link for the supplier to read and answer this discrepancy',
      params: idParamsSchema,
      body: supplierLinkInput,
      response: { 200: replySchema(supplierLinkSchema), ...errorReplies(400, 403, 404) },
    },
    config: { access: 'write_receipt_discrepancies' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const discrepancy = await discrepancyOf(db, ctx.companyId, request.params.id);
      if (!discrepancy) throw AppError.notFound('Discrepancy');
      const link = await app.publicLinks.createPublicLink({
        ctx,
        resource: DISCREPANCY_LINK.resource,
        recordId: discrepancy.id,
        action: DISCREPANCY_LINK.action,
        expiresAt: new Date(Date.now() + request.body.expires_in_days * 24 * 3600_000),
      });
      return ok(messages.linkCreated, {
        link_id: link.id,
        token: link.token,
        url_path: publicPagePath(discrepancy.id, link.token),
        expires_at: link.expires_at,
      });
    },
  });
}

/** The ticket type discrepancies' tickets carry (made on first use in each company). */
export const DISCREPANCY_TICKET_TYPE = 'Receipt discrepancy';
/** The staff screen of a discrepancy, the ticket's link back. */
const discrepancyPagePath = (id: number) => `/inventory/purchase-order/receipt/discrepancy/${id}`;

/**
 * Opens the discrepancy's ticket (issue 18 item 5), once: in one transaction with the discrepancy
 * locked, a ticket of the type "Receipt discrepancy" whose "sent from" is the discrepancy's page,
 * and its id kept on the discrepancy. A second attempt is a 409 naming the ticket.
 */
async function openDiscrepancyTicket(
  tx: Tx,
  ctx: { companyId: number; userId: number },
  id: number,
) {
  const discrepancy = await discrepancyOf(tx, ctx.companyId, id, true);
  if (!discrepancy) throw AppError.notFound('Discrepancy');
  if (discrepancy.ticket_id !== null)
    throw AppError.conflict(messages.ticketExists(discrepancy.ticket_id), {
      ticket_id: discrepancy.ticket_id,
    });
  const [order] = await tx
    .select({ reference: purchaseOrders.reference })
    .from(purchaseOrders)
    .where(
      and(
        tenantScope(purchaseOrders, ctx.companyId),
        eq(purchaseOrders.id, discrepancy.purchase_order_id),
      ),
    );
  const [supplier] = await tx
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(and(tenantScope(suppliers, ctx.companyId), eq(suppliers.id, discrepancy.supplier_id)));
  const product =
    (await productNamesOf(tx, ctx.companyId, [discrepancy.product_id])).get(
      discrepancy.product_id,
    ) ?? `Product #${discrepancy.product_id}`;
  const orderName = order?.reference ?? `#${discrepancy.purchase_order_id}`;
  const page = discrepancyPagePath(discrepancy.id);
  const ticketId = await openTicket(tx, ctx.companyId, {
    subject: `Receipt discrepancy #${discrepancy.id}: ${product} on purchase order ${orderName}`,
    detail: [
      `Purchase order ${orderName}${supplier ? ` from ${supplier.name}` : ''}: ${product}, ${discrepancy.short_quantity} short and ${discrepancy.rejected_quantity} rejected.`,
      discrepancy.description ?? '',
      `The discrepancy: ${page}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    source: 'internal',
    sentFromRoute: page,
    requesterId: ctx.userId,
    requesterEmail: null,
    storeId: null,
    supportTicketId: null,
    typeId: await ticketTypeNamed(
      tx,
      ctx.companyId,
      DISCREPANCY_TICKET_TYPE,
      'A short or rejected receipt line taken up as a ticket (Open ticket on the discrepancy)',
    ),
  });
  await tx
    .update(receiptDiscrepancies)
    .set({ ticket_id: ticketId })
    .where(
      and(
        tenantScope(receiptDiscrepancies, ctx.companyId),
        eq(receiptDiscrepancies.id, discrepancy.id),
      ),
    );
  return ticketId;
}

/** POST {discrepancies}/{id}/ticket: "Open ticket" (once; 409 with the ticket's id after). */
function discrepancyTicketRoute(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().post(`${discrepancyResource.path}/:id/ticket`, {
    schema: {
      tags: [discrepancyResource.label.many],
      summary: 'Open a ticket for this discrepancy (once)',
      params: idParamsSchema,
      response: { 200: replySchema(discrepancyTicketSchema), ...errorReplies(403, 404, 409) },
    },
    config: { access: 'write_receipt_discrepancies' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const ticketId = await db.transaction((tx) =>
        openDiscrepancyTicket(tx, ctx, request.params.id),
      );
      return ok(messages.ticketOpened, { ticket_id: ticketId });
    },
  });
}

const visitorOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
const token = z.string().min(1, 'token is required').max(200);
const publicTags = ['Public receipt discrepancies'];
const publicErrors = errorReplies(400, 403, 404, 409, 410);
const publicComment = discrepancyCommentSchema.omit({ author_id: true, company_id: true });

/**
 * SPEC.md's public discrepancy routes, through the discrepancy's secure link only: a token for
 * another discrepancy, tampered or unknown: 404; revoked: 403; expired: 410. Read and comment.
 */
export function publicDiscrepancyRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = app.publicLinks;
  const open = (request: FastifyRequest, value: string, id: number) =>
    links.open(value, DISCREPANCY_LINK.action, visitorOf(request), {
      resource: DISCREPANCY_LINK.resource,
      recordId: id,
    });

  r.get('/public/receipt-discrepancy/:discrepancyId', {
    schema: {
      tags: publicTags,
      summary: 'A receipt discrepancy seen by the supplier through its link',
      params: z.object({ discrepancyId: z.coerce.number().int().positive() }),
      querystring: z.object({ token }),
      response: { 200: replySchema(publicDiscrepancySchema), ...publicErrors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const link = await open(request, request.query.token, request.params.discrepancyId);
      return ok('', await publicView(db, link));
    },
  });

  r.get('/public-discrepancy-comments', {
    schema: {
      tags: publicTags,
      summary: 'A discrepancy’s comments, through its link',
      querystring: z.object({ discrepancy_id: z.coerce.number().int().positive(), token }),
      response: { 200: replySchema(listDataSchema(publicComment)), ...publicErrors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const link = await open(request, request.query.token, request.query.discrepancy_id);
      const { comments } = await publicView(db, link);
      return ok('', { results: comments, total: comments.length });
    },
  });

  r.post('/public-discrepancy-comments', {
    schema: {
      tags: publicTags,
      summary: 'The supplier comments on a discrepancy through its link',
      body: publicDiscrepancyCommentInput,
      response: { 200: replySchema(publicComment), ...publicErrors },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const { discrepancy_id: id, token: value, name, body } = request.body;
      const comment = await links.act(
        value,
        DISCREPANCY_LINK.action,
        visitorOf(request),
        (tx, link) => supplierComment(tx, link, { name, body }),
        { resource: DISCREPANCY_LINK.resource, recordId: id },
      );
      return ok(messages.commentAdded, publicComment.parse(comment));
    },
  });
}

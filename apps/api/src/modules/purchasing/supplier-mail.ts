import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  purchaseOrderEmailSchema,
  purchaseOrderStatusMachine,
  purchasingMessages as messages,
  sendableStatuses,
  sendToSupplierInput,
  type PurchaseOrderEmail,
  type PurchaseOrderStatus,
} from '@portal/contract/resources/purchasing';
import { dollars } from '@portal/contract/resources/sales';
import type { Config } from '../../config.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import type { Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { createMailer } from '../mail/api.ts';
import { sendRecordedMail } from '../notifications/api.ts';
import { companyNameOf } from '../organisation/api.ts';
import { namesOf } from '../users/api.ts';
import { purchaseOrderEmails, purchaseOrders, suppliers } from './schema.ts';
import { purchaseOrderService } from './services.ts';

/**
 * "Send to supplier" (issue 19 item 3): the order mailed to the supplier's contact through the
 * mail module (SMTP or the outbox), each mail recorded here (to, subject, body, who, when, whether
 * it went), so the order's emails page does not depend on the mail module's own records. The
 * first successful mail of an approved order moves it to sent; sending again is a resend.
 */

const labelOf = (status: string) =>
  (purchaseOrderStatusMachine.labels[status as PurchaseOrderStatus] ?? status).toLowerCase();

/** The plain-text mail: who orders what, where to deliver, when, and the totals. */
export function purchaseOrderMail(
  order: Row,
  company: string,
  message: string | null | undefined,
): { subject: string; text: string } {
  const reference = typeof order.reference === 'string' && order.reference ? order.reference : null;
  const number = `PO-${order.id}`;
  const subject = `Purchase order ${number}${reference ? ` (${reference})` : ''} from ${company}`;
  const lines = Array.isArray(order.lines) ? (order.lines as Row[]) : [];
  const text = [
    `Purchase order ${number}${reference ? `, reference ${reference}` : ''}`,
    `From: ${company}`,
    `Deliver to: ${String(order.warehouse_name ?? `warehouse ${String(order.warehouse_id)}`)}`,
    order.expected_date ? `Expected by: ${String(order.expected_date)}` : null,
    message ? `\n${message}` : null,
    '',
    'Lines:',
    ...lines.map(
      (line, index) =>
        `${index + 1}. ${String(line.product_name ?? `Product ${String(line.product_id)}`)}: ` +
        `${Number(line.quantity)} × ${dollars(Number(line.unit_price_cents))} = ` +
        `${dollars(Number(line.total_cents))}` +
        (line.expected_date ? `, expected ${String(line.expected_date)}` : ''),
    ),
    '',
    `Subtotal: ${dollars(Number(order.subtotal_cents))}`,
    `Tax: ${dollars(Number(order.tax_cents))}`,
    `Total: ${dollars(Number(order.total_cents))}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
  return { subject, text };
}

/** The mails of one order, newest first (404 when the order is not the caller's). */
async function emailsOf(db: Executor, ctx: RequestContext, orderId: number) {
  const [order] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(tenantScope(purchaseOrders, ctx.companyId), eq(purchaseOrders.id, orderId)));
  if (!order) throw AppError.notFound('Purchase Order');
  const rows = await db
    .select({
      id: purchaseOrderEmails.id,
      purchase_order_id: purchaseOrderEmails.purchase_order_id,
      to: purchaseOrderEmails.to,
      subject: purchaseOrderEmails.subject,
      body: purchaseOrderEmails.body,
      status: purchaseOrderEmails.status,
      error: purchaseOrderEmails.error,
      sent_by: purchaseOrderEmails.sent_by,
      sent_at: purchaseOrderEmails.created_at,
    })
    .from(purchaseOrderEmails)
    .where(
      and(
        tenantScope(purchaseOrderEmails, ctx.companyId),
        eq(purchaseOrderEmails.purchase_order_id, orderId),
      ),
    )
    .orderBy(desc(purchaseOrderEmails.id));
  const names = await namesOf(
    db,
    ctx.companyId,
    rows.flatMap((row) => (row.sent_by === null ? [] : [row.sent_by])),
  );
  return rows.map((row): PurchaseOrderEmail => ({
    ...row,
    status: row.status === 'sent' ? 'sent' : 'failed',
    sent_by_name: row.sent_by === null ? null : (names.get(row.sent_by) ?? null),
  }));
}

export function supplierMailRoutes(app: FastifyInstance, db: Database, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mailer = createMailer(db, config, app.log);
  app.addHook('onClose', async () => mailer.close());

  r.post('/inventory-purchase-orders/:id/send-to-supplier', {
    schema: {
      tags: ['Purchase Orders'],
      summary: "Mail the purchase order to the supplier's contact (again: a resend)",
      description:
        "An approved (or already sent) order is mailed to the supplier's contact email; each mail is recorded (GET .../emails). The first mail of an approved order moves it to sent. No supplier email: 400; a mail the server refuses is recorded as failed and answers 502.",
      params: idParamsSchema,
      body: sendToSupplierInput,
      response: {
        200: replySchema(purchaseOrderEmailSchema),
        ...errorReplies(400, 403, 404, 409, 502),
      },
    },
    config: { access: 'write_purchase_orders' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const id = request.params.id;
      const order = await purchaseOrderService.get(db, ctx, id);
      const status = String(order.status);
      if (!(sendableStatuses as readonly string[]).includes(status))
        throw AppError.conflict(messages.notSendable(labelOf(status)));
      const [supplier] = await db
        .select({ contact_email: suppliers.contact_email })
        .from(suppliers)
        .where(
          and(tenantScope(suppliers, ctx.companyId), eq(suppliers.id, Number(order.supplier_id))),
        );
      const to = supplier?.contact_email?.trim();
      if (!to) throw AppError.badRequest(messages.noSupplierEmail);
      const company = await companyNameOf(db, ctx.companyId);
      const mail = purchaseOrderMail(order, company, request.body.message);
      let error: string | null = null;
      try {
        // In the company's delivery log (/mail-reports) too, naming the order it sent.
        await sendRecordedMail(
          db,
          mailer,
          { to, subject: mail.subject, text: mail.text, companyId: ctx.companyId },
          {
            userId: null,
            kind: 'purchase_order',
            subject: mail.subject,
            summary: mail.text,
            source: { type: 'purchase_order', id },
          },
        );
      } catch (cause) {
        error = cause instanceof Error ? cause.message.slice(0, 500) : 'The mail was refused';
        request.log.warn({ err: cause, purchaseOrderId: id }, 'purchase order mail failed');
      }
      // The record is kept whether or not the mail went: the emails page shows failures too.
      const [record] = await db
        .insert(purchaseOrderEmails)
        .values({
          company_id: ctx.companyId,
          purchase_order_id: id,
          to,
          subject: mail.subject,
          body: mail.text,
          status: error ? 'failed' : 'sent',
          error,
          sent_by: ctx.userId,
        })
        .returning({ id: purchaseOrderEmails.id });
      if (error) throw new AppError(502, messages.mailFailed);
      if (status === 'approved')
        await purchaseOrderService.transition(db, ctx, id, {
          to: 'sent',
          note: `Mailed to ${to}`,
        });
      const sent = (await emailsOf(db, ctx, id)).find((row) => row.id === record?.id);
      if (!sent) throw AppError.notFound('Email');
      return ok(messages.sentToSupplier(to), sent);
    },
  });

  r.get('/inventory-purchase-orders/:id/emails', {
    schema: {
      tags: ['Purchase Orders'],
      summary: 'The mails of a purchase order to its supplier, newest first',
      params: idParamsSchema,
      response: {
        200: replySchema(z.array(purchaseOrderEmailSchema)),
        ...errorReplies(403, 404),
      },
    },
    config: { access: 'read_purchase_orders' },
    handler: async (request) => ok('', await emailsOf(db, callerOf(request), request.params.id)),
  });
}

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { replySchema, type FieldErrors } from '@portal/contract/envelope';
import { invoiceMessages, quicksnapRequest } from '@portal/contract/resources/sale-invoices';
import { saleSchema } from '@portal/contract/resources/sales';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import type { Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { productIdsBySku } from '../catalog/api.ts';
import { customerService } from './customers.ts';
import { saleService } from './sales.ts';
import { customers } from './schema.ts';

type Body = z.output<typeof quicksnapRequest>;

/** A dry run's answer, carried out of the transaction it rolls back. */
class Preview extends Error {
  constructor(readonly sale: unknown) {
    super('preview');
  }
}

/** The customer of a quicksnap invoice: found by phone, or added with the name given. */
async function customerOf(tx: Tx, ctx: RequestContext, body: Body): Promise<number | null> {
  const phone = body.customer_phone ?? '';
  if (!phone) return null;
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(tenantScope(customers, ctx.companyId), eq(customers.phone, phone)));
  if (found) return found.id;
  const name = (body.customer_name ?? '').trim();
  if (!name)
    throw AppError.badRequest(invoiceMessages.customerNameNeeded, {
      customer_name: [invoiceMessages.customerNameNeeded],
    });
  const [first, ...rest] = name.split(/\s+/);
  const created = await customerService.create(tx, ctx, {
    first_name: first ?? name,
    last_name: rest.join(' ') || '-',
    phone,
    store_id: body.store_id,
  });
  return created.id;
}

/** The sale engine's field errors of a line's product named by the SKU the screen scanned. */
function bySku(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.errors) return error;
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(error.errors))
    errors[field.replace(/^lines\.(\d+)\.product_id$/, 'lines.$1.sku')] = list;
  return new AppError(error.statusCode, error.message, errors, error.data);
}

/**
 * /quicksnap-invoice in one step: the SKUs become the simple sale's lines, and the sale is rung up
 * and paid in full through the sale engine (its prices, taxes, stock and dependency checks) in one
 * transaction. A dry run answers the priced sale and saves nothing.
 */
async function quicksnap(db: Database, ctx: RequestContext, body: Body) {
  try {
    return await db.transaction(async (tx) => {
      const ids = await productIdsBySku(
        tx,
        ctx.companyId,
        body.lines.map((line) => line.sku),
      );
      const errors: FieldErrors = {};
      body.lines.forEach((line, index) => {
        if (!ids.has(line.sku))
          errors[`lines.${String(index)}.sku`] = [invoiceMessages.unknownSku(line.sku)];
      });
      const first = Object.values(errors)[0]?.[0];
      if (first) throw AppError.badRequest(first, errors);
      const customerId = await customerOf(tx, ctx, body);
      const named =
        !customerId && body.customer_name ? `Customer: ${body.customer_name.trim()}` : null;
      const note = [named, body.note].filter(Boolean).join('\n') || null;
      const sale: Row = await saleService.create(tx, ctx, {
        store_id: body.store_id,
        customer_id: customerId,
        note,
        lines: body.lines.map((line) => ({
          product_id: ids.get(line.sku) ?? 0,
          quantity: line.quantity,
          serial: line.serial || null,
        })),
      });
      if (body.dry_run) throw new Preview(await saleService.get(tx, ctx, sale.id));
      return saleService.runAction(tx, ctx, sale.id, 'complete', {
        payments: [{ method: body.payment_method, amount_cents: Number(sale.total_cents) }],
      });
    });
  } catch (error) {
    if (error instanceof Preview) return error.sale;
    throw bySku(error);
  }
}

export function quicksnapRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().post('/sales/quicksnap', {
    schema: {
      tags: ['Sales'],
      summary: 'Ring up and pay a sale by SKU in one step (quicksnap invoice)',
      description:
        "Lines by SKU (and a device's IMEI), an optional customer by phone (added with the name when new), paid in full by one method; the simple sale's engine prices, taxes and checks it. `dry_run` answers the priced sale without saving. Unknown SKUs are 400 on `lines.N.sku`.",
      body: quicksnapRequest,
      response: { 200: replySchema(saleSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_sales' },
    handler: async (request) => {
      const sale = await quicksnap(db, callerOf(request), request.body);
      return ok(request.body.dry_run ? '' : invoiceMessages.quicksnapDone, saleSchema.parse(sale));
    },
  });
}

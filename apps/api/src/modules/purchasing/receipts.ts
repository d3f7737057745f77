import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FieldErrors } from '@portal/contract/envelope';
import type { SerialRejection } from '@portal/contract/inventory';
import { replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  purchaseOrderReceipts as receiptResource,
  purchaseOrderStatusMachine,
  purchasingMessages as messages,
  receiptEditInput,
  receiptInput,
  receivableStatuses,
  type PurchaseOrderStatus,
} from '@portal/contract/resources/purchasing';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { productNamesOf, stockFactsOf } from '../catalog/api.ts';
import { receiveWarehouseUnits, unitPlace } from '../inventory/api.ts';
import { addCountedStock } from './api.ts';
import {
  purchaseOrderLines,
  purchaseOrderReceiptLines,
  purchaseOrderReceipts,
  purchaseOrders,
  suppliers,
} from './schema.ts';

/** Places where a unit is the company's stock (not sold, returned or written off). */
const heldKinds = new Set(['warehouse', 'store', 'in_transit']);

/** The largest amount an integer column holds. */
const MAX_CENTS = 2_147_483_647;

type ReceiptPayload = z.output<typeof receiptInput>;
type OrderLine = typeof purchaseOrderLines.$inferSelect;

/** What is still expected on an order line: ordered less accepted, rejected and short so far. */
export const outstandingOf = (line: OrderLine) =>
  line.quantity - line.received_quantity - line.rejected_quantity - line.short_quantity;

/**
 * Checks every receipt line against its order line before anything is written; all problems come
 * back at once as one 400, by field (`lines.2.reason`).
 */
function checkLines(
  input: ReceiptPayload,
  orderLines: Map<number, OrderLine>,
  serialised: Map<number, boolean>,
  tolerancePercent: number,
) {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const seenLines = new Set<number>();
  const seenSerials = new Map<string, string>();
  input.lines.forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const order = orderLines.get(line.purchase_order_line_id);
    if (!order) return add(at('purchase_order_line_id'), 'This line is not on the purchase order');
    if (seenLines.has(order.id))
      return add(at('purchase_order_line_id'), 'This line is received twice');
    seenLines.add(order.id);
    const arrived = line.accepted_quantity + line.rejected_quantity;
    if (arrived + line.short_quantity === 0)
      add(at('accepted_quantity'), 'Enter what arrived, was rejected or is short');
    const outstanding = outstandingOf(order);
    const allowance = Math.floor((order.quantity * tolerancePercent) / 100);
    const reason = line.reason?.trim() ?? '';
    if (arrived > outstanding + allowance && !reason)
      add(
        at('reason'),
        `${arrived} received where ${Math.max(outstanding, 0)} ${outstanding === 1 ? 'is' : 'are'} expected (tolerance ${tolerancePercent}%): give a reason`,
      );
    if (line.short_quantity > Math.max(outstanding - arrived, 0))
      add(
        at('short_quantity'),
        `At most ${Math.max(outstanding - arrived, 0)} can be short on this line`,
      );
    if ((line.rejected_quantity > 0 || line.short_quantity > 0) && !reason && !errors[at('reason')])
      add(at('reason'), 'Give a reason for rejected or short units');
    const hasSerials = serialised.get(order.product_id) ?? false;
    if (hasSerials && line.serials.length !== line.accepted_quantity)
      add(
        at('serials'),
        `Scan one serial per accepted unit: ${line.accepted_quantity} accepted, ${line.serials.length} scanned`,
      );
    if (hasSerials && line.rejected_serials.length !== line.rejected_quantity)
      add(
        at('rejected_serials'),
        `Scan one serial per rejected unit: ${line.rejected_quantity} rejected, ${line.rejected_serials.length} scanned`,
      );
    if (!hasSerials && line.serials.length)
      add(at('serials'), 'This product has no serials; leave them out');
    if (!hasSerials && line.rejected_serials.length)
      add(at('rejected_serials'), 'This product has no serials; leave them out');
    // One serial, one place: accepted or rejected, on one line only.
    for (const list of ['serials', 'rejected_serials'] as const)
      line[list].forEach((serial, position) => {
        const field = `${at(list)}.${position}`;
        if (seenSerials.has(serial)) add(field, `Serial ${serial} is listed twice`);
        seenSerials.set(serial, field);
      });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
}

/**
 * A rejected serial stays with the supplier: one the company already holds (in a warehouse, a
 * store or on its way) cannot also be in this delivery, so it is a 400 naming its field.
 */
async function assertRejectedOutOfStock(tx: Tx, companyId: number, input: ReceiptPayload) {
  const errors: FieldErrors = {};
  for (const [index, line] of input.lines.entries())
    for (const [position, serial] of line.rejected_serials.entries()) {
      const place = await unitPlace(tx, companyId, serial);
      if (place && heldKinds.has(place.kind))
        errors[`lines.${index}.rejected_serials.${position}`] = [
          `Serial ${serial} is already in stock`,
        ];
    }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
}

/**
 * The inventory module's serialRejections hook: each receipt line of the company that rejected
 * `serial` (the receipt, its purchase order, the product, the line's reason, when) goes into `found`.
 */
export async function addSerialRejections(
  db: Executor,
  companyId: number,
  serial: string,
  found: SerialRejection[],
) {
  const rows = await db
    .select({
      receipt_id: purchaseOrderReceipts.id,
      purchase_order_id: purchaseOrderReceipts.purchase_order_id,
      warehouse_id: purchaseOrderReceipts.warehouse_id,
      product_id: purchaseOrderReceiptLines.product_id,
      reason: purchaseOrderReceiptLines.reason,
      rejected_at: purchaseOrderReceipts.created_at,
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
        tenantScope(purchaseOrderReceiptLines, companyId),
        sql`${serial} = any(${purchaseOrderReceiptLines.rejected_serials})`,
      ),
    )
    .orderBy(asc(purchaseOrderReceipts.id));
  const names = await productNamesOf(
    db,
    companyId,
    rows.map((row) => row.product_id),
  );
  for (const row of rows) found.push({ ...row, product_name: names.get(row.product_id) ?? '' });
}

/** The order's status once its lines are what they are now: received when nothing is outstanding. */
const statusAfter = (lines: OrderLine[]): PurchaseOrderStatus =>
  lines.every((line) => outstandingOf(line) <= 0) ? 'received' : 'partially_received';

/**
 * Posts a receipt, all or nothing, in one transaction: the order and its lines are locked, every
 * line is checked (order line, arithmetic, tolerance, reasons, serials) before anything is
 * written; then the receipt and its lines, the order lines' running totals, the stock entering
 * the order's warehouse (serialised units as inventory items, other products as counted stock,
 * a movement each) and the order's status (partially received or received) with its history.
 */
export async function postReceipt(
  db: Database | Tx,
  ctx: RequestContext,
  input: ReceiptPayload,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(purchaseOrders)
      .where(
        and(
          tenantScope(purchaseOrders, ctx.companyId),
          eq(purchaseOrders.id, input.purchase_order_id),
        ),
      )
      .for('update');
    if (!order)
      throw AppError.badRequest('Purchase order not found', {
        purchase_order_id: ['Purchase order not found'],
      });
    const status = order.status as PurchaseOrderStatus;
    if (!receivableStatuses.includes(status))
      throw AppError.conflict(
        messages.notReceivable(purchaseOrderStatusMachine.labels[status] ?? status),
      );
    const lines = await tx
      .select()
      .from(purchaseOrderLines)
      .where(
        and(
          tenantScope(purchaseOrderLines, ctx.companyId),
          eq(purchaseOrderLines.purchase_order_id, order.id),
        ),
      )
      .orderBy(asc(purchaseOrderLines.id))
      .for('update');
    const byId = new Map(lines.map((line) => [line.id, line]));
    const [supplier] = await tx
      .select({ tolerance: suppliers.price_tolerance_percent })
      .from(suppliers)
      .where(and(tenantScope(suppliers, ctx.companyId), eq(suppliers.id, order.supplier_id)));
    const facts = await stockFactsOf(
      tx,
      ctx.companyId,
      lines.map((line) => line.product_id),
    );
    const serialised = new Map([...facts].map(([id, fact]) => [id, fact.is_serialized]));
    checkLines(input, byId, serialised, supplier?.tolerance ?? 0);
    await assertRejectedOutOfStock(tx, ctx.companyId, input);

    let subtotal = 0;
    const values = input.lines.map((line, index) => {
      const orderLine = byId.get(line.purchase_order_line_id);
      if (!orderLine) throw new Error('receipt line checked without its order line');
      const total = line.accepted_quantity * orderLine.unit_price_cents;
      subtotal += total;
      if (total > MAX_CENTS || subtotal > MAX_CENTS)
        throw AppError.badRequest('The receipt total is too large', {
          [`lines.${index}.accepted_quantity`]: ['The receipt total is too large'],
        });
      return { line, orderLine, total };
    });

    const [receipt] = await tx
      .insert(purchaseOrderReceipts)
      .values({
        company_id: ctx.companyId,
        purchase_order_id: order.id,
        supplier_id: order.supplier_id,
        warehouse_id: order.warehouse_id,
        note: input.note ?? null,
        subtotal_cents: subtotal,
        tax_cents: 0,
        total_cents: subtotal,
        received_by: ctx.userId,
      })
      .returning();
    if (!receipt) throw new Error('receipt not stored');
    await tx.insert(purchaseOrderReceiptLines).values(
      values.map(({ line, orderLine, total }) => ({
        company_id: ctx.companyId,
        receipt_id: receipt.id,
        purchase_order_line_id: orderLine.id,
        product_id: orderLine.product_id,
        quantity: line.accepted_quantity,
        rejected_quantity: line.rejected_quantity,
        short_quantity: line.short_quantity,
        reason: line.reason?.trim() || null,
        serials: line.serials,
        rejected_serials: line.rejected_serials,
        unit_price_cents: orderLine.unit_price_cents,
        tax_cents: 0,
        total_cents: total,
      })),
    );

    const reason = `Received on purchase order #${order.id} (receipt #${receipt.id})`;
    for (const [index, { line, orderLine }] of values.entries()) {
      const [updated] = await tx
        .update(purchaseOrderLines)
        .set({
          received_quantity: sql`${purchaseOrderLines.received_quantity} + ${line.accepted_quantity}`,
          rejected_quantity: sql`${purchaseOrderLines.rejected_quantity} + ${line.rejected_quantity}`,
          short_quantity: sql`${purchaseOrderLines.short_quantity} + ${line.short_quantity}`,
          updated_at: sql`now()`,
        })
        .where(
          and(
            tenantScope(purchaseOrderLines, ctx.companyId),
            eq(purchaseOrderLines.id, orderLine.id),
          ),
        )
        .returning();
      if (updated) byId.set(updated.id, updated);
      if (!line.accepted_quantity) continue;
      if (serialised.get(orderLine.product_id)) {
        await receiveWarehouseUnits(tx, ctx, {
          location_id: order.warehouse_id,
          product_id: orderLine.product_id,
          cost_cents: orderLine.unit_price_cents,
          serials: line.serials.map((serial, position) => ({
            serial,
            field: `lines.${index}.serials.${position}`,
          })),
          reason,
        });
      } else {
        await addCountedStock(tx, ctx, {
          location_id: order.warehouse_id,
          product_id: orderLine.product_id,
          quantity: line.accepted_quantity,
          reason,
          receipt_id: receipt.id,
        });
      }
    }

    const next = statusAfter([...byId.values()]);
    if (next !== status) {
      await tx
        .update(purchaseOrders)
        .set({ status: next, updated_at: sql`now()` })
        .where(and(tenantScope(purchaseOrders, ctx.companyId), eq(purchaseOrders.id, order.id)));
      await recordHistory(tx, ctx, {
        companyId: ctx.companyId,
        resource: 'purchase_orders',
        recordId: order.id,
        action: 'transition',
        from: status,
        to: next,
        note: `Receipt #${receipt.id}`,
      });
    }
    await recordHistory(tx, ctx, {
      companyId: ctx.companyId,
      resource: receiptResource.name,
      recordId: receipt.id,
      action: 'created',
      after: { purchase_order_id: order.id, total_cents: subtotal, lines: input.lines.length },
    });
    return receipt.id;
  });
}

type ReceiptEdit = z.output<typeof receiptEditInput>;
type PostedLine = typeof purchaseOrderReceiptLines.$inferSelect;

/** Whether a line of the edit repeats a figure other than what was posted (stock moved on it). */
function changesFigures(line: ReceiptEdit['lines'][number], posted: PostedLine) {
  const same = (a: string[] | undefined, b: string[]) =>
    a === undefined || (a.length === b.length && a.every((serial, i) => serial === b[i]));
  return (
    (line.accepted_quantity !== undefined && line.accepted_quantity !== posted.quantity) ||
    (line.rejected_quantity !== undefined && line.rejected_quantity !== posted.rejected_quantity) ||
    (line.short_quantity !== undefined && line.short_quantity !== posted.short_quantity) ||
    !same(line.serials, posted.serials) ||
    !same(line.rejected_serials, posted.rejected_serials)
  );
}

/**
 * Changes a posted receipt. Its units are in stock (and may be sold, paid for or disputed since),
 * so what may change is what documents it: the note and each line's reason. A line repeating
 * quantities or serials other than the posted ones is a 409, nothing written; a reason a line
 * needs (rejected or short units, or one given when posted) cannot be emptied (400 by field).
 */
export async function editReceipt(
  db: Database,
  ctx: RequestContext,
  id: number,
  input: ReceiptEdit,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [receipt] = await tx
      .select()
      .from(purchaseOrderReceipts)
      .where(
        and(tenantScope(purchaseOrderReceipts, ctx.companyId), eq(purchaseOrderReceipts.id, id)),
      )
      .for('update');
    if (!receipt) throw AppError.notFound('Receipt');
    const posted = await tx
      .select()
      .from(purchaseOrderReceiptLines)
      .where(
        and(
          tenantScope(purchaseOrderReceiptLines, ctx.companyId),
          eq(purchaseOrderReceiptLines.receipt_id, id),
        ),
      )
      .for('update');
    const byId = new Map(posted.map((line) => [line.id, line]));
    const errors: FieldErrors = {};
    const reasons = new Map<number, string | null>();
    for (const [index, line] of input.lines.entries()) {
      const at = `lines.${index}`;
      const was = byId.get(line.id);
      if (!was || reasons.has(line.id)) {
        errors[`${at}.id`] = [messages.receiptLineUnknown];
        continue;
      }
      if (changesFigures(line, was)) throw AppError.conflict(messages.receiptPosted);
      if (line.reason === undefined) continue;
      const reason = line.reason?.trim() || null;
      if (!reason && (was.rejected_quantity > 0 || was.short_quantity > 0))
        errors[`${at}.reason`] = ['Give a reason for rejected or short units'];
      else if (!reason && was.reason)
        errors[`${at}.reason`] = ['Keep a reason: it explains what was received on this line'];
      reasons.set(line.id, reason);
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw AppError.badRequest(first, errors);

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.note !== undefined && (input.note?.trim() || null) !== receipt.note) {
      before.note = receipt.note;
      after.note = input.note?.trim() || null;
      await tx
        .update(purchaseOrderReceipts)
        .set({ note: input.note?.trim() || null, updated_at: sql`now()` })
        .where(
          and(tenantScope(purchaseOrderReceipts, ctx.companyId), eq(purchaseOrderReceipts.id, id)),
        );
    }
    for (const [lineId, reason] of reasons) {
      const was = byId.get(lineId);
      if (!was || was.reason === reason) continue;
      before[`line ${lineId} reason`] = was.reason;
      after[`line ${lineId} reason`] = reason;
      await tx
        .update(purchaseOrderReceiptLines)
        .set({ reason, updated_at: sql`now()` })
        .where(
          and(
            tenantScope(purchaseOrderReceiptLines, ctx.companyId),
            eq(purchaseOrderReceiptLines.id, lineId),
          ),
        );
    }
    if (Object.keys(after).length)
      await recordHistory(tx, ctx, {
        companyId: ctx.companyId,
        resource: receiptResource.name,
        recordId: id,
        action: 'updated',
        before,
        after,
      });
  });
}

/** The receipt's own POST (it moves stock), beside the engine's list and get. */
function receiptRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().post(receiptResource.path, {
    schema: {
      tags: [receiptResource.label.many],
      summary: 'Receive goods against a purchase order',
      description:
        'Accepted, rejected and short units per order line, with a reason for rejected or short units and for receiving above the supplier’s tolerance; one serial per accepted unit of a serialised product. All or nothing: the accepted units enter the order’s warehouse and the order becomes partially received or received in the same transaction.',
      body: receiptInput,
      response: { 200: replySchema(receiptResource.row), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_purchase_order_receipts' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const id = await postReceipt(db, ctx, request.body);
      return ok(
        messages.receiptCreated,
        receiptResource.row.parse(await receiptService.get(db, ctx, id)),
      );
    },
  });
  app.withTypeProvider<ZodTypeProvider>().patch(`${receiptResource.path}/:id`, {
    schema: {
      tags: [receiptResource.label.many],
      summary: 'Change a posted receipt (note and reasons)',
      description:
        'A posted receipt’s stock has entered the warehouse: only its note and its lines’ reasons change. Lines are named by their receipt line id; quantities and serials may be repeated (the shared receive screen sends them) but must be the posted ones, else 409 with nothing written. A reason needed for rejected or short units, or given when posted, cannot be emptied (400).',
      params: idParamsSchema,
      body: receiptEditInput,
      response: { 200: replySchema(receiptResource.row), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_purchase_order_receipts' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await editReceipt(db, ctx, request.params.id, request.body);
      return ok(
        messages.receiptUpdated,
        receiptResource.row.parse(await receiptService.get(db, ctx, request.params.id)),
      );
    },
  });
}

/** Receipts are read through the engine (list, get with lines); written by postReceipt only. */
export const receiptService = createResourceService({
  definition: receiptResource,
  table: purchaseOrderReceipts,
  tenantColumn: 'company_id',
  lines: {
    table: purchaseOrderReceiptLines,
    parentColumn: 'receipt_id',
    // Never called (receipts are not written through the engine): a line keeps its order's cost.
    price: async (lines) =>
      lines.map((line) => ({ unit_price_cents: Number(line.unit_price_cents ?? 0) })),
  },
  routes: receiptRoutes,
});

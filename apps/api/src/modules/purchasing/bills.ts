import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  purchaseOrderStatusMachine,
  type PurchaseOrderStatus,
} from '@portal/contract/resources/purchasing';
import { dollars } from '@portal/contract/resources/sales';
import {
  supplierBillMessages as messages,
  supplierBills as supplierBillResource,
  supplierCreditInput,
} from '@portal/contract/resources/supplier-bills';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { namesOf } from '../users/api.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  supplierBillLines,
  supplierBills,
  supplierCredits,
  suppliers,
} from './schema.ts';

/**
 * The three-way match (issue 19 item 6). A supplier's bill against a purchase order is compared,
 * line by line, with the order (its unit cost) and the receipts (the units they accepted):
 * - quantity: what this bill and the order's earlier bills charge for a product may not exceed
 *   the units of it accepted so far;
 * - price: the billed unit price may not exceed the order's unit cost plus the supplier's price
 *   tolerance (percent).
 * A line over either gets its reasons and the bill is held for review; otherwise it is matched.
 * `allowed_cents` is what the match accepts: the accepted units not yet billed, at the order's cost
 * plus tolerance. A supplier credit releases a held bill once its total minus its credits is
 * within that. A held bill takes no payment (payments.ts).
 */

/** Order states a bill may be recorded against: sent to the supplier or later, not closed out. */
const billableStatuses: readonly PurchaseOrderStatus[] = [
  'approved',
  'sent',
  'partially_received',
  'received',
  'closed',
];

async function orderForBill(tx: Tx, companyId: number, orderId: number) {
  const [order] = await tx
    .select({
      status: purchaseOrders.status,
      supplier_id: purchaseOrders.supplier_id,
      tolerance: suppliers.price_tolerance_percent,
    })
    .from(purchaseOrders)
    .innerJoin(
      suppliers,
      tenantJoin(suppliers, purchaseOrders.company_id, purchaseOrders.supplier_id),
    )
    .where(and(tenantScope(purchaseOrders, companyId), eq(purchaseOrders.id, orderId)))
    // One bill at a time per order: the next one counts this one's quantities.
    .for('update', { of: purchaseOrders });
  if (!order)
    throw AppError.badRequest('Purchase Order not found', {
      purchase_order_id: ['Purchase Order not found'],
    });
  return order;
}

/** Matches a written bill's lines: stores each line's reasons, the bill's status and allowance. */
async function matchBill(tx: Tx, ctx: RequestContext, bill: Row) {
  const orderId = Number(bill.purchase_order_id);
  const order = await orderForBill(tx, ctx.companyId, orderId);
  const ordered = await tx
    .select({
      product_id: purchaseOrderLines.product_id,
      accepted: sql<number>`sum(${purchaseOrderLines.received_quantity})::int`,
      unit_cents: sql<number>`max(${purchaseOrderLines.unit_price_cents})::int`,
    })
    .from(purchaseOrderLines)
    .where(
      and(
        tenantScope(purchaseOrderLines, ctx.companyId),
        eq(purchaseOrderLines.purchase_order_id, orderId),
      ),
    )
    .groupBy(purchaseOrderLines.product_id);
  const onOrder = new Map(ordered.map((row) => [row.product_id, row]));
  // What the order's other bills already charge per product (held ones too: a duplicate bill
  // must not pass because the first is still under review).
  const earlier = await tx
    .select({
      product_id: supplierBillLines.product_id,
      quantity: sql<number>`sum(${supplierBillLines.quantity})::int`,
    })
    .from(supplierBillLines)
    .innerJoin(
      supplierBills,
      tenantJoin(supplierBills, supplierBillLines.company_id, supplierBillLines.supplier_bill_id),
    )
    .where(
      and(
        tenantScope(supplierBillLines, ctx.companyId),
        eq(supplierBills.purchase_order_id, orderId),
        ne(supplierBills.id, bill.id),
      ),
    )
    .groupBy(supplierBillLines.product_id);
  const billed = new Map(earlier.map((row) => [row.product_id, Number(row.quantity)]));
  const lines = await tx
    .select({
      id: supplierBillLines.id,
      product_id: supplierBillLines.product_id,
      quantity: supplierBillLines.quantity,
      unit_price_cents: supplierBillLines.unit_price_cents,
    })
    .from(supplierBillLines)
    .where(
      and(
        tenantScope(supplierBillLines, ctx.companyId),
        eq(supplierBillLines.supplier_bill_id, bill.id),
      ),
    )
    .orderBy(asc(supplierBillLines.id));

  const tolerance = order.tolerance;
  let allowed = 0;
  let held = false;
  for (const line of lines) {
    const reasons: string[] = [];
    const match = onOrder.get(line.product_id);
    if (!match) reasons.push(messages.notOnOrder);
    else {
      const before = billed.get(line.product_id) ?? 0;
      const left = Math.max(Number(match.accepted) - before, 0);
      billed.set(line.product_id, before + line.quantity);
      if (line.quantity > left) reasons.push(messages.overQuantity(line.quantity, left));
      const cost = Number(match.unit_cents);
      // Compared in whole cents × 100, so a tolerance never rounds a unit price in or out.
      const allowedUnit = Math.floor((cost * (100 + tolerance)) / 100);
      if (line.unit_price_cents * 100 > cost * (100 + tolerance))
        reasons.push(
          messages.overPrice(
            dollars(line.unit_price_cents),
            dollars(cost),
            tolerance,
            dollars(allowedUnit),
          ),
        );
      allowed += Math.min(line.quantity, left) * allowedUnit;
    }
    if (reasons.length) held = true;
    await tx
      .update(supplierBillLines)
      .set({ match_reasons: reasons })
      .where(and(tenantScope(supplierBillLines, ctx.companyId), eq(supplierBillLines.id, line.id)));
  }
  const status = held ? 'held' : 'matched';
  await tx
    .update(supplierBills)
    .set({ status, allowed_cents: allowed })
    .where(and(tenantScope(supplierBills, ctx.companyId), eq(supplierBills.id, bill.id)));
  bill.status = status;
  bill.allowed_cents = allowed;
}

/** The credits of these bills, oldest first, with who recorded them. */
async function creditsOf(db: Executor, companyId: number, billIds: number[]) {
  const byBill = new Map<number, Row[]>();
  if (!billIds.length) return byBill;
  const rows = await db
    .select({
      id: supplierCredits.id,
      supplier_bill_id: supplierCredits.supplier_bill_id,
      amount_cents: supplierCredits.amount_cents,
      reason: supplierCredits.reason,
      created_by: supplierCredits.created_by,
      created_at: supplierCredits.created_at,
    })
    .from(supplierCredits)
    .where(
      and(
        tenantScope(supplierCredits, companyId),
        inArray(supplierCredits.supplier_bill_id, billIds),
      ),
    )
    .orderBy(asc(supplierCredits.id));
  const names = await namesOf(
    db,
    companyId,
    rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])),
  );
  for (const row of rows) {
    const list = byBill.get(row.supplier_bill_id) ?? [];
    list.push({
      ...row,
      created_by_name: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    });
    byBill.set(row.supplier_bill_id, list);
  }
  return byBill;
}

/** What is credited against one bill so far. */
export async function creditedCents(db: Executor, companyId: number, billId: number) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${supplierCredits.amount_cents}), 0)` })
    .from(supplierCredits)
    .where(
      and(tenantScope(supplierCredits, companyId), eq(supplierCredits.supplier_bill_id, billId)),
    );
  return Number(row?.total ?? 0);
}

/** SPEC.md issue 19 item 6: supplier bills, matched when written; credits by the `credit` action. */
export const supplierBillService = createResourceService({
  definition: supplierBillResource,
  table: supplierBills,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const order = await orderForBill(tx, ctx.companyId, input.purchase_order_id);
      if (!(billableStatuses as readonly string[]).includes(order.status)) {
        const label =
          purchaseOrderStatusMachine.labels[order.status as PurchaseOrderStatus] ?? order.status;
        throw AppError.conflict(messages.notBillable(label.toLowerCase()));
      }
      const [taken] = await tx
        .select({ id: supplierBills.id })
        .from(supplierBills)
        .where(
          and(
            tenantScope(supplierBills, ctx.companyId),
            eq(supplierBills.supplier_id, order.supplier_id),
            eq(supplierBills.bill_number, input.bill_number),
          ),
        );
      if (taken) {
        const message = `This supplier's bill ${input.bill_number} is already recorded (bill #${taken.id})`;
        throw AppError.badRequest(message, { bill_number: [message] });
      }
      const { lines: _lines, ...values } = input;
      return { ...values, supplier_id: order.supplier_id, created_by: ctx.userId };
    },
    afterWrite: (row, _input, ctx, tx) => matchBill(tx, ctx, row),
    decorate: async (rows, ctx, db) => {
      const credits = await creditsOf(
        db,
        ctx.companyId,
        rows.map((row) => row.id),
      );
      for (const row of rows) {
        const list = credits.get(row.id) ?? [];
        const credited = list.reduce((sum, credit) => sum + Number(credit.amount_cents), 0);
        row.credits = list;
        row.credits_cents = credited;
        row.net_cents = Number(row.total_cents) - credited;
      }
    },
  },
  lines: {
    table: supplierBillLines,
    parentColumn: 'supplier_bill_id',
    // The supplier's billed price is the figure under review: taken as billed, never repriced.
    price: async (lines) =>
      lines.map((line) => ({ unit_price_cents: Number(line.unit_price_cents ?? 0) })),
  },
  actions: {
    /** A supplier credit: never more than what is left of the bill; may release a held bill. */
    credit: async (bill, input, { ctx, tx }) => {
      const credit = supplierCreditInput.parse(input);
      const total = Number(bill.total_cents);
      const before = await creditedCents(tx, ctx.companyId, bill.id);
      if (before + credit.amount_cents > total) {
        const message = messages.creditTooLarge(dollars(Math.max(total - before, 0)));
        throw AppError.badRequest(message, { amount_cents: [message] });
      }
      await tx.insert(supplierCredits).values({
        company_id: ctx.companyId,
        supplier_bill_id: bill.id,
        amount_cents: credit.amount_cents,
        reason: credit.reason,
        created_by: ctx.userId,
      });
      const net = total - before - credit.amount_cents;
      if (bill.status !== 'held' || net > Number(bill.allowed_cents)) return bill;
      const [released] = (await tx
        .update(supplierBills)
        .set({ status: 'released', updated_at: sql`now()` })
        .where(and(tenantScope(supplierBills, ctx.companyId), eq(supplierBills.id, bill.id)))
        .returning()) as Row[];
      return released ?? bill;
    },
  },
});

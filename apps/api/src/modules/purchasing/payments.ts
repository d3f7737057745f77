import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  purchaseOrderPayments as orderPaymentResource,
  purchasePaymentMessages as messages,
  receiptPayments as receiptPaymentResource,
  unpayableOrderStatuses,
} from '@portal/contract/resources/purchase-payments';
import {
  purchaseOrderStatusMachine,
  type PurchaseOrderStatus,
} from '@portal/contract/resources/purchasing';
import { dollars } from '@portal/contract/resources/sales';
import { supplierBillMessages as billMessages } from '@portal/contract/resources/supplier-bills';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import {
  purchaseOrderPayments,
  purchaseOrderReceipts,
  purchaseOrders,
  receiptPayments,
  supplierBills,
} from './schema.ts';
import { creditedCents } from './bills.ts';

/**
 * Payments to suppliers (issue 19 items 3 and 4). The invariants, kept where each payment is
 * written or changed: the payments against one receipt never add up to more than the value of the
 * units it accepted, and everything paid for one purchase order (its own payments and its
 * receipts' payments together) never exceeds the order's total. The order (then the receipt) is
 * locked FOR UPDATE before the sums are read, so two payments written at once wait for each other
 * and the second sees the first; an amount above what is left is a 400 naming that amount, with
 * nothing written.
 */

type PaymentTable = typeof purchaseOrderPayments | typeof receiptPayments;

/** What is already paid against one order (receipt), leaving out the payment being changed. */
async function paidSoFar(
  tx: Tx,
  companyId: number,
  table: PaymentTable,
  against: SQL,
  except?: number,
): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(sum(${table.amount_cents}), 0)` })
    .from(table)
    .where(and(tenantScope(table, companyId), against, except ? ne(table.id, except) : undefined));
  return Number(row?.paid ?? 0);
}

/**
 * Everything paid for one order: its own payments and its receipts' payments (one leaving out
 * the payment being changed, of the table it is in).
 */
async function paidOnOrder(
  tx: Tx,
  companyId: number,
  orderId: number,
  except?: { table: PaymentTable; id: number },
): Promise<number> {
  let paid = 0;
  for (const table of [purchaseOrderPayments, receiptPayments]) {
    const skip = except?.table === table ? except.id : undefined;
    paid += await paidSoFar(tx, companyId, table, eq(table.purchase_order_id, orderId), skip);
  }
  return paid;
}

/** Refuses an amount above what is left of the limit (400 on amount_cents, naming what is left). */
function assertWithin(limit: number, paid: number, amount: number, against: string) {
  if (paid + amount <= limit) return;
  const message = messages.overpaid(dollars(Math.max(limit - paid, 0)), against);
  throw AppError.badRequest(message, { amount_cents: [message] });
}

/** The purchase order, locked: its total and whether it takes payments now. */
async function lockOrder(tx: Tx, companyId: number, orderId: number) {
  const [order] = await tx
    .select({ status: purchaseOrders.status, total_cents: purchaseOrders.total_cents })
    .from(purchaseOrders)
    .where(and(tenantScope(purchaseOrders, companyId), eq(purchaseOrders.id, orderId)))
    .for('update');
  if (!order)
    throw AppError.badRequest('Purchase Order not found', {
      purchase_order_id: ['Purchase Order not found'],
    });
  return order;
}

/**
 * The receipt and its order, locked (the order first, as an order payment locks it): the
 * receipt's accepted value (accepted units × the order's unit cost) and the order's total.
 */
async function lockReceipt(tx: Tx, companyId: number, receiptId: number) {
  const [found] = await tx
    .select({ purchase_order_id: purchaseOrderReceipts.purchase_order_id })
    .from(purchaseOrderReceipts)
    .where(
      and(tenantScope(purchaseOrderReceipts, companyId), eq(purchaseOrderReceipts.id, receiptId)),
    );
  if (!found) throw AppError.badRequest('Receipt not found', { receipt_id: ['Receipt not found'] });
  const order = await lockOrder(tx, companyId, found.purchase_order_id);
  const [receipt] = await tx
    .select({
      purchase_order_id: purchaseOrderReceipts.purchase_order_id,
      accepted_cents: purchaseOrderReceipts.subtotal_cents,
    })
    .from(purchaseOrderReceipts)
    .where(
      and(tenantScope(purchaseOrderReceipts, companyId), eq(purchaseOrderReceipts.id, receiptId)),
    )
    .for('update');
  if (!receipt)
    throw AppError.badRequest('Receipt not found', { receipt_id: ['Receipt not found'] });
  return { ...receipt, order_total_cents: order.total_cents };
}

/** A draft, an order waiting for approval (it may go back to draft and change) or a canceled one. */
function assertPayable(status: string) {
  if (!(unpayableOrderStatuses as readonly string[]).includes(status)) return;
  const label = purchaseOrderStatusMachine.labels[status as PurchaseOrderStatus] ?? status;
  throw AppError.conflict(messages.notPayable(label.toLowerCase()));
}

/**
 * A payment of a supplier bill: the bill must be the order's, not held by the three-way match
 * (409), and the payments of it never exceed its total minus its credits.
 */
async function assertBillPayable(
  tx: Tx,
  companyId: number,
  orderId: number,
  billId: number,
  amount: number,
  except?: number,
) {
  const [bill] = await tx
    .select({
      purchase_order_id: supplierBills.purchase_order_id,
      status: supplierBills.status,
      total_cents: supplierBills.total_cents,
    })
    .from(supplierBills)
    .where(and(tenantScope(supplierBills, companyId), eq(supplierBills.id, billId)))
    .for('update');
  if (!bill)
    throw AppError.badRequest('Supplier Bill not found', {
      supplier_bill_id: ['Supplier Bill not found'],
    });
  if (bill.purchase_order_id !== orderId)
    throw AppError.badRequest(billMessages.otherOrder, {
      supplier_bill_id: [billMessages.otherOrder],
    });
  if (bill.status === 'held') throw AppError.conflict(billMessages.held);
  const against = eq(purchaseOrderPayments.supplier_bill_id, billId);
  const paid = await paidSoFar(tx, companyId, purchaseOrderPayments, against, except);
  const owed = bill.total_cents - (await creditedCents(tx, companyId, billId));
  assertWithin(owed, paid, amount, 'bill');
}

/** SPEC.md /inventory-purchase-order/payment: payments against a purchase order. */
export const purchaseOrderPaymentService = createResourceService({
  definition: orderPaymentResource,
  table: purchaseOrderPayments,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const order = await lockOrder(tx, ctx.companyId, input.purchase_order_id);
      assertPayable(order.status);
      const paid = await paidOnOrder(tx, ctx.companyId, input.purchase_order_id);
      assertWithin(order.total_cents, paid, input.amount_cents, 'purchase order');
      if (input.supplier_bill_id)
        await assertBillPayable(
          tx,
          ctx.companyId,
          input.purchase_order_id,
          input.supplier_bill_id,
          input.amount_cents,
        );
      return { ...input, recorded_by: ctx.userId };
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      if (input.amount_cents !== undefined && input.amount_cents > Number(existing.amount_cents)) {
        const orderId = Number(existing.purchase_order_id);
        const order = await lockOrder(tx, ctx.companyId, orderId);
        const paid = await paidOnOrder(tx, ctx.companyId, orderId, {
          table: purchaseOrderPayments,
          id: existing.id,
        });
        assertWithin(order.total_cents, paid, input.amount_cents, 'purchase order');
        if (typeof existing.supplier_bill_id === 'number')
          await assertBillPayable(
            tx,
            ctx.companyId,
            orderId,
            existing.supplier_bill_id,
            input.amount_cents,
            existing.id,
          );
      }
      return input;
    },
  },
});

/** SPEC.md /inventory-purchase-order/receipt/payment: payments against a receipt. */
export const receiptPaymentService = createResourceService({
  definition: receiptPaymentResource,
  table: receiptPayments,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const receipt = await lockReceipt(tx, ctx.companyId, input.receipt_id);
      const against = eq(receiptPayments.receipt_id, input.receipt_id);
      const paid = await paidSoFar(tx, ctx.companyId, receiptPayments, against);
      assertWithin(receipt.accepted_cents, paid, input.amount_cents, 'receipt');
      const paidOrder = await paidOnOrder(tx, ctx.companyId, receipt.purchase_order_id);
      assertWithin(receipt.order_total_cents, paidOrder, input.amount_cents, 'purchase order');
      return { ...input, purchase_order_id: receipt.purchase_order_id, recorded_by: ctx.userId };
    },
    beforeUpdate: async (input, existing: Row, ctx, tx) => {
      if (input.amount_cents !== undefined && input.amount_cents > Number(existing.amount_cents)) {
        const receiptId = Number(existing.receipt_id);
        const receipt = await lockReceipt(tx, ctx.companyId, receiptId);
        const against = eq(receiptPayments.receipt_id, receiptId);
        const paid = await paidSoFar(tx, ctx.companyId, receiptPayments, against, existing.id);
        assertWithin(receipt.accepted_cents, paid, input.amount_cents, 'receipt');
        const paidOrder = await paidOnOrder(tx, ctx.companyId, receipt.purchase_order_id, {
          table: receiptPayments,
          id: existing.id,
        });
        assertWithin(receipt.order_total_cents, paidOrder, input.amount_cents, 'purchase order');
      }
      return input;
    },
  },
});

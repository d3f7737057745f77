import { z } from 'zod';
import { defineResource, personReference, resourceMessages } from '../resource.ts';
import { cents, id, isoDateTime, optionalText } from '../fields.ts';
import { isoDate } from './purchasing.ts';

/**
 * What the company pays its suppliers (issue 19 items 3 and 4, SPEC.md
 * /inventory-purchase-order/payment and /inventory-purchase-order/receipt/payment): payments
 * against a purchase order (never more than its total) and against a receipt (never more than the
 * value of what it accepted). Amounts in integer cents.
 */

export const paymentMethods = ['bank_transfer', 'check', 'card', 'cash', 'other'] as const;
export const paymentMethod = z.enum(paymentMethods, { error: 'Choose how it was paid' });
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  check: 'Check',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};

/** A payment's amount: whole cents, more than zero. */
export const paymentAmount = z
  .number({ error: 'Enter the amount in cents' })
  .int('Use whole cents')
  .min(1, 'The amount must be more than zero')
  .max(1_000_000_000, 'The amount is too large');

/** Purchase order states that take no payment: not yet approved, or canceled. */
export const unpayableOrderStatuses = ['draft', 'pending_approval', 'canceled'] as const;

export const purchasePaymentMessages = {
  /** the amount left to pay, formatted ($12.34), and what is paid against ("purchase order") */
  overpaid: (left: string, against: string) =>
    left === '$0.00'
      ? `This ${against} is paid in full: nothing is left to pay`
      : `Only ${left} is left to pay on this ${against}`,
  notPayable: (status: string) => `This purchase order is ${status}; it takes no payment`,
} as const;

const paymentFields = {
  id,
  company_id: id,
  purchase_order_id: id,
  amount_cents: cents,
  paid_on: z.string(),
  method: paymentMethod,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** who recorded it */
  recorded_by: id.nullable(),
  recorded_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
};

const paymentEditable = {
  amount_cents: paymentAmount,
  paid_on: isoDate,
  method: paymentMethod,
  reference: optionalText(120),
  note: optionalText(1000),
};

const recordedBy = personReference('recorded_by_name');

const orderReference = {
  resource: 'purchase_orders',
  as: 'purchase_order_reference',
  labelFields: ['reference'],
} as const;

/** What both payment resources declare alike (all but what a payment is against). */
const paymentResourceCommon = {
  // The order or receipt a payment is against stays what it was.
  update: z.strictObject(paymentEditable).partial(),
  messages: resourceMessages('Payment', 'created'),
  deleteMode: 'remove',
  searchFields: ['reference', 'note'],
  defaultSort: '-id',
  history: true,
  references: {
    purchase_order_id: orderReference,
    recorded_by: recordedBy,
  },
} as const;
const paymentQueryFields = [
  'purchase_order_id',
  'amount_cents',
  'paid_on',
  'method',
  'recorded_by',
  'created_at',
] as const;

// ---------------------------------------------------------------------------------------------
// Payments against a purchase order

export const purchaseOrderPaymentSchema = z.object({
  ...paymentFields,
  purchase_order_reference: z.string().nullable(),
  /** the supplier bill it pays, if any (a bill held by the three-way match takes none) */
  supplier_bill_id: id.nullable(),
});
export type PurchaseOrderPayment = z.infer<typeof purchaseOrderPaymentSchema>;

const orderPaymentInput = z.strictObject({
  purchase_order_id: id,
  supplier_bill_id: id.nullable().optional(),
  ...paymentEditable,
});

/** SPEC.md /inventory-purchase-order/payment: the sum never exceeds the order's total. */
export const purchaseOrderPayments = defineResource({
  name: 'purchase_order_payments',
  path: '/inventory-purchase-order-payments',
  label: { one: 'Payment', many: 'Purchase Order Payments' },
  row: purchaseOrderPaymentSchema,
  create: orderPaymentInput,
  afterSave: '/inventory-purchase-order/payment',
  queryFields: ['id', ...paymentQueryFields],
  ...paymentResourceCommon,
});

// ---------------------------------------------------------------------------------------------
// Payments against a receipt

export const receiptPaymentSchema = z.object({
  ...paymentFields,
  receipt_id: id,
  /** the receipt's order (filled by the server) */
  purchase_order_id: id,
  purchase_order_reference: z.string().nullable(),
});
export type ReceiptPayment = z.infer<typeof receiptPaymentSchema>;

const receiptPaymentInput = z.strictObject({ receipt_id: id, ...paymentEditable });

/** SPEC.md /inventory-purchase-order/receipt/payment: never more than the accepted value. */
export const receiptPayments = defineResource({
  name: 'receipt_payments',
  path: '/inventory-purchase-order-receipt-payments',
  label: { one: 'Payment', many: 'Receipt Payments' },
  row: receiptPaymentSchema,
  create: receiptPaymentInput,
  afterSave: '/inventory-purchase-order/receipt/payment',
  queryFields: ['id', 'receipt_id', ...paymentQueryFields],
  ...paymentResourceCommon,
});

import { z } from 'zod';
import {
  allowedActionsField,
  defineResource,
  personReference,
  resourceMessages,
} from '../resource.ts';
import { cents, id, isoDateTime, optionalText } from '../fields.ts';
import { isoDate } from './purchasing.ts';

/**
 * The three-way match (issue 19 item 6): a supplier's bill against a purchase order is compared
 * with what the receipts accepted and with the order's unit cost plus the supplier's price
 * tolerance (percent). A bill above either is held for review, with the reasons per line; a
 * supplier credit releases it once the bill minus its credits is within what the match allows.
 * A held bill takes no payment.
 */

export const supplierBillStatuses = ['matched', 'held', 'released'] as const;
export const supplierBillStatus = z.enum(supplierBillStatuses);
export type SupplierBillStatus = z.infer<typeof supplierBillStatus>;
export const supplierBillStatusLabels: Record<SupplierBillStatus, string> = {
  matched: 'Matched',
  held: 'Held for review',
  released: 'Released by credit',
};

export const supplierBillLineSchema = z.object({
  id,
  supplier_bill_id: id,
  product_id: id,
  product_name: z.string().nullable(),
  quantity: z.number().int(),
  /** what the supplier bills a unit, in cents */
  unit_price_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  /** why the line did not match (empty when it did) */
  match_reasons: z.array(z.string()),
});
export type SupplierBillLine = z.infer<typeof supplierBillLineSchema>;

export const supplierBillLineInput = z.object({
  id: id.optional(),
  product_id: id,
  quantity: z
    .number({ error: 'Enter the quantity' })
    .int('Enter a whole quantity')
    .min(1, 'quantity must be at least 1')
    .max(100_000),
  unit_price_cents: z
    .number({ error: 'Enter the unit price in cents' })
    .int('Use whole cents')
    .min(0, 'The unit price cannot be negative')
    .max(100_000_000),
});

export const supplierCreditSchema = z.object({
  id,
  supplier_bill_id: id,
  amount_cents: cents,
  reason: z.string(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type SupplierCredit = z.infer<typeof supplierCreditSchema>;

export const supplierBillSchema = z.object({
  id,
  company_id: id,
  purchase_order_id: id,
  purchase_order_reference: z.string().nullable(),
  supplier_id: id,
  supplier_name: z.string().nullable(),
  /** the supplier's own invoice number */
  bill_number: z.string(),
  bill_date: z.string(),
  note: z.string().nullable(),
  status: supplierBillStatus,
  subtotal_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  /** the most the match allows: accepted, not yet billed units × the order's cost plus tolerance */
  allowed_cents: cents,
  /** the supplier's credits against it, and what is left to pay (total minus credits) */
  credits_cents: cents.optional(),
  net_cents: cents.optional(),
  credits: z.array(supplierCreditSchema).optional(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_actions: allowedActionsField,
  lines: z.array(supplierBillLineSchema).optional(),
});
export type SupplierBill = z.infer<typeof supplierBillSchema>;

const supplierBillInput = z.strictObject({
  purchase_order_id: id,
  bill_number: z
    .string({ error: "Enter the supplier's bill number" })
    .trim()
    .min(1, "Enter the supplier's bill number")
    .max(60),
  bill_date: isoDate,
  note: optionalText(1000),
  lines: z.array(supplierBillLineInput).min(1, 'Add at least one line').max(500),
});

export const supplierCreditInput = z.strictObject({
  amount_cents: z
    .number({ error: 'Enter the amount in cents' })
    .int('Use whole cents')
    .min(1, 'The amount must be more than zero')
    .max(1_000_000_000, 'The amount is too large'),
  reason: z
    .string({ error: 'Give the reason for the credit' })
    .trim()
    .min(1, 'Give the reason for the credit')
    .max(500),
});

export const supplierBillMessages = {
  notBillable: (status: string) => `This purchase order is ${status}; it takes no supplier bill`,
  notOnOrder: 'This product is not on the purchase order',
  overQuantity: (billed: number, left: number) =>
    `Billed ${billed} units; only ${left} accepted ${left === 1 ? 'unit is' : 'units are'} left to bill`,
  overPrice: (billed: string, ordered: string, tolerance: number, allowed: string) =>
    `Billed ${billed} a unit; the order's ${ordered} plus ${tolerance}% allows ${allowed}`,
  creditTooLarge: (left: string) => `Only ${left} of this bill is left to credit`,
  held: 'This bill is held for review: a supplier credit releases it',
  otherOrder: 'This bill is against another purchase order',
} as const;

/** Supplier bills against purchase orders (the three-way match); credits by the `credit` action. */
export const supplierBills = defineResource({
  name: 'supplier_bills',
  path: '/inventory-supplier-bills',
  label: { one: 'Supplier Bill', many: 'Supplier Bills' },
  operations: ['list', 'get', 'create'],
  row: supplierBillSchema,
  create: supplierBillInput,
  update: supplierBillInput.partial(),
  messages: resourceMessages('Supplier bill', 'created'),
  afterSave: '/inventory/supplier-bills',
  deleteMode: 'remove',
  searchFields: ['bill_number', 'note'],
  queryFields: [
    'id',
    'purchase_order_id',
    'supplier_id',
    'bill_number',
    'bill_date',
    'status',
    'total_cents',
    'created_at',
  ],
  defaultSort: '-id',
  history: true,
  actions: {
    credit: {
      label: 'Record supplier credit',
      body: supplierCreditInput,
      messages: { done: 'Supplier credit recorded', failed: 'Supplier credit not recorded' },
    },
  },
  lines: {
    label: { one: 'Line', many: 'Lines' },
    row: supplierBillLineSchema,
    input: supplierBillLineInput,
    references: { product_id: { resource: 'products', as: 'product_name' } },
  },
  references: {
    purchase_order_id: {
      resource: 'purchase_orders',
      as: 'purchase_order_reference',
      labelFields: ['reference'],
    },
    supplier_id: { resource: 'suppliers', as: 'supplier_name' },
    created_by: personReference('created_by_name'),
  },
});

import { z } from 'zod';
import {
  defineResource,
  documentRowFields,
  resourceMessages,
  type StatusMachine,
} from '../resource.ts';
import { cents, email, id, isoDateTime, optionalText } from '../fields.ts';
import { bulkRequestSchema } from '../platform.ts';
import { productLineFields, productLineInput } from './sales.ts';

/* B2B (issue 17 item 8; SPEC.md /b2b-sale, /b2b-sales/*): business customers buying in volume,
 * invoiced with payment terms rather than paid at the counter. */

export const b2bMessages = {
  paymentOverBalance: (amount: string, balance: string) =>
    `The payment of ${amount} is more than the balance of ${balance}`,
  accountInactive: 'This business account is inactive',
  accountHasInvoices: 'This business account has invoices and cannot be deleted',
  creditLimit: (total: string, limit: string) =>
    `This invoice would bring the account's open balance to ${total}, over its credit limit of ${limit}`,
  bulkUnknownSku: (sku: string) => `No product with SKU ${sku}`,
  bulkUploaded: (n: number) => `${n} B2B ${n === 1 ? 'invoice' : 'invoices'} uploaded`,
  bulkUpdated: (n: number) => `${n} B2B ${n === 1 ? 'invoice' : 'invoices'} updated`,
} as const;

/** How long a business customer has to pay an invoice once it is sent. */
export const paymentTerms = ['due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60'] as const;
export type PaymentTerms = (typeof paymentTerms)[number];
export const paymentTermLabels: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_45: 'Net 45',
  net_60: 'Net 60',
};
export const paymentTermDays: Record<PaymentTerms, number> = {
  due_on_receipt: 0,
  net_15: 15,
  net_30: 30,
  net_45: 45,
  net_60: 60,
};

/* ---------------------------------------------------------------- accounts */

export const b2bAccountSchema = z.object({
  id,
  company_id: id,
  company_name: z.string(),
  tax_id: z.string().nullable(),
  billing_contact: z.string(),
  billing_email: z.string(),
  billing_phone: z.string().nullable(),
  billing_address: z.string().nullable(),
  payment_terms: z.enum(paymentTerms),
  /** a resale or exemption certificate on file: its invoices carry no sales tax */
  tax_exempt: z.boolean(),
  /** the account's volume discount on catalogue prices, in basis points (500 = 5%) */
  discount_bps: z.number().int(),
  /** the most its open (sent, unpaid) invoices may add up to; null: no limit */
  credit_limit_cents: cents.nullable(),
  is_active: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type B2BAccount = z.infer<typeof b2bAccountSchema>;

const requiredText = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max);

const b2bAccountWritable = z.strictObject({
  company_name: requiredText('Company name', 160),
  tax_id: optionalText(40),
  billing_contact: requiredText('Billing contact'),
  billing_email: email,
  billing_phone: optionalText(40),
  billing_address: optionalText(500),
  payment_terms: z.enum(paymentTerms, { error: 'Choose the payment terms' }).default('net_30'),
  tax_exempt: z.boolean().default(false),
  discount_bps: z
    .number({ error: 'Enter the discount' })
    .int('Enter the discount in basis points')
    .min(0)
    .max(5000, 'A discount is at most 50%')
    .default(0),
  credit_limit_cents: cents.nullable().optional(),
});

/** A business customer (company name, tax id, billing contact, terms) invoiced by a store. */
export const b2bAccounts = defineResource({
  name: 'b2b_accounts',
  path: '/b2b-accounts',
  label: { one: 'Business Account', many: 'Business Accounts' },
  row: b2bAccountSchema,
  create: b2bAccountWritable,
  update: b2bAccountWritable.partial(),
  messages: resourceMessages('Business account', 'added'),
  deleteMode: 'deactivate',
  searchFields: ['company_name', 'tax_id', 'billing_contact', 'billing_email'],
  queryFields: ['id', 'company_name', 'tax_id', 'payment_terms', 'is_active', 'created_at'],
  defaultSort: 'company_name',
  history: true,
});

/* ---------------------------------------------------------------- invoices */

export const b2bInvoiceStatuses = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const;
export const b2bInvoiceStatus = z.enum(b2bInvoiceStatuses);
export type B2BInvoiceStatus = z.infer<typeof b2bInvoiceStatus>;

/**
 * Drafted (units held in the store's stock), sent (the units leave stock, the due date is set by
 * the account's terms), then partially paid and paid by the payments recorded against it; a draft
 * or an unpaid sent invoice can be voided (its units come back).
 */
export const b2bInvoiceStatusMachine: StatusMachine<B2BInvoiceStatus> = {
  states: b2bInvoiceStatuses,
  labels: {
    draft: 'Draft',
    sent: 'Sent',
    partially_paid: 'Partially paid',
    paid: 'Paid',
    void: 'Void',
  },
  initial: 'draft',
  transitions: [
    { from: ['draft'], to: 'sent', label: 'Send invoice' },
    { from: ['draft', 'sent'], to: 'void', label: 'Void' },
  ],
  editableIn: ['draft'],
  messages: {
    moved: 'Invoice status updated',
    notMoved: 'Invoice status not updated',
    notEditable: 'Only a draft invoice can be changed',
  },
};

export const b2bPaymentMethods = ['check', 'ach', 'wire', 'card', 'cash'] as const;
export const b2bPaymentMethodLabels: Record<(typeof b2bPaymentMethods)[number], string> = {
  check: 'Check',
  ach: 'ACH',
  wire: 'Wire',
  card: 'Card',
  cash: 'Cash',
};

export const b2bPaymentSchema = z.object({
  method: z.enum(b2bPaymentMethods),
  amount_cents: cents,
  reference: z.string().nullable(),
  /** YYYY-MM-DD */
  paid_on: z.string(),
  recorded_by: id.nullable(),
  recorded_at: isoDateTime,
});
export type B2BPayment = z.infer<typeof b2bPaymentSchema>;

export const recordB2BPaymentBody = z.strictObject({
  method: z.enum(b2bPaymentMethods, { error: 'Choose a payment method' }),
  amount_cents: cents.min(1, 'Enter an amount'),
  reference: optionalText(80),
  paid_on: z.iso.date('Enter the date as YYYY-MM-DD').nullable().optional(),
});
export type RecordB2BPayment = z.infer<typeof recordB2BPaymentBody>;

export const b2bInvoiceLineSchema = z.object({ id, invoice_id: id, ...productLineFields });
export type B2BInvoiceLine = z.infer<typeof b2bInvoiceLineSchema>;

export const b2bInvoiceLineInput = productLineInput(10000);

export const b2bInvoiceSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  store_name: z.string().nullable(),
  account_id: id,
  account_name: z.string().nullable(),
  status: b2bInvoiceStatus,
  po_number: z.string().nullable(),
  note: z.string().nullable(),
  /** YYYY-MM-DD, set when sent */
  issued_on: z.string().nullable(),
  due_on: z.string().nullable(),
  subtotal_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  paid_cents: cents,
  balance_cents: z.number().int(),
  payments: z.array(b2bPaymentSchema),
  ...documentRowFields(b2bInvoiceLineSchema),
});
export type B2BInvoice = z.infer<typeof b2bInvoiceSchema>;

const b2bInvoiceWritable = z.strictObject({
  store_id: id,
  account_id: id,
  po_number: optionalText(60),
  note: optionalText(1000),
  lines: z.array(b2bInvoiceLineInput).min(1, 'Add at least one product').max(500),
});

/** A B2B sale invoiced to a business account (SPEC.md /b2b-sale, /b2b-sales/invoices). */
export const b2bInvoices = defineResource({
  name: 'b2b_invoices',
  path: '/b2b-invoices',
  label: { one: 'B2B Invoice', many: 'B2B Invoices' },
  row: b2bInvoiceSchema,
  create: b2bInvoiceWritable,
  update: b2bInvoiceWritable.partial(),
  messages: resourceMessages('B2B invoice', 'created'),
  deleteMode: 'remove',
  searchFields: ['po_number', 'note'],
  queryFields: [
    'id',
    'store_id',
    'account_id',
    'status',
    'po_number',
    'total_cents',
    'due_on',
    'created_at',
  ],
  defaultSort: '-id',
  statuses: b2bInvoiceStatusMachine,
  actions: {
    record_payment: {
      label: 'Record payment',
      body: recordB2BPaymentBody,
      allowedIn: ['sent', 'partially_paid'],
      messages: { done: 'Payment recorded', failed: 'Payment not recorded' },
    },
  },
  history: true,
  lines: {
    label: { one: 'Line', many: 'Lines' },
    row: b2bInvoiceLineSchema,
    input: b2bInvoiceLineInput,
    references: { product_id: { resource: 'products', as: 'product_name' } },
  },
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    account_id: { resource: 'b2b_accounts', as: 'account_name', labelFields: ['company_name'] },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

/**
 * The bulk files of /b2b-sales/invoices (the platform's bulk request and reply; errors by line):
 * upload: one invoice line per row; rows of the same account, store and PO number make one draft
 * invoice. Update: draft invoices' PO number and note by id.
 */
export const b2bUploadColumns = [
  'account_id',
  'store_id',
  'po_number',
  'sku',
  'quantity',
  'serial',
  'note',
] as const;
export const b2bUpdateColumns = ['id', 'po_number', 'note'] as const;
export const b2bBulkRequest = bulkRequestSchema;
export const B2B_BULK_MAX_ROWS = 2000;

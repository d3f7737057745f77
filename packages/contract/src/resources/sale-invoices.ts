import { z } from 'zod';
import { bulkRequestSchema } from '../platform.ts';
import { id, optionalText } from '../fields.ts';
import { paymentMethods } from './sales.ts';
import { invoiceBulkKinds, type InvoiceBulkKind, type InvoiceFile } from './sale-invoice-files.ts';

/*
 * Invoices (issue 17 item 7; SPEC.md section 2 "Sales"): sales imported from another POS by CSV
 * (one line per item or payment, grouped by invoice number), the accessory and feature items of
 * those invoices by invoice number and SKU, and the quicksnap invoice (a one-screen ring-up).
 */

// The bulk files and kinds (plain constants, kept apart so a route table need not load zod).
export {
  invoiceBulkKinds,
  invoiceFiles,
  type InvoiceBulkKind,
  type InvoiceFile,
} from './sale-invoice-files.ts';

/** The API path of each file (`{path}/bulk`, `/bulk/delete`, `/bulk/template`, as the engine's). */
export const invoiceFilePaths: Record<InvoiceFile, string> = {
  invoices: '/sale-invoices',
  'accessory-items': '/sale-accessory-items',
  'feature-items': '/sale-feature-items',
};

const itemColumns = {
  upload: ['invoice_number', 'sku', 'quantity', 'unit_price_cents', 'tax_cents', 'payment_method'],
  update: ['invoice_number', 'sku', 'quantity', 'unit_price_cents', 'tax_cents'],
  delete: ['invoice_number', 'sku'],
} as const;

/** Each file's columns per kind, in template order (the first ones are the key). */
export const invoiceColumns: Record<InvoiceFile, Record<InvoiceBulkKind, readonly string[]>> = {
  invoices: {
    upload: [
      'invoice_number',
      'store',
      'date',
      'employee_email',
      'customer_phone',
      'note',
      'sku',
      'serial',
      'quantity',
      'unit_price_cents',
      'tax_cents',
      'payment_method',
      'payment_cents',
    ],
    update: ['invoice_number', 'date', 'employee_email', 'customer_phone', 'note'],
    delete: ['invoice_number'],
  },
  'accessory-items': itemColumns,
  'feature-items': itemColumns,
};

/** A filled-in example line of each file, for the template. */
export const invoiceExamples: Record<InvoiceFile, Record<InvoiceBulkKind, string>> = {
  invoices: {
    upload:
      'INV-1001,Main Street,2026-01-15,employee@example.com,5125550100,,CASE-001,,2,1500,248,card,3248',
    update: 'INV-1001,2026-01-16,,,Corrected date',
    delete: 'INV-1001',
  },
  'accessory-items': {
    upload: 'INV-1001,CHARGER-01,1,2500,206,card',
    update: 'INV-1001,CHARGER-01,2,2500,',
    delete: 'INV-1001,CHARGER-01',
  },
  'feature-items': {
    upload: 'INV-1001,INSURANCE,1,1200,,cash',
    update: 'INV-1001,INSURANCE,,1000,',
    delete: 'INV-1001,INSURANCE',
  },
};

export const invoiceTemplateQuery = z.object({
  kind: z.enum(invoiceBulkKinds).default('upload'),
});
export const invoiceTemplateSchema = z.object({ columns: z.array(z.string()), csv: z.string() });

export const invoiceBulkRequest = bulkRequestSchema;

/** At most this many lines in one file. */
export const INVOICE_BULK_MAX_ROWS = 5000;

export const invoiceMessages = {
  uploaded: (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'} imported`,
  updated: (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'} updated`,
  deleted: (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'} deleted`,
  itemsUploaded: (n: number) => `${n} ${n === 1 ? 'item' : 'items'} added`,
  itemsUpdated: (n: number) => `${n} ${n === 1 ? 'item' : 'items'} updated`,
  itemsDeleted: (n: number) => `${n} ${n === 1 ? 'item' : 'items'} deleted`,
  required: (column: string) => `${column} is required`,
  invoiceNumber: 'Enter an invoice number of at most 40 characters',
  invoiceTaken: (number: string) => `Invoice ${number} already exists`,
  invoiceMissing: (number: string) => `No imported invoice ${number}`,
  invoiceHasReturn: (number: string) =>
    `Invoice ${number} has a return: return or exchange its items instead`,
  invoiceNotCompleted: (number: string) => `Invoice ${number} is not a completed sale`,
  differs: (column: string, line: number) =>
    `${column} differs from line ${line} of the same invoice`,
  unknownStore: (name: string) => `No active store named ${name}`,
  unknownEmployee: (email: string) => `No active employee with email ${email}`,
  unknownCustomer: (phone: string) => `No customer with phone ${phone}`,
  unknownSku: (sku: string) => `No product with SKU ${sku}`,
  serialised: (name: string) => `${name} is serialised: sell its units at the counter`,
  serialNeeded: (name: string) => `${name} is serialised: give the unit's serial, quantity 1`,
  serialNotWanted: (name: string) => `${name} is not serialised: leave serial empty`,
  notAccessory: (sku: string) => `${sku} is not an accessory`,
  notFeature: (sku: string) => `${sku} is not a feature`,
  date: 'Enter the date as YYYY-MM-DD',
  dateFuture: 'The date cannot be in the future',
  wholeNumber: (column: string) => `${column} must be a whole number`,
  quantity: 'Quantity must be a whole number from 1 to 1000',
  paymentMethod: `Payment method is one of ${paymentMethods.join(', ')}`,
  paymentPair: 'A payment needs both payment_method and payment_cents',
  emptyLine: 'Give an item (sku) or a payment on each line',
  noItems: (number: string) => `Invoice ${number} has no item`,
  paymentsMismatch: (number: string, paid: string, total: string) =>
    `Invoice ${number}: payments add up to ${paid}, the total is ${total}`,
  repeated: (line: number) => `The same key is on line ${line}`,
  itemTaken: (number: string, sku: string) =>
    `Invoice ${number} already has ${sku}: change it with the bulk update`,
  itemMissing: (number: string, sku: string) => `Invoice ${number} has no line of ${sku}`,
  itemReturned: (number: string, sku: string) => `${sku} on invoice ${number} was returned`,
  lastLine: 'An invoice keeps at least one item: delete the invoice instead',
  paymentTooSmall: (number: string) =>
    `The change would take the first payment of invoice ${number} to zero or less`,
  customerNameNeeded: "Enter the customer's name to add them, or leave the phone empty",
  quicksnapDone: 'Invoice rung up',
} as const;

/* ---------------------------------------------------------------- quicksnap */

/** POST /sales/quicksnap: a sale by SKU, paid in full by one method, in one step. */
export const quicksnapRequest = z.strictObject({
  store_id: id,
  customer_name: optionalText(120),
  customer_phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{10}$/.test(v), 'Enter a 10-digit phone number')
    .nullable()
    .optional(),
  note: optionalText(1000),
  lines: z
    .array(
      z.strictObject({
        sku: z.string().trim().min(1, 'Scan a SKU').max(80),
        quantity: z
          .number({ error: 'Enter a quantity' })
          .int('Enter a whole quantity')
          .min(1, 'Quantity must be at least 1')
          .max(1000),
        serial: z.string().trim().max(40).nullable().optional(),
      }),
    )
    .min(1, 'Scan at least one item')
    .max(200),
  payment_method: z.enum(paymentMethods, { error: 'Choose a payment method' }),
  /** price and check everything, save nothing (the screen's running total) */
  dry_run: z.boolean().default(false),
});
export type QuicksnapRequest = z.input<typeof quicksnapRequest>;

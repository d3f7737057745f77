import { z } from 'zod';
import {
  allowedTransitionsField,
  defineResource,
  resourceMessages,
  type StatusMachine,
} from '../resource.ts';
import { cents, id, isoDateTime, optionalText } from '../fields.ts';
import { carriers, dollars, paymentSchema } from './sales.ts';

/* Bill pay and prepaid (issue 17 item 6; SPEC.md /billpay/new, /incomm, /incomm-thank-you): a
 * customer's carrier bill paid at the counter, or a prepaid refill / PIN card sold, sent to the
 * company's bill-pay provider once per idempotency key. */

export const BILLPAY_MIN_CENTS = 100;
export const BILLPAY_MAX_CENTS = 100_000;
export const BILLPAY_MAX_FEE_CENTS = 5_000;

export const billPayMessages = {
  accountInvalid: 'Enter a 10-digit account or phone number',
  phoneInvalid: 'Enter a 10-digit phone number',
  amountInvalid: `Enter an amount between ${dollars(BILLPAY_MIN_CENTS)} and ${dollars(BILLPAY_MAX_CENTS)}`,
  feeInvalid: `Enter a fee between $0.00 and ${dollars(BILLPAY_MAX_FEE_CENTS)}`,
  carrierInvalid: 'Choose a carrier',
  productInvalid: 'Choose a prepaid product',
  faceValueInvalid: (product: string, values: string) =>
    `${product} comes in ${values}: choose one of those amounts`,
  paymentsMismatch: (paid: string, total: string) =>
    `Payments add up to ${paid}, the amount with the fee is ${total}`,
  keyMissing: 'Send an Idempotency-Key header (8 to 100 letters, digits, dashes or underscores)',
  keyInvalid: 'The Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  keyTwice: 'The Idempotency-Key header and the idempotency_key field differ',
  keyReused: 'This Idempotency-Key was already used for a different payment',
  stillSending: 'This payment is still being sent to the provider; open it again in a minute',
  notYourStore: 'You can take a payment only at a store you work at',
  retryNotFailed: 'Only a failed payment can be sent again',
  providerUnavailable: 'The bill-pay provider could not be reached; nothing was charged. Try again',
  sent: 'Payment sent',
  confirmed: 'Payment confirmed',
} as const;

export const billPayKinds = ['bill', 'prepaid'] as const;
export type BillPayKind = (typeof billPayKinds)[number];

export const billPayStatuses = ['pending', 'sent', 'confirmed', 'failed'] as const;
export const billPayStatus = z.enum(billPayStatuses);
export type BillPayStatus = z.infer<typeof billPayStatus>;

/**
 * Pending while the provider is asked; sent (accepted, the carrier posts it later) or confirmed
 * (posted) on success, failed when refused or unreachable. A failed one may be sent again (retry).
 */
export const billPayStatusMachine: StatusMachine<BillPayStatus> = {
  states: billPayStatuses,
  labels: { pending: 'Pending', sent: 'Sent', confirmed: 'Confirmed', failed: 'Failed' },
  initial: 'pending',
  transitions: [{ from: ['sent'], to: 'confirmed', label: 'Mark confirmed' }],
  editableIn: [],
  messages: {
    moved: 'Payment status updated',
    notMoved: 'Payment status not updated',
    notEditable: 'A payment cannot be changed once taken',
  },
};

/** The prepaid products (InComm-style refills and PIN cards) and the face values each comes in. */
export const prepaidProducts = [
  {
    code: 'VZ-REFILL',
    name: 'Verizon Prepaid Refill',
    carrier: 'Verizon',
    type: 'refill',
    values: [1500, 3000, 4500, 6000],
  },
  {
    code: 'ATT-REFILL',
    name: 'AT&T Prepaid Refill',
    carrier: 'AT&T',
    type: 'refill',
    values: [2500, 4000, 5000],
  },
  {
    code: 'TMO-PIN',
    name: 'T-Mobile Prepaid PIN',
    carrier: 'T-Mobile',
    type: 'pin',
    values: [1000, 3000, 5000],
  },
  {
    code: 'VIS-PIN',
    name: 'Visible Gift PIN',
    carrier: 'Visible',
    type: 'pin',
    values: [2500, 4500],
  },
] as const;
export type PrepaidProduct = (typeof prepaidProducts)[number];
export const prepaidProductCodes = prepaidProducts.map((p) => p.code) as [
  PrepaidProduct['code'],
  ...PrepaidProduct['code'][],
];
export const prepaidProductOf = (code: string): PrepaidProduct | undefined =>
  prepaidProducts.find((p) => p.code === code);

const tenDigits = (message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .refine((v) => /^\d{10}$/.test(v), message);

const amount = z
  .number({ error: billPayMessages.amountInvalid })
  .int(billPayMessages.amountInvalid)
  .min(BILLPAY_MIN_CENTS, billPayMessages.amountInvalid)
  .max(BILLPAY_MAX_CENTS, billPayMessages.amountInvalid);
const fee = z
  .number({ error: billPayMessages.feeInvalid })
  .int(billPayMessages.feeInvalid)
  .min(0, billPayMessages.feeInvalid)
  .max(BILLPAY_MAX_FEE_CENTS, billPayMessages.feeInvalid);

/** 8 to 100 characters a browser makes (crypto.randomUUID) or a client picks. */
export const idempotencyKey = z
  .string({ error: billPayMessages.keyInvalid })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, billPayMessages.keyInvalid);

const common = {
  store_id: id,
  fee_cents: fee.default(0),
  payments: z.array(paymentSchema).min(1, 'Add a payment').max(10),
  /** Or the Idempotency-Key header (the header wins; both must agree). */
  idempotency_key: idempotencyKey.optional(),
};

/** POST /bill-payments: a carrier bill paid at the counter. */
export const billPaymentBody = z.strictObject({
  ...common,
  carrier: z.enum(carriers, { error: billPayMessages.carrierInvalid }),
  account_number: tenDigits(billPayMessages.accountInvalid),
  account_holder: optionalText(120),
  amount_cents: amount,
});
export type BillPaymentBody = z.input<typeof billPaymentBody>;

/** POST /bill-payments/prepaid: a refill or PIN card of a fixed face value for a phone number. */
export const prepaidBody = z.strictObject({
  ...common,
  product_code: z.enum(prepaidProductCodes, { error: billPayMessages.productInvalid }),
  phone_number: tenDigits(billPayMessages.phoneInvalid),
  amount_cents: amount,
});
export type PrepaidBody = z.input<typeof prepaidBody>;

/** POST /bill-payments/{id}/retry: the attempt the client saw fail (a second click is a no-op). */
export const retryBody = z.strictObject({ attempt: z.number().int().min(1) });

export const billPaymentSchema = z.object({
  id,
  company_id: id,
  kind: z.enum(billPayKinds),
  store_id: id,
  store_name: z.string().nullable(),
  carrier: z.string(),
  account_number: z.string(),
  account_holder: z.string().nullable(),
  product_code: z.string().nullable(),
  product_name: z.string().nullable(),
  amount_cents: cents,
  fee_cents: cents,
  total_cents: cents,
  payments: z.array(paymentSchema),
  status: billPayStatus,
  provider: z.string(),
  provider_reference: z.string().nullable(),
  provider_message: z.string().nullable(),
  /** The prepaid PIN the provider issued (printed on the customer's receipt), else null. */
  pin: z.string().nullable(),
  attempts: z.number().int(),
  idempotency_key: z.string(),
  sent_at: isoDateTime.nullable(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_transitions: allowedTransitionsField,
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** Bill payments and prepaid sales of the company (SPEC.md /billpay): listed, read, confirmed. */
export const billPayments = defineResource({
  name: 'bill_payments',
  path: '/bill-payments',
  label: { one: 'Bill payment', many: 'Bill payments' },
  row: billPaymentSchema,
  // Payments are taken by POST /bill-payments and /bill-payments/prepaid (idempotent), never edited.
  create: billPaymentBody,
  update: billPaymentBody.pick({ account_holder: true }),
  operations: ['list', 'get'],
  messages: resourceMessages('Bill payment', 'created'),
  deleteMode: 'remove',
  searchFields: ['account_number', 'account_holder', 'provider_reference', 'carrier'],
  queryFields: [
    'id',
    'kind',
    'store_id',
    'carrier',
    'status',
    'total_cents',
    'created_by',
    'created_at',
  ],
  defaultSort: '-id',
  statuses: billPayStatusMachine,
  history: true,
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

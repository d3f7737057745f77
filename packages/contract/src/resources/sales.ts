import { z } from 'zod';
import {
  allowedTransitionsField,
  defineResource,
  documentRowFields,
  resourceMessages,
  type StatusMachine,
} from '../resource.ts';
import { cents, email, id, isoDateTime, optionalText } from '../fields.ts';

/* Retail sales at the counter (issue 17; SPEC.md section 2 "Sales"): customers, sales with lines,
 * activations and returns by type. */

/** Whether a digit string passes the Luhn check (IMEI, ICCID). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const salesMessages = {
  imeiInvalid: 'Enter a 15-digit IMEI that passes the check digit',
  iccidInvalid: 'Enter an ICCID of 19 or 20 digits that passes the check digit',
  phoneInvalid: 'Enter a 10-digit phone number',
  zipInvalid: 'Enter a 5-digit ZIP code',
  pinInvalid: 'Enter a transfer PIN of 4 to 10 digits',
  unitNotFound: (serial: string) => `Unit ${serial} is not in stock`,
  unitElsewhere: (serial: string) => `Unit ${serial} is not in this store's stock`,
  unitSold: (serial: string) => `Unit ${serial} is already sold`,
  notEnoughStock: (name: string, wanted: number, onHand: number) =>
    `${name}: ${wanted} wanted, ${onHand} left in this store's stock`,
  unitWrongProduct: (serial: string) => `Unit ${serial} is not this product`,
  serialRequired: 'Scan the IMEI of this serialised product',
  serialNotSerialised: 'This product has no serial: leave the IMEI empty',
  serialQuantity: 'A serialised line sells one unit',
  serialTwice: (serial: string) => `Unit ${serial} is on the sale twice`,
  paymentsMismatch: (paid: string, total: string) =>
    `Payments add up to ${paid}, the sale total is ${total}`,
  notClockedIn: 'You must be clocked in at this store to ring up a sale or an activation',
  customerDuplicate: (field: 'phone' | 'email', name: string) =>
    `A customer with this ${field === 'phone' ? 'phone number' : 'email'} already exists: ${name}`,
  customerHasSales: 'This customer has sales and cannot be deleted',
  portFieldsRequired: 'A port-in needs the account number, transfer PIN, billing ZIP and holder',
  returnNotCompleted: 'Only a completed sale can be returned',
  returnLineMissing: 'Choose a line of this sale',
  returnLineReturned: 'This line is already returned',
  returnPastWindow: (days: number) =>
    `The return window of ${String(days)} days has passed: a manager override with a reason is needed`,
  returnOverrideForbidden: 'Only a manager can override the return window',
  returnSbrNoSale: 'A stock balance return sends a store unit back to the vendor: scan its serial',
  returnSerialNeeded: 'Scan the serial of the unit being returned',
  returnTooMuch: 'The refund would be more than what was paid',
  returnDefectiveNeedsUnit: 'A DOA or OBF return is for a serialised unit',
  returnSecondExchange: (returnId: number) =>
    `This receipt already had its exchange (return #${String(returnId)}): at most one exchange per receipt`,
  returnExchangeNeedsSale: 'An exchange is made on a receipt: choose the sale and its line',
  returnExchangeSameSale: 'The replacement is a different sale from the one returned',
  returnExchangeOtherStore: 'The replacement sale must be at the same store',
  returnExchangeVoided: 'The replacement sale is voided: choose another',
  returnOneThing: 'Return either a line of a sale or an activation, not both',
  returnActivationCanceled: 'This activation is already canceled',
  cancelDateRequired: 'A returned activation needs the date its line was canceled',
  cancelDateFuture: 'The cancel date cannot be in the future',
  cancelDateBeforeSale: 'The cancel date cannot be before the activation',
  addOnLineCanceled: 'This line is canceled: choose an active line',
  addOnOtherCustomer: "This line is not this customer's: choose one of their lines",
  addOnServicesOnly: 'A feature add-on sells plans and features only',
} as const;

/** Integer cents as money, the one formatter of the API's messages and the screens ($1,234.50, -$5.00). */
export const dollars = (value: number): string =>
  `${value < 0 ? '-' : ''}$${(Math.abs(value) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

/** An IMEI as scanned: 15 digits passing Luhn. */
export const imei = z
  .string({ error: salesMessages.imeiInvalid })
  .trim()
  .refine((v) => /^\d{15}$/.test(v) && passesLuhn(v), salesMessages.imeiInvalid);

/** A SIM's ICCID: 19 or 20 digits passing Luhn. */
export const iccid = z
  .string({ error: salesMessages.iccidInvalid })
  .trim()
  .refine((v) => /^\d{19,20}$/.test(v) && passesLuhn(v), salesMessages.iccidInvalid);

/** A US phone number: 10 digits (spaces, dashes, dots and brackets are dropped). */
export const phoneNumber = z
  .string({ error: salesMessages.phoneInvalid })
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .refine((v) => /^\d{10}$/.test(v), salesMessages.phoneInvalid);

/* ---------------------------------------------------------------- customers */

export const customerSchema = z.object({
  id,
  company_id: id,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  zip: z.string().nullable(),
  notes: z.string().nullable(),
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Customer = z.infer<typeof customerSchema>;

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80);
const zip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, salesMessages.zipInvalid);

const customerWritable = z.strictObject({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  phone: phoneNumber,
  email: email.nullable().optional(),
  zip: zip.nullable().optional(),
  notes: optionalText(1000),
  store_id: id.nullable().optional(),
});

/** A store's customer (SPEC.md /customers): found again by phone or email, never entered twice. */
export const customers = defineResource({
  name: 'customers',
  path: '/customers',
  label: { one: 'Customer', many: 'Customers' },
  row: customerSchema,
  create: customerWritable,
  update: customerWritable.partial(),
  messages: resourceMessages('Customer', 'created'),
  afterSave: '/customers',
  deleteMode: 'remove',
  searchFields: ['first_name', 'last_name', 'phone', 'email'],
  queryFields: ['id', 'first_name', 'last_name', 'phone', 'email', 'store_id', 'created_at'],
  defaultSort: '-id',
  history: true,
  references: { store_id: { resource: 'stores', as: 'store_name' } },
  /** /customers/bulkupload: a CSV of customers, each checked like a create (duplicates too). */
  bulk: { maxRows: 1000 },
});

/** GET /customers/duplicates?phone=&email=: customers already holding that phone or email. */
export const customerDuplicatesQuery = z.object({
  phone: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
  except: z.coerce.number().int().positive().optional(),
});
export const customerDuplicateSchema = z.object({
  id,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  matched: z.enum(['phone', 'email']),
});
export type CustomerDuplicate = z.infer<typeof customerDuplicateSchema>;

/* ---------------------------------------------------------------- sales */

/** A sale at the counter, or plans and features added to an existing line (no device). */
export const saleKinds = ['sale', 'feature_addon'] as const;
export const saleKind = z.enum(saleKinds);
export type SaleKind = z.infer<typeof saleKind>;
export const saleKindLabels: Record<SaleKind, string> = {
  sale: 'Sale',
  feature_addon: 'Feature add-on',
};

export const saleStatuses = ['held', 'completed', 'returned', 'voided'] as const;
export const saleStatus = z.enum(saleStatuses);
export type SaleStatus = z.infer<typeof saleStatus>;

/**
 * A sale is rung up held (several at once per associate), completed by its payments (Complete),
 * voided while held; a completed sale becomes returned when every line came back (returns).
 */
export const saleStatusMachine: StatusMachine<SaleStatus> = {
  states: saleStatuses,
  labels: { held: 'Held', completed: 'Completed', returned: 'Returned', voided: 'Voided' },
  initial: 'held',
  transitions: [{ from: ['held'], to: 'voided', label: 'Void' }],
  editableIn: ['held'],
  messages: {
    moved: 'Sale status updated',
    notMoved: 'Sale status not updated',
    notEditable: 'Only a held sale can be changed',
  },
};

export const paymentMethods = ['cash', 'card', 'gift_card', 'store_credit'] as const;
export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  cash: 'Cash',
  card: 'Card',
  gift_card: 'Gift card',
  store_credit: 'Store credit',
};
export const paymentSchema = z.object({
  method: z.enum(paymentMethods, { error: 'Choose a payment method' }),
  amount_cents: cents.min(1, 'Enter an amount'),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The fields of a priced product line (a sale's, a B2B invoice's), after its parent's key. */
export const productLineFields = {
  product_id: id,
  product_name: z.string().nullable(),
  /** the IMEI or serial of a serialised unit, else null */
  serial: z.string().nullable(),
  quantity: z.number().int(),
  unit_price_cents: cents,
  tax_cents: cents,
  total_cents: cents,
};

export const saleLineSchema = z.object({
  id,
  sale_id: id,
  ...productLineFields,
  returned: z.boolean(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

/** A product line as a form sends it: a product, a whole quantity up to `maxQuantity`, a serial. */
export const productLineInput = (maxQuantity: number) =>
  z.object({
    id: id.optional(),
    product_id: id,
    quantity: z
      .number({ error: 'Enter a quantity' })
      .int('Enter a whole quantity')
      .min(1, 'Quantity must be at least 1')
      .max(maxQuantity),
    serial: imei.nullable().optional(),
  });

export const saleLineInput = productLineInput(1000);
export type SaleLineInput = z.infer<typeof saleLineInput>;

export const saleSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  store_name: z.string().nullable(),
  customer_id: id.nullable(),
  customer_name: z.string().nullable(),
  /** an imported invoice's number (invoice bulk upload); null for a sale rung up here */
  invoice_number: z.string().nullable(),
  /** 'feature_addon' when the sale adds plans and features to a line (activation_id) */
  kind: saleKind,
  activation_id: id.nullable(),
  /** the line's phone number */
  activation_phone: z.string().nullable(),
  status: saleStatus,
  note: z.string().nullable(),
  subtotal_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  paid_cents: cents,
  refunded_cents: cents,
  payments: z.array(paymentSchema),
  completed_at: isoDateTime.nullable(),
  ...documentRowFields(saleLineSchema),
});
export type Sale = z.infer<typeof saleSchema>;

const saleWritable = z.strictObject({
  store_id: id,
  customer_id: id.nullable().optional(),
  note: optionalText(1000),
  lines: z.array(saleLineInput).min(1, 'Add at least one product').max(200),
});
/**
 * A sale's create payload: with `activation_id` (a customer's line) it is a feature add-on of
 * plans and features, its customer the line's (set once, at the ring-up).
 */
const saleCreate = saleWritable.extend({ activation_id: id.nullable().optional() });

export const completeSaleBody = z.strictObject({
  payments: z.array(paymentSchema).min(1, 'Add a payment').max(10),
});

/** A sale at the counter (SPEC.md /simple-sale): lines priced by the server, taxed per store. */
export const sales = defineResource({
  name: 'sales',
  path: '/sales',
  label: { one: 'Sale', many: 'Sales' },
  row: saleSchema,
  create: saleCreate,
  update: saleWritable.partial(),
  messages: resourceMessages('Sale', 'created'),
  deleteMode: 'remove',
  searchFields: ['note', 'invoice_number'],
  queryFields: [
    'id',
    'store_id',
    'customer_id',
    'kind',
    'activation_id',
    'status',
    'total_cents',
    'created_by',
    'created_at',
    'completed_at',
  ],
  defaultSort: '-id',
  statuses: saleStatusMachine,
  actions: {
    complete: {
      label: 'Take payment',
      body: completeSaleBody,
      allowedIn: ['held'],
      messages: { done: 'Sale completed', failed: 'Sale not completed' },
    },
  },
  history: true,
  lines: {
    label: { one: 'Line', many: 'Lines' },
    row: saleLineSchema,
    input: saleLineInput,
    references: { product_id: { resource: 'products', as: 'product_name' } },
  },
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    customer_id: {
      resource: 'customers',
      as: 'customer_name',
      labelFields: ['first_name', 'last_name'],
    },
    activation_id: {
      resource: 'activations',
      as: 'activation_phone',
      labelFields: ['phone_number'],
    },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

/* ---------------------------------------------------------------- activations */

export const activationStatuses = ['pending', 'active', 'canceled'] as const;
export const activationStatus = z.enum(activationStatuses);
export type ActivationStatus = z.infer<typeof activationStatus>;

/** Pending until the carrier confirms (and a port completes); the transfer PIN is erased then. */
export const activationStatusMachine: StatusMachine<ActivationStatus> = {
  states: activationStatuses,
  labels: { pending: 'Pending', active: 'Active', canceled: 'Canceled' },
  initial: 'pending',
  transitions: [
    { from: ['pending'], to: 'active', label: 'Mark active' },
    { from: ['pending', 'active'], to: 'canceled', label: 'Cancel' },
  ],
  editableIn: ['pending'],
  messages: {
    moved: 'Activation status updated',
    notMoved: 'Activation status not updated',
    notEditable: 'Only a pending activation can be changed',
  },
};

export const carriers = ['Verizon', 'AT&T', 'T-Mobile', 'US Cellular', 'Visible'] as const;

export const activationSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  store_name: z.string().nullable(),
  customer_id: id,
  customer_name: z.string().nullable(),
  status: activationStatus,
  carrier: z.string(),
  plan: z.string(),
  features: z.string().nullable(),
  imei: z.string(),
  iccid: z.string(),
  phone_number: z.string(),
  port_in: z.boolean(),
  port_account_number: z.string().nullable(),
  port_billing_zip: z.string().nullable(),
  port_account_holder: z.string().nullable(),
  /** whether a transfer PIN is held (sealed; never returned) */
  port_pin_on_file: z.boolean(),
  dealer_code: z.string().nullable(),
  canceled_at: isoDateTime.nullable(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_transitions: allowedTransitionsField,
});
export type Activation = z.infer<typeof activationSchema>;

const requiredText = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max);
const transferPin = z
  .string()
  .trim()
  .regex(/^\d{4,10}$/, salesMessages.pinInvalid);

const activationEditable = {
  customer_id: id,
  carrier: requiredText('Carrier', 60),
  plan: requiredText('Plan'),
  features: optionalText(500),
  phone_number: phoneNumber,
  port_in: z.boolean().default(false),
  port_account_number: optionalText(40),
  /** write-only: sealed at rest, never in a reply */
  port_pin: transferPin.nullable().optional(),
  port_billing_zip: zip.nullable().optional(),
  port_account_holder: optionalText(120),
  dealer_code: optionalText(40),
};

const portComplete = (value: {
  port_in?: boolean;
  port_account_number?: string | null;
  port_pin?: string | null;
  port_billing_zip?: string | null;
  port_account_holder?: string | null;
}) =>
  !value.port_in ||
  Boolean(
    value.port_account_number &&
    value.port_pin &&
    value.port_billing_zip &&
    value.port_account_holder,
  );

const activationCreate = z
  .strictObject({ store_id: id, imei, iccid, ...activationEditable })
  .refine(portComplete, { message: salesMessages.portFieldsRequired, path: ['port_in'] });

/** A line activation (SPEC.md /activation): a device and a SIM leave the store's stock. */
export const activations = defineResource({
  name: 'activations',
  path: '/activations',
  label: { one: 'Activation', many: 'Activations' },
  row: activationSchema,
  create: activationCreate,
  update: z.strictObject(activationEditable).partial(),
  messages: resourceMessages('Activation', 'created'),
  deleteMode: 'remove',
  searchFields: ['phone_number', 'imei', 'iccid', 'plan'],
  queryFields: [
    'id',
    'store_id',
    'customer_id',
    'status',
    'carrier',
    'phone_number',
    'created_by',
    'created_at',
  ],
  defaultSort: '-id',
  statuses: activationStatusMachine,
  history: true,
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    customer_id: {
      resource: 'customers',
      as: 'customer_name',
      labelFields: ['first_name', 'last_name'],
    },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

/* ---------------------------------------------------------------- returns */

/** SPEC.md section 3: the return types. */
export const returnTypes = ['bre', 'doa', 'obf', 'sbr'] as const;
export const returnType = z.enum(returnTypes, { error: 'Choose a return type' });
export type ReturnType = z.infer<typeof returnType>;
export const returnTypeLabels: Record<ReturnType, string> = {
  bre: 'Buyers Remorse',
  doa: 'Dead on Arrival',
  obf: 'Out of Box Failure',
  sbr: 'Stock Balance Return',
};

/** The box-contents checklist of a returned unit: what came back with it. */
export const boxItems = ['box', 'charger', 'cable', 'manuals', 'sim_tool', 'earphones'] as const;
export const boxItem = z.enum(boxItems, { error: 'Choose items of the checklist' });
export const boxItemLabels: Record<(typeof boxItems)[number], string> = {
  box: 'Box',
  charger: 'Charger',
  cable: 'Cable',
  manuals: 'Manuals',
  sim_tool: 'SIM tool',
  earphones: 'Earphones',
};

/** An RMA line's status: open at the defective location, sent to the vendor, credited, closed. */
export const rmaStatuses = ['open', 'sent', 'credited', 'closed'] as const;
export const rmaStatusLabels: Record<(typeof rmaStatuses)[number], string> = {
  open: 'Open',
  sent: 'Sent to vendor',
  credited: 'Credited',
  closed: 'Closed',
};

export const saleReturnSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  store_name: z.string().nullable(),
  sale_id: id.nullable(),
  sale_line_id: id.nullable(),
  /** a returned activation (its device comes back, its line is canceled on cancel_date) */
  activation_id: id.nullable(),
  type: returnType,
  serial: z.string().nullable(),
  /** where the unit went: back to the store's stock, the defective location or the vendor */
  unit_destination: z.enum(['store', 'defective', 'vendor']).nullable(),
  reason: z.string(),
  refund_cents: cents,
  /** an exchange: the customer takes another unit instead of money (nothing refunded) */
  exchange: z.boolean(),
  /** the replacement sale of an exchange */
  exchange_sale_id: id.nullable(),
  /**
   * an exchange's price difference, in cents: the replacement sale's total less the returned
   * line's; positive: the customer pays it, negative: refunded to the customer
   */
  exchange_difference_cents: z.number().int(),
  /** YYYY-MM-DD: the day a returned activation's line was canceled */
  cancel_date: z.string().nullable(),
  /** the box-contents checklist: what came back with the unit */
  box_contents: z.array(z.string()),
  /** the RMA line of a DOA or OBF unit at the defective location */
  rma_id: id.nullable(),
  rma_status: z.enum(rmaStatuses).nullable(),
  override_reason: z.string().nullable(),
  overridden_by: id.nullable(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;

const saleReturnCreate = z.strictObject({
  type: returnType,
  /** bre, doa, obf: the sale and its line */
  sale_id: id.nullable().optional(),
  sale_line_id: id.nullable().optional(),
  /** sbr: the store and the unit sent back */
  store_id: id.nullable().optional(),
  serial: z.string().trim().max(64).nullable().optional(),
  /** a returned activation instead of a sale's line (bre, doa, obf) */
  activation_id: id.nullable().optional(),
  /** required for an activation: the day its line was canceled, not in the future */
  cancel_date: z.iso.date('Enter the cancel date as YYYY-MM-DD').nullable().optional(),
  /** the customer takes another unit instead of money; at most one per receipt */
  exchange: z.boolean().default(false),
  exchange_sale_id: id.nullable().optional(),
  box_contents: z.array(boxItem).max(boxItems.length).default([]),
  reason: requiredText('Reason', 500),
  override_reason: optionalText(500),
});

/** Returns and refunds by type (SPEC.md /returns-refunds): recorded once, never edited. */
export const saleReturns = defineResource({
  name: 'sale_returns',
  path: '/sale-returns',
  label: { one: 'Return', many: 'Returns' },
  row: saleReturnSchema,
  create: saleReturnCreate,
  update: z.strictObject({ reason: requiredText('Reason', 500) }).partial(),
  messages: resourceMessages('Return', 'created', {
    created: 'Return recorded',
    notCreated: 'Return not recorded',
  }),
  operations: ['list', 'get', 'create'],
  deleteMode: 'remove',
  searchFields: ['reason', 'serial'],
  queryFields: [
    'id',
    'store_id',
    'sale_id',
    'activation_id',
    'type',
    'exchange',
    'refund_cents',
    'created_at',
  ],
  defaultSort: '-id',
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

/* ---------------------------------------------------------------- sales center */

export const salesCenterQuery = z.object({ store_id: z.coerce.number().int().positive() });
export const salesCenterSchema = z.object({
  store_id: id,
  store_name: z.string(),
  /** the store's calendar date */
  date: z.string(),
  sales_count: z.number().int(),
  revenue_cents: z.number().int(),
  activations: z.number().int(),
  /** completed sales with an accessory among sales with a device, 0..1 (null: no device sold) */
  attach_rate: z.number().nullable(),
  held: z.array(
    z.object({
      id,
      customer_name: z.string().nullable(),
      total_cents: z.number().int(),
      created_at: isoDateTime,
    }),
  ),
  require_clock_in: z.boolean(),
});
export type SalesCenter = z.infer<typeof salesCenterSchema>;

export const SALES_REQUIRE_CLOCK_IN = 'sales.require_clock_in';
export const SALES_REMORSE_DAYS = 'sales.remorse_window_days';
export const SALES_PORT_PIN_DAYS = 'sales.port_pin_days';
/** Percent of a buyer's remorse return's line kept as a restocking fee (inherited; 0: none). */
export const SALES_RESTOCKING_FEE = 'sales.restocking_fee_percent';

/** How a return's exchange difference reads: who pays whom, or an even exchange. */
export function exchangeDifferenceText(cents: number): string {
  if (cents > 0) return `Customer pays ${dollars(cents)}`;
  if (cents < 0) return `Refund to customer ${dollars(-cents)}`;
  return 'Even exchange';
}

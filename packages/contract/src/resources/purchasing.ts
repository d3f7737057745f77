import { z } from 'zod';
import {
  allowedTransitionsField,
  defineResource,
  resourceMessages,
  type StatusMachine,
} from '../resource.ts';
import { cents, email, id, isoDateTime, name, optionalText } from '../fields.ts';
import { defineFlatResource } from '../flat-resource.ts';

/**
 * The buying side of the inventory app (issue 19, SPEC.md section 2 "Inventory app"): suppliers,
 * vendors, purchase orders with approval, receipts into the warehouse, and discrepancies the
 * supplier answers through a secure public link.
 */

/** A calendar date, `2026-12-31`. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Enter a real date');

/** Whole units: receipts and orders count pieces, never fractions. */
const wholeUnits = (label: string, min: number) =>
  z
    .number({ error: `Enter ${label}` })
    .int(`Enter a whole ${label}`)
    .min(min, min > 0 ? `${label} must be at least ${min}` : `${label} cannot be negative`)
    .max(100_000);

const optionalPhone = z.string().trim().max(40).nullable().optional();
const optionalEmail = email.nullable().optional();

// ---------------------------------------------------------------------------------------------
// Suppliers

export const supplierSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  /** payment terms as agreed ("Net 30") */
  terms: z.string().nullable(),
  lead_time_days: z.number().int(),
  /** in percent: a delivery above the ordered quantity by more than this needs a reason */
  price_tolerance_percent: z.number().int(),
  created_at: isoDateTime,
});
export type Supplier = z.infer<typeof supplierSchema>;

const supplierWritable = z.strictObject({
  name,
  contact_name: optionalText(120),
  contact_email: optionalEmail,
  contact_phone: optionalPhone,
  address: optionalText(500),
  terms: optionalText(120),
  lead_time_days: z
    .number({ error: 'Enter the lead time in days' })
    .int('Enter whole days')
    .min(0, 'Lead time cannot be negative')
    .max(365, 'Lead time is at most 365 days')
    .default(7),
  price_tolerance_percent: z
    .number({ error: 'Enter the tolerance in percent' })
    .int('Enter a whole percent')
    .min(0, 'Tolerance cannot be negative')
    .max(100, 'Tolerance is at most 100 percent')
    .default(0),
});

/** Whom the company buys stock from (SPEC.md /inventory-suppliers). */
export const suppliers = defineResource({
  name: 'suppliers',
  path: '/inventory-suppliers',
  label: { one: 'Supplier', many: 'Suppliers' },
  row: supplierSchema,
  create: supplierWritable,
  update: supplierWritable.partial(),
  messages: resourceMessages('Supplier', 'created'),
  afterSave: '/inventory/suppliers',
  deleteMode: 'remove',
  searchFields: ['name', 'contact_name', 'contact_email'],
  queryFields: ['id', 'name', 'lead_time_days', 'price_tolerance_percent', 'created_at'],
  defaultSort: 'name',
});

// ---------------------------------------------------------------------------------------------
// Vendors

/** Inventory vendors (SPEC.md: messages "Inventory vendor created/updated/deleted", /inventory/vendors). */
export const vendors = defineFlatResource({
  name: 'vendors',
  path: '/inventory-vendors',
  label: { one: 'Vendor', many: 'Vendors' },
  row: {
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    note: z.string().nullable(),
  },
  writable: {
    email: optionalEmail,
    phone: optionalPhone,
    address: optionalText(500),
    note: optionalText(1000),
  },
  messages: resourceMessages('Inventory vendor', 'created'),
  afterSave: '/inventory/vendors',
  searchFields: ['name', 'email'],
});
export const vendorSchema = vendors.row;
export type Vendor = z.infer<typeof vendorSchema>;

// ---------------------------------------------------------------------------------------------
// Purchase orders

export const purchaseOrderStatuses = [
  'draft',
  'pending_approval',
  'approved',
  'sent',
  'partially_received',
  'received',
  'closed',
  'canceled',
] as const;
export const purchaseOrderStatus = z.enum(purchaseOrderStatuses);
export type PurchaseOrderStatus = z.infer<typeof purchaseOrderStatus>;

/**
 * A buyer drafts; a draft at or under the company's approval limit is approved by its writer, one
 * above it is submitted and approved by someone holding approve_purchase_orders; an approved order
 * is sent to the supplier; receipts move it to partially received and received (never by hand);
 * received or partially received orders are closed; a closed order accepts nothing more.
 */
export const purchaseOrderStatusMachine: StatusMachine<PurchaseOrderStatus> = {
  states: purchaseOrderStatuses,
  labels: {
    draft: 'Draft',
    pending_approval: 'Pending Approval',
    approved: 'Approved',
    sent: 'Sent',
    partially_received: 'Partially Received',
    received: 'Received',
    closed: 'Closed',
    canceled: 'Canceled',
  },
  initial: 'draft',
  transitions: [
    { from: ['draft'], to: 'pending_approval', label: 'Submit for approval' },
    { from: ['draft'], to: 'approved', label: 'Approve' },
    {
      from: ['pending_approval'],
      to: 'approved',
      label: 'Approve',
      permission: 'approve_purchase_orders',
    },
    {
      from: ['pending_approval'],
      to: 'draft',
      label: 'Return to draft',
      permission: 'approve_purchase_orders',
    },
    { from: ['approved'], to: 'sent', label: 'Mark as sent' },
    { from: ['partially_received', 'received'], to: 'closed', label: 'Close' },
    {
      from: ['draft', 'pending_approval', 'approved', 'sent'],
      to: 'canceled',
      label: 'Cancel',
    },
  ],
  editableIn: ['draft'],
  messages: {
    moved: 'Purchase order status updated',
    notMoved: 'Purchase order status not updated',
    notEditable: 'Only draft purchase orders can be changed',
  },
};

/** States a receipt may be posted against. */
export const receivableStatuses: readonly PurchaseOrderStatus[] = ['sent', 'partially_received'];

export const purchaseOrderLineSchema = z.object({
  id,
  purchase_order_id: id,
  product_id: id,
  product_name: z.string().nullable(),
  quantity: z.number().int(),
  expected_date: z.string().nullable(),
  /** the agreed unit cost, in cents */
  unit_price_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  /** what receipts accepted, rejected and declared short so far */
  received_quantity: z.number().int(),
  rejected_quantity: z.number().int(),
  short_quantity: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderLineInput = z.object({
  id: id.optional(),
  product_id: id,
  quantity: wholeUnits('quantity', 1),
  /** the unit cost agreed with the supplier (the buyer's figure: a purchase is priced by its order) */
  unit_cost_cents: z
    .number({ error: 'Enter a unit cost in cents' })
    .int('Use whole cents')
    .min(0, 'Unit cost cannot be negative')
    .max(100_000_000),
  expected_date: isoDate.nullable().optional(),
});
export type PurchaseOrderLineInput = z.infer<typeof purchaseOrderLineInput>;

/** One approval of a purchase order: who, their rank, and the tier the total fell in. */
export const purchaseOrderApprovalSchema = z.object({
  id,
  purchase_order_id: id,
  approved_by: id.nullable(),
  approved_by_name: z.string().nullable(),
  approver_access_level: z.number().int(),
  tier_label: z.string().nullable(),
  tier_from_cents: cents.nullable(),
  required_access_level: z.number().int().nullable(),
  total_cents: cents,
  created_at: isoDateTime,
});
export type PurchaseOrderApproval = z.infer<typeof purchaseOrderApprovalSchema>;

export const purchaseOrderSchema = z.object({
  id,
  company_id: id,
  supplier_id: id,
  supplier_name: z.string().nullable(),
  /** the warehouse (a stock location of kind warehouse) the goods are received into */
  warehouse_id: id,
  warehouse_name: z.string().nullable(),
  reference: z.string().nullable(),
  expected_date: z.string().nullable(),
  note: z.string().nullable(),
  status: purchaseOrderStatus,
  subtotal_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  /** the company's approval limit when the row was read: above it, approval is needed */
  approval_limit_cents: cents.optional(),
  needs_approval: z.boolean().optional(),
  /** the approval tier the total falls in (companies with tiers), or null */
  approval_tier: z
    .object({ from_cents: cents, min_access_level: z.number().int(), label: z.string() })
    .nullable()
    .optional(),
  /** who approved it, at which tier (oldest first) */
  approvals: z.array(purchaseOrderApprovalSchema).optional(),
  approved_by: id.nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: isoDateTime.nullable(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_transitions: allowedTransitionsField,
  lines: z.array(purchaseOrderLineSchema).optional(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

const purchaseOrderWritable = z.strictObject({
  supplier_id: id,
  warehouse_id: id,
  reference: optionalText(60),
  expected_date: isoDate.nullable().optional(),
  note: optionalText(1000),
  lines: z.array(purchaseOrderLineInput).min(1, 'Add at least one product').max(500),
});

/** A purchase order to a supplier (SPEC.md /inventory-purchase-orders): lines, approval, history. */
export const purchaseOrders = defineResource({
  name: 'purchase_orders',
  path: '/inventory-purchase-orders',
  label: { one: 'Purchase Order', many: 'Purchase Orders' },
  row: purchaseOrderSchema,
  create: purchaseOrderWritable,
  update: purchaseOrderWritable.partial(),
  messages: resourceMessages('Purchase order', 'created'),
  afterSave: '/inventory-purchase-orders',
  deleteMode: 'remove',
  searchFields: ['reference', 'note'],
  queryFields: [
    'id',
    'supplier_id',
    'warehouse_id',
    'status',
    'total_cents',
    'expected_date',
    'created_by',
    'created_at',
  ],
  defaultSort: '-id',
  statuses: purchaseOrderStatusMachine,
  history: true,
  lines: {
    label: { one: 'Line', many: 'Lines' },
    row: purchaseOrderLineSchema,
    input: purchaseOrderLineInput,
    references: { product_id: { resource: 'products', as: 'product_name' } },
  },
  references: {
    supplier_id: { resource: 'suppliers', as: 'supplier_name' },
    approved_by: {
      resource: 'users',
      as: 'approved_by_name',
      labelFields: ['first_name', 'last_name'],
    },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

/** GET/PUT /org-settings/purchasing.approval_limit_cents: above it, a purchase order needs approval. */
export const APPROVAL_LIMIT_SETTING = 'purchasing.approval_limit_cents';
export const DEFAULT_APPROVAL_LIMIT_CENTS = 500_000;

/**
 * GET/PUT /org-settings/purchasing.approval_tiers: where set (not empty), an order whose total is
 * above a tier's `from_cents` (the highest such tier) needs an approver whose access level (rank)
 * is at least the tier's `min_access_level`; the lowest tier's `from_cents` is then the limit.
 */
export const APPROVAL_TIERS_SETTING = 'purchasing.approval_tiers';
export const approvalTierSchema = z.strictObject({
  from_cents: z
    .number({ error: 'Enter the amount in cents' })
    .int('Use whole cents')
    .min(0, 'The amount cannot be negative')
    .max(1_000_000_000, 'The amount is too large'),
  min_access_level: z
    .number({ error: 'Choose the rank that may approve' })
    .int('Choose the rank that may approve')
    .min(1, 'Ranks go from 1 to 4')
    .max(4, 'Ranks go from 1 to 4'),
  label: z.string().trim().min(1, 'Name the tier').max(60, 'A tier name is at most 60 characters'),
});
export type ApprovalTier = z.infer<typeof approvalTierSchema>;
export const approvalTiersSchema = z
  .array(approvalTierSchema)
  .max(10, 'At most 10 tiers')
  .refine(
    (tiers) =>
      tiers.every((tier, i) => i === 0 || tier.from_cents > (tiers[i - 1]?.from_cents ?? -1)),
    'Each tier must start above the one before it',
  )
  .refine(
    (tiers) =>
      tiers.every(
        (tier, i) => i === 0 || tier.min_access_level >= (tiers[i - 1]?.min_access_level ?? 0),
      ),
    'A higher tier cannot need a lower rank',
  );

/** The rank names of the built-in access levels (what a tier's `min_access_level` means). */
export const accessLevelLabels: Record<number, string> = {
  1: 'Rank 1 (user)',
  2: 'Rank 2 (employee)',
  3: 'Rank 3 (manager)',
  4: 'Rank 4 (admin)',
};

/** One mail of a purchase order to its supplier (GET /inventory-purchase-orders/{id}/emails). */
export const purchaseOrderEmailSchema = z.object({
  id,
  purchase_order_id: id,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  sent_by: id.nullable(),
  sent_by_name: z.string().nullable(),
  sent_at: isoDateTime,
});
export type PurchaseOrderEmail = z.infer<typeof purchaseOrderEmailSchema>;

/** POST /inventory-purchase-orders/{id}/send-to-supplier: an optional note above the lines. */
export const sendToSupplierInput = z.strictObject({ message: optionalText(2000) });

/** States a purchase order may be mailed to its supplier in (again: a resend). */
export const sendableStatuses: readonly PurchaseOrderStatus[] = [
  'approved',
  'sent',
  'partially_received',
];

export const purchasingMessages = {
  needsApproval: (limit: string) =>
    `Purchase orders above ${limit} need approval: submit it for approval`,
  tierNeedsApprover: (limit: string, tier: string, level: number) =>
    `Purchase orders above ${limit} need approval by ${tier} (rank ${level}) or higher`,
  ownOrder:
    'You cannot approve your own purchase order: another approver must (only the top tier may)',
  noSupplierEmail: 'This supplier has no email address: add one to the supplier to send the order',
  notSendable: (status: string) =>
    `This purchase order is ${status}; only approved or sent orders go to the supplier`,
  sentToSupplier: (to: string) => `Purchase order sent to ${to}`,
  mailFailed: 'The mail to the supplier could not be sent; it is listed as failed',
  notReceivable: (status: string) => `This purchase order is ${status}; it cannot be received`,
  receiptCreated: 'Receipt created',
  receiptNotCreated: 'Receipt not created',
  receiptUpdated: 'Receipt updated',
  receiptPosted:
    'Stock has entered the warehouse: only the note and the reasons of a receipt can be changed',
  receiptLineUnknown: 'This line is not on the receipt',
  linkCreated: 'Supplier link created',
  commentAdded: 'Comment added',
  discrepancyClosed: 'This discrepancy is closed; it takes no more comments',
  ticketOpened: 'Ticket opened',
  ticketExists: (ticketId: number) => `This discrepancy already has ticket #${ticketId}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Receipts

export const receiptLineSchema = z.object({
  id,
  receipt_id: id,
  purchase_order_line_id: id,
  product_id: id,
  product_name: z.string().nullable(),
  /** accepted units: what entered the warehouse */
  quantity: z.number().int(),
  rejected_quantity: z.number().int(),
  short_quantity: z.number().int(),
  reason: z.string().nullable(),
  serials: z.array(z.string()),
  /** serials of the rejected units: set aside for the supplier, never in stock */
  rejected_serials: z.array(z.string()),
  /** the order line's unit cost; the total is the accepted units' value */
  unit_price_cents: cents,
  tax_cents: cents,
  total_cents: cents,
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

const serial = z.string().trim().min(1, 'A serial is empty').max(64);

export const receiptLineInput = z.strictObject({
  purchase_order_line_id: id,
  accepted_quantity: wholeUnits('accepted quantity', 0),
  rejected_quantity: wholeUnits('rejected quantity', 0).default(0),
  short_quantity: wholeUnits('short quantity', 0).default(0),
  /** needed for rejected or short units, and for receiving above the supplier's tolerance */
  reason: optionalText(500),
  /** one per accepted unit of a serialised product */
  serials: z.array(serial).max(10_000).default([]),
  /** one per rejected unit of a serialised product: set aside, they never enter stock */
  rejected_serials: z.array(serial).max(10_000).default([]),
});
export type ReceiptLineInput = z.input<typeof receiptLineInput>;

/**
 * A change of a posted receipt (PATCH /inventory-purchase-order-receipts/{id}). Its stock has
 * entered the warehouse, so only the note and the lines' reasons change; the figures a line may
 * repeat (the shared create and edit screen sends them) must be what was posted, else 409.
 */
export const receiptEditLineInput = z.strictObject({
  id,
  reason: optionalText(500),
  accepted_quantity: wholeUnits('accepted quantity', 0).optional(),
  rejected_quantity: wholeUnits('rejected quantity', 0).optional(),
  short_quantity: wholeUnits('short quantity', 0).optional(),
  serials: z.array(serial).max(10_000).optional(),
  rejected_serials: z.array(serial).max(10_000).optional(),
});
export const receiptEditInput = z.strictObject({
  note: optionalText(1000),
  lines: z.array(receiptEditLineInput).max(500).default([]),
});
export type ReceiptEditInput = z.input<typeof receiptEditInput>;

export const receiptSchema = z.object({
  id,
  company_id: id,
  purchase_order_id: id,
  supplier_id: id,
  supplier_name: z.string().nullable(),
  warehouse_id: id,
  note: z.string().nullable(),
  subtotal_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  received_by: id.nullable(),
  received_by_name: z.string().nullable(),
  created_at: isoDateTime,
  lines: z.array(receiptLineSchema).optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptInput = z.strictObject({
  purchase_order_id: id,
  note: optionalText(1000),
  lines: z.array(receiptLineInput).min(1, 'Receive at least one line').max(500),
});
export type ReceiptInput = z.input<typeof receiptInput>;

/**
 * Goods received against a purchase order (SPEC.md /inventory-purchase-order-receipt): posted
 * once, all or nothing (POST is the module's own: it moves stock); read through the engine.
 */
export const purchaseOrderReceipts = defineResource({
  name: 'purchase_order_receipts',
  path: '/inventory-purchase-order-receipts',
  label: { one: 'Receipt', many: 'Receipts' },
  operations: ['list', 'get'],
  row: receiptSchema,
  create: receiptInput,
  update: receiptInput.partial(),
  messages: resourceMessages('Receipt', 'created'),
  afterSave: '/inventory-purchase-order-receipt',
  deleteMode: 'remove',
  searchFields: ['note'],
  queryFields: ['id', 'purchase_order_id', 'supplier_id', 'total_cents', 'created_at'],
  defaultSort: '-id',
  lines: {
    label: { one: 'Line', many: 'Lines' },
    row: receiptLineSchema,
    input: receiptLineInput,
    references: { product_id: { resource: 'products', as: 'product_name' } },
  },
  references: {
    supplier_id: { resource: 'suppliers', as: 'supplier_name' },
    received_by: {
      resource: 'users',
      as: 'received_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Discrepancies

export const discrepancyStatuses = ['open', 'closed'] as const;
export const discrepancyStatus = z.enum(discrepancyStatuses);

export const discrepancyStatusMachine: StatusMachine<(typeof discrepancyStatuses)[number]> = {
  states: discrepancyStatuses,
  labels: { open: 'Open', closed: 'Closed' },
  initial: 'open',
  transitions: [
    { from: ['open'], to: 'closed', label: 'Close' },
    { from: ['closed'], to: 'open', label: 'Reopen' },
  ],
  editableIn: ['open'],
  messages: {
    moved: 'Discrepancy status updated',
    notMoved: 'Discrepancy status not updated',
    notEditable: 'Only open discrepancies can be changed',
  },
};

export const discrepancyResolutions = ['credit', 'reship', 'accept'] as const;

export const discrepancySchema = z.object({
  id,
  company_id: id,
  receipt_id: id,
  receipt_line_id: id,
  purchase_order_id: id,
  supplier_id: id,
  supplier_name: z.string().nullable(),
  product_id: id,
  product_name: z.string().nullable(),
  short_quantity: z.number().int(),
  rejected_quantity: z.number().int(),
  description: z.string().nullable(),
  resolution: z.enum(discrepancyResolutions).nullable(),
  status: discrepancyStatus,
  created_by: id.nullable(),
  /** the ticket opened for it (POST {path}/{id}/ticket), shown as a link on the view */
  ticket_id: id.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_transitions: allowedTransitionsField,
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

/** What "Open ticket" answers: the ticket opened for the discrepancy. */
export const discrepancyTicketSchema = z.object({ ticket_id: id });

const discrepancyEditable = {
  description: optionalText(2000),
  resolution: z.enum(discrepancyResolutions).nullable().optional(),
};

/**
 * A short or rejected receipt line taken up with the supplier (SPEC.md
 * /inventory/purchase-order-receipt/discrepancy); made from the receipt line, one per line.
 */
export const receiptDiscrepancies = defineResource({
  name: 'receipt_discrepancies',
  path: '/inventory-receipt-discrepancies',
  label: { one: 'Discrepancy', many: 'Discrepancies' },
  row: discrepancySchema,
  create: z.strictObject({ receipt_line_id: id, ...discrepancyEditable }),
  update: z.strictObject(discrepancyEditable).partial(),
  messages: resourceMessages('Discrepancy', 'created'),
  afterSave: '/inventory/purchase-order-receipt/discrepancy/list',
  deleteMode: 'remove',
  searchFields: ['description'],
  queryFields: [
    'id',
    'receipt_id',
    'purchase_order_id',
    'supplier_id',
    'product_id',
    'status',
    'created_at',
  ],
  defaultSort: '-id',
  statuses: discrepancyStatusMachine,
  history: true,
  references: {
    supplier_id: { resource: 'suppliers', as: 'supplier_name' },
    product_id: { resource: 'products', as: 'product_name' },
  },
});

export const discrepancyCommentSchema = z.object({
  id,
  company_id: id,
  discrepancy_id: id,
  body: z.string(),
  author_id: id.nullable(),
  author_name: z.string(),
  from_supplier: z.boolean(),
  created_at: isoDateTime,
});
export type DiscrepancyComment = z.infer<typeof discrepancyCommentSchema>;

const commentBody = z
  .string({ error: 'Write a comment' })
  .trim()
  .min(1, 'Write a comment')
  .max(4000, 'A comment is at most 4000 characters');

/** Staff comments on a discrepancy (SPEC.md /inventory-discrepancy-comments, signed in). */
export const discrepancyComments = defineResource({
  name: 'discrepancy_comments',
  path: '/inventory-discrepancy-comments',
  label: { one: 'Comment', many: 'Comments' },
  row: discrepancyCommentSchema,
  create: z.strictObject({ discrepancy_id: id, body: commentBody }),
  update: z.strictObject({ body: commentBody }).partial(),
  messages: resourceMessages('Comment', 'added'),
  deleteMode: 'remove',
  searchFields: ['body'],
  queryFields: ['id', 'discrepancy_id', 'from_supplier', 'created_at'],
  defaultSort: 'id',
});

/** What the supplier sees through the link: the discrepancy and its comments, no staff ids. */
export const publicDiscrepancySchema = z.object({
  id,
  company_name: z.string(),
  supplier_name: z.string().nullable(),
  purchase_order_id: id,
  purchase_order_reference: z.string().nullable(),
  product_name: z.string().nullable(),
  short_quantity: z.number().int(),
  rejected_quantity: z.number().int(),
  reason: z.string().nullable(),
  description: z.string().nullable(),
  status: discrepancyStatus,
  created_at: isoDateTime,
  comments: z.array(discrepancyCommentSchema.omit({ author_id: true, company_id: true })),
});
export type PublicDiscrepancy = z.infer<typeof publicDiscrepancySchema>;

export const publicDiscrepancyCommentInput = z.strictObject({
  discrepancy_id: id,
  token: z.string().min(1, 'token is required').max(200),
  name: z.string().trim().min(1, 'Enter your name').max(120),
  body: commentBody,
});

/** POST /inventory-receipt-discrepancies/{id}/supplier-link: a link the supplier opens. */
export const supplierLinkInput = z.strictObject({
  expires_in_days: z.number().int().min(1).max(90).default(14),
});
export const supplierLinkSchema = z.object({
  link_id: id,
  token: z.string(),
  /** the web page to send the supplier: /public/purchase-order/receipt/discrepancy/{id}?token= */
  url_path: z.string(),
  expires_at: isoDateTime,
});

/** A warehouse a purchase order can be received into (GET /purchasing-warehouses). */
export const purchaseWarehouseSchema = z.object({ id, name: z.string() });

// ---------------------------------------------------------------------------------------------
// Stock: SKU search

/** GET /inventory-stock/sku-search?q=: SKU prefix or every word in the name. */
export const skuSearchQuery = z.object({
  q: z.string().trim().min(1, 'Type a SKU or words of a name').max(100),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const skuMatchSchema = z.object({
  id,
  sku: z.string(),
  name: z.string(),
  is_serialized: z.boolean(),
  price_cents: cents,
  /** units in the company's warehouses: serialised units plus counted stock */
  on_hand: z.number().int(),
});
export type SkuMatch = z.infer<typeof skuMatchSchema>;

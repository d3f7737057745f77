import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { products } from '../catalog/schema.ts';
import { stockLocations } from '../inventory/schema.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** Whom the company buys stock from: contact, terms, lead time and tolerance. */
export const suppliers = pgTable(
  'suppliers',
  {
    ...tenantColumns(),
    name: text().notNull(),
    contact_name: text(),
    contact_email: text(),
    contact_phone: text(),
    address: text(),
    terms: text(),
    lead_time_days: integer().notNull().default(7),
    price_tolerance_percent: integer().notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
    index().on(t.company_id, t.name, t.id),
    check(
      'suppliers_ranges',
      sql`${t.lead_time_days} between 0 and 365 and ${t.price_tolerance_percent} between 0 and 100`,
    ),
  ],
);

/** Inventory vendors (SPEC.md /inventory/vendors). */
export const vendors = pgTable(
  'vendors',
  {
    ...tenantColumns(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    address: text(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
    index().on(t.company_id, t.name, t.id),
  ],
);

/** A purchase order; its totals are the sums of its lines, in cents. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...tenantColumns(),
    supplier_id: integer().notNull(),
    warehouse_id: integer().notNull(),
    reference: text(),
    expected_date: date(),
    note: text(),
    status: text().notNull().default('draft'),
    subtotal_cents: integer().notNull().default(0),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull().default(0),
    approved_by: integer(),
    approved_at: isoTimestamp(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.supplier_id, suppliers),
    tenantForeignKey(t.company_id, t.warehouse_id, stockLocations),
    tenantForeignKey(t.company_id, t.approved_by, users),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.status, t.id),
    index().on(t.company_id, t.supplier_id, t.id),
  ],
);

/** A line of a purchase order, with what receipts accepted, rejected and found short so far. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    ...tenantColumns(),
    purchase_order_id: integer().notNull(),
    product_id: integer().notNull(),
    quantity: integer().notNull(),
    expected_date: date(),
    unit_price_cents: integer().notNull(),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
    received_quantity: integer().notNull().default(0),
    rejected_quantity: integer().notNull().default(0),
    short_quantity: integer().notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.purchase_order_id),
    check(
      'purchase_order_lines_quantities',
      sql`${t.quantity} > 0 and ${t.received_quantity} >= 0 and ${t.rejected_quantity} >= 0 and ${t.short_quantity} >= 0`,
    ),
  ],
);

/** Goods received against a purchase order, posted once (stock entered with it). */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    ...tenantColumns(),
    purchase_order_id: integer().notNull(),
    supplier_id: integer().notNull(),
    warehouse_id: integer().notNull(),
    note: text(),
    subtotal_cents: integer().notNull().default(0),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull().default(0),
    received_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders),
    tenantForeignKey(t.company_id, t.supplier_id, suppliers),
    tenantForeignKey(t.company_id, t.warehouse_id, stockLocations),
    tenantForeignKey(t.company_id, t.received_by, users),
    index().on(t.company_id, t.purchase_order_id),
  ],
);

/** One receipt line: accepted (`quantity`), rejected and short units, the reason, the serials. */
export const purchaseOrderReceiptLines = pgTable(
  'purchase_order_receipt_lines',
  {
    ...tenantColumns(),
    receipt_id: integer().notNull(),
    purchase_order_line_id: integer().notNull(),
    product_id: integer().notNull(),
    quantity: integer().notNull(),
    rejected_quantity: integer().notNull().default(0),
    short_quantity: integer().notNull().default(0),
    reason: text(),
    serials: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** serials of rejected units: set aside for the supplier, never entering stock */
    rejected_serials: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unit_price_cents: integer().notNull(),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.receipt_id, purchaseOrderReceipts).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.purchase_order_line_id, purchaseOrderLines),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.receipt_id),
    check(
      'purchase_order_receipt_lines_quantities',
      sql`${t.quantity} >= 0 and ${t.rejected_quantity} >= 0 and ${t.short_quantity} >= 0`,
    ),
  ],
);

/** A short or rejected receipt line taken up with the supplier; one per receipt line. */
export const receiptDiscrepancies = pgTable(
  'receipt_discrepancies',
  {
    ...tenantColumns(),
    receipt_id: integer().notNull(),
    receipt_line_id: integer().notNull(),
    purchase_order_id: integer().notNull(),
    supplier_id: integer().notNull(),
    product_id: integer().notNull(),
    short_quantity: integer().notNull(),
    rejected_quantity: integer().notNull(),
    description: text(),
    resolution: text(),
    status: text().notNull().default('open'),
    created_by: integer(),
    /** the ticket opened for it ("Open ticket"; no foreign key: a deleted ticket leaves the id) */
    ticket_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.receipt_id, purchaseOrderReceipts).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.receipt_line_id, purchaseOrderReceiptLines).onDelete(
      'cascade',
    ),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders),
    tenantForeignKey(t.company_id, t.supplier_id, suppliers),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.created_by, users),
    unique().on(t.company_id, t.receipt_line_id),
    index().on(t.company_id, t.status, t.id),
    check(
      'receipt_discrepancies_resolution',
      sql`${t.resolution} is null or ${t.resolution} in ('credit', 'reship', 'accept')`,
    ),
  ],
);

/** Comments on a discrepancy: staff (author_id) or the supplier through the link (from_supplier). */
export const discrepancyComments = pgTable(
  'discrepancy_comments',
  {
    ...tenantColumns(),
    discrepancy_id: integer().notNull(),
    body: text().notNull(),
    author_id: integer(),
    author_name: text().notNull(),
    from_supplier: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.discrepancy_id, receiptDiscrepancies).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.author_id, users),
    index().on(t.company_id, t.discrepancy_id, t.id),
  ],
);

/**
 * Units of products without serials held at a location (a warehouse), never below zero; the
 * serialised units are the inventory module's inventory_items.
 */
export const warehouseStock = pgTable(
  'warehouse_stock',
  {
    ...tenantColumns(),
    location_id: integer().notNull(),
    product_id: integer().notNull(),
    quantity: integer().notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.location_id, stockLocations),
    tenantForeignKey(t.company_id, t.product_id, products),
    unique().on(t.company_id, t.location_id, t.product_id),
    check('warehouse_stock_quantity', sql`${t.quantity} >= 0`),
  ],
);

/** Every change of warehouse_stock: how many, where, why, which receipt, who (append-only). */
export const warehouseStockMovements = pgTable(
  'warehouse_stock_movements',
  {
    ...tenantColumns(),
    location_id: integer().notNull(),
    product_id: integer().notNull(),
    delta: integer().notNull(),
    reason: text().notNull(),
    receipt_id: integer(),
    user_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.location_id, stockLocations),
    tenantForeignKey(t.company_id, t.product_id, products),
    tenantForeignKey(t.company_id, t.receipt_id, purchaseOrderReceipts),
    tenantForeignKey(t.company_id, t.user_id, users),
    index().on(t.company_id, t.product_id, t.id),
  ],
);

/** A payment to the supplier against a purchase order; their sum never exceeds its total. */
export const purchaseOrderPayments = pgTable(
  'purchase_order_payments',
  {
    ...tenantColumns(),
    purchase_order_id: integer().notNull(),
    amount_cents: integer().notNull(),
    paid_on: date().notNull(),
    method: text().notNull(),
    reference: text(),
    note: text(),
    recorded_by: integer(),
    /** the supplier bill it pays (a held bill takes none) */
    supplier_bill_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders),
    tenantForeignKey(t.company_id, t.recorded_by, users),
    tenantForeignKey(t.company_id, t.supplier_bill_id, supplierBills),
    index().on(t.company_id, t.purchase_order_id, t.id),
    index().on(t.company_id, t.supplier_bill_id),
    check('purchase_order_payments_amount', sql`${t.amount_cents} > 0`),
  ],
);

/** A payment against a receipt; their sum never exceeds the value the receipt accepted. */
export const receiptPayments = pgTable(
  'receipt_payments',
  {
    ...tenantColumns(),
    receipt_id: integer().notNull(),
    purchase_order_id: integer().notNull(),
    amount_cents: integer().notNull(),
    paid_on: date().notNull(),
    method: text().notNull(),
    reference: text(),
    note: text(),
    recorded_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.receipt_id, purchaseOrderReceipts),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders),
    tenantForeignKey(t.company_id, t.recorded_by, users),
    index().on(t.company_id, t.receipt_id, t.id),
    // what the order's payments and its receipts' payments add up to (payments.ts)
    index().on(t.company_id, t.purchase_order_id),
    check('receipt_payments_amount', sql`${t.amount_cents} > 0`),
  ],
);

/** Who approved a purchase order, their rank, and the approval tier its total fell in. */
export const purchaseOrderApprovals = pgTable(
  'purchase_order_approvals',
  {
    ...tenantColumns(),
    purchase_order_id: integer().notNull(),
    approved_by: integer(),
    approver_access_level: integer().notNull(),
    /** null without tiers (the single limit rule) */
    tier_label: text(),
    tier_from_cents: integer(),
    required_access_level: integer(),
    total_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.approved_by, users),
    index().on(t.company_id, t.purchase_order_id, t.id),
  ],
);

/** Every mail of a purchase order to its supplier: to, subject, body, who, whether it went. */
export const purchaseOrderEmails = pgTable(
  'purchase_order_emails',
  {
    ...tenantColumns(),
    purchase_order_id: integer().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    status: text().notNull(),
    error: text(),
    sent_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.sent_by, users),
    index().on(t.company_id, t.purchase_order_id, t.id),
    check('purchase_order_emails_status', sql`${t.status} in ('sent', 'failed')`),
  ],
);

/** A supplier's bill against a purchase order, matched against receipts and the order's costs. */
export const supplierBills = pgTable(
  'supplier_bills',
  {
    ...tenantColumns(),
    purchase_order_id: integer().notNull(),
    supplier_id: integer().notNull(),
    bill_number: text().notNull(),
    bill_date: date().notNull(),
    note: text(),
    status: text().notNull().default('matched'),
    subtotal_cents: integer().notNull().default(0),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull().default(0),
    allowed_cents: integer().notNull().default(0),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.purchase_order_id, purchaseOrders),
    tenantForeignKey(t.company_id, t.supplier_id, suppliers),
    tenantForeignKey(t.company_id, t.created_by, users),
    unique().on(t.company_id, t.supplier_id, t.bill_number),
    index().on(t.company_id, t.id),
    index().on(t.company_id, t.purchase_order_id, t.id),
    index().on(t.company_id, t.status, t.id),
    check('supplier_bills_status', sql`${t.status} in ('matched', 'held', 'released')`),
  ],
);

/** A line of a supplier bill and why it did not match (empty when it did). */
export const supplierBillLines = pgTable(
  'supplier_bill_lines',
  {
    ...tenantColumns(),
    supplier_bill_id: integer().notNull(),
    product_id: integer().notNull(),
    quantity: integer().notNull(),
    unit_price_cents: integer().notNull(),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
    match_reasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.supplier_bill_id, supplierBills).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.supplier_bill_id),
    check('supplier_bill_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/** A supplier's credit against a bill; a held bill is released once the rest is within the match. */
export const supplierCredits = pgTable(
  'supplier_credits',
  {
    ...tenantColumns(),
    supplier_bill_id: integer().notNull(),
    amount_cents: integer().notNull(),
    reason: text().notNull(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.supplier_bill_id, supplierBills).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.supplier_bill_id, t.id),
    check('supplier_credits_amount', sql`${t.amount_cents} > 0`),
  ],
);

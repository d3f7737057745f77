import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Payment } from '@portal/contract/resources/sales';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { categories, products } from '../catalog/schema.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** A store's customer; a phone number (and an email) once per company. */
export const customers = pgTable(
  'customers',
  {
    ...tenantColumns(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    zip: text(),
    notes: text(),
    store_id: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    unique().on(t.company_id, t.phone),
    unique().on(t.company_id, t.email),
    index().on(t.company_id, t.last_name, t.first_name),
  ],
);

/** A sale at the counter: held, then completed by its payments; totals are its lines' sums. */
export const sales = pgTable(
  'sales',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    customer_id: integer(),
    /** an imported invoice's number in the POS it came from (bulk upload); null at the counter */
    invoice_number: text(),
    /** 'sale', or 'feature_addon': plans and features added to an existing line (activation_id) */
    kind: text().notNull().default('sale'),
    activation_id: integer(),
    status: text().notNull().default('held'),
    note: text(),
    subtotal_cents: integer().notNull().default(0),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull().default(0),
    paid_cents: integer().notNull().default(0),
    refunded_cents: integer().notNull().default(0),
    payments: jsonb().$type<Payment[]>().notNull().default([]),
    completed_at: isoTimestamp('completed_at'),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.customer_id, customers),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.status, t.id),
    index().on(t.company_id, t.store_id, t.completed_at),
    index().on(t.company_id, t.customer_id),
    unique().on(t.company_id, t.invoice_number),
    // An add-on sale goes with its line, a plain sale with none.
    tenantForeignKey(t.company_id, t.activation_id, activations),
    index().on(t.company_id, t.activation_id),
    index().on(t.company_id, t.kind, t.id),
    check(
      'sales_kind_line',
      sql`(${t.kind} = 'sale' and ${t.activation_id} is null) or (${t.kind} = 'feature_addon' and ${t.activation_id} is not null)`,
    ),
    check('sales_refund_within_paid', sql`${t.refunded_cents} <= ${t.paid_cents}`),
    check('sales_status', sql`${t.status} in ('held', 'completed', 'returned', 'voided')`),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    ...tenantColumns(),
    sale_id: integer().notNull(),
    product_id: integer().notNull(),
    serial: text(),
    quantity: integer().notNull(),
    unit_price_cents: integer().notNull(),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
    returned: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.sale_id, sales).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.sale_id),
    index().on(t.company_id, t.serial),
  ],
);

/** A line activation; the transfer PIN is sealed (platform/secrets.ts) and erased on activation. */
export const activations = pgTable(
  'activations',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    customer_id: integer().notNull(),
    status: text().notNull().default('pending'),
    carrier: text().notNull(),
    plan: text().notNull(),
    features: text(),
    imei: text().notNull(),
    iccid: text().notNull(),
    phone_number: text().notNull(),
    port_in: boolean().notNull().default(false),
    port_account_number: text(),
    port_pin_sealed: text(),
    port_billing_zip: text(),
    port_account_holder: text(),
    dealer_code: text(),
    canceled_at: isoTimestamp('canceled_at'),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.customer_id, customers),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.store_id, t.created_at),
    index().on(t.company_id, t.customer_id),
  ],
);

/**
 * A return by type (bre, doa, obf, sbr): what came back (a sale's line, or an activation's device
 * with the line's cancel date), where the unit went, what was refunded. An exchange refunds nothing
 * (the value goes to the replacement sale, `exchange_sale_id`); a receipt has at most one.
 */
export const saleReturns = pgTable(
  'sale_returns',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    sale_id: integer(),
    sale_line_id: integer(),
    activation_id: integer(),
    type: text().notNull(),
    serial: text(),
    unit_destination: text(),
    reason: text().notNull(),
    refund_cents: integer().notNull().default(0),
    exchange: boolean().notNull().default(false),
    exchange_sale_id: integer(),
    /**
     * An exchange's price difference (the server's, in cents): the replacement sale's total less
     * the returned line's. Positive: the customer pays it; negative: the difference is refunded.
     */
    exchange_difference_cents: integer().notNull().default(0),
    cancel_date: date(),
    box_contents: jsonb().$type<string[]>().notNull().default([]),
    override_reason: text(),
    overridden_by: integer(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.sale_id, sales),
    tenantForeignKey(t.company_id, t.sale_line_id, saleLines),
    tenantForeignKey(t.company_id, t.activation_id, activations),
    tenantForeignKey(t.company_id, t.exchange_sale_id, sales),
    tenantForeignKey(t.company_id, t.created_by, users),
    tenantForeignKey(t.company_id, t.overridden_by, users),
    unique().on(t.company_id, t.sale_line_id),
    unique().on(t.company_id, t.activation_id),
    uniqueIndex('sale_returns_one_exchange_per_sale')
      .on(t.company_id, t.sale_id)
      .where(sql`${t.exchange}`),
    index().on(t.company_id, t.sale_id),
    check('sale_returns_type', sql`${t.type} in ('bre', 'doa', 'obf', 'sbr')`),
    check('sale_returns_exchange_refunds_nothing', sql`not ${t.exchange} or ${t.refund_cents} = 0`),
  ],
);

/**
 * An RMA line (return-to-vendor authorisation): a DOA or OBF unit at the defective location, open
 * until sent to the vendor, then credited by the vendor, then closed (/returns-refunds/rma). One
 * per return.
 */
export const rmaLines = pgTable(
  'rma_lines',
  {
    ...tenantColumns(),
    return_id: integer().notNull(),
    store_id: integer().notNull(),
    product_id: integer().notNull(),
    serial: text().notNull(),
    reason: text().notNull(),
    status: text().notNull().default('open'),
    /** the vendor's RMA number, once the vendor authorised the return */
    vendor_rma_number: text(),
    /** what the vendor credited, in cents */
    credit_cents: integer(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.return_id, saleReturns),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.product_id, products),
    unique().on(t.company_id, t.return_id),
    index().on(t.company_id, t.status, t.id),
    index().on(t.company_id, t.serial),
    check('rma_lines_status', sql`${t.status} in ('open', 'sent', 'credited', 'closed')`),
    check('rma_lines_credit', sql`${t.credit_cents} is null or ${t.credit_cents} >= 0`),
  ],
);

/**
 * What must be sold with what (sale dependencies): an item kind, narrowed to a product category for
 * devices and accessories, needs a companion item on the same ring-up. A rule about a category goes
 * with the category.
 */
export const saleDependencies = pgTable(
  'sale_dependencies',
  {
    ...tenantColumns(),
    item_kind: text().notNull(),
    item_category_id: integer(),
    required_kind: text().notNull(),
    required_category_id: integer(),
    note: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.item_category_id, categories).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.required_category_id, categories).onDelete('cascade'),
    unique()
      .on(t.company_id, t.item_kind, t.item_category_id, t.required_kind, t.required_category_id)
      .nullsNotDistinct(),
    check(
      'sale_dependencies_kinds',
      sql`${t.item_kind} in ('device', 'accessory', 'plan', 'feature') and ${t.required_kind} in ('device', 'accessory', 'plan', 'feature')`,
    ),
  ],
);

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
} from 'drizzle-orm/pg-core';
import type { B2BPayment } from '@portal/contract/resources/b2b';
import { activeFlag, tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { products } from '../catalog/schema.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** A business customer: billed by invoice on its payment terms. */
export const b2bAccounts = pgTable(
  'b2b_accounts',
  {
    ...tenantColumns(),
    company_name: text().notNull(),
    tax_id: text(),
    billing_contact: text().notNull(),
    billing_email: text().notNull(),
    billing_phone: text(),
    billing_address: text(),
    payment_terms: text().notNull().default('net_30'),
    tax_exempt: boolean().notNull().default(false),
    discount_bps: integer().notNull().default(0),
    credit_limit_cents: integer(),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    index().on(t.company_id, t.company_name, t.id),
    check('b2b_accounts_discount', sql`${t.discount_bps} between 0 and 5000`),
  ],
);

/** A B2B invoice: its totals are its lines' sums; payments recorded against it in cents. */
export const b2bInvoices = pgTable(
  'b2b_invoices',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    account_id: integer().notNull(),
    status: text().notNull().default('draft'),
    po_number: text(),
    note: text(),
    issued_on: date(),
    due_on: date(),
    subtotal_cents: integer().notNull().default(0),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull().default(0),
    paid_cents: integer().notNull().default(0),
    payments: jsonb().$type<B2BPayment[]>().notNull().default([]),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.account_id, b2bAccounts),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.id),
    index().on(t.company_id, t.account_id, t.status),
    check(
      'b2b_invoices_status',
      sql`${t.status} in ('draft', 'sent', 'partially_paid', 'paid', 'void')`,
    ),
    check('b2b_invoices_paid_within_total', sql`${t.paid_cents} <= ${t.total_cents}`),
  ],
);

export const b2bInvoiceLines = pgTable(
  'b2b_invoice_lines',
  {
    ...tenantColumns(),
    invoice_id: integer().notNull(),
    product_id: integer().notNull(),
    serial: text(),
    quantity: integer().notNull(),
    unit_price_cents: integer().notNull(),
    tax_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.invoice_id, b2bInvoices).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.product_id, products),
    index().on(t.company_id, t.invoice_id),
  ],
);

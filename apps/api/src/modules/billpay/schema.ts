import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { Payment } from '@portal/contract/resources/sales';
import {
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A carrier bill paid, or a prepaid refill / PIN sold, at a store. The idempotency key is unique in
 * the company: a second request with it finds this row instead of paying again.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    store_id: integer().notNull(),
    carrier: text().notNull(),
    /** the carrier account or the phone number (10 digits) */
    account_number: text().notNull(),
    account_holder: text(),
    product_code: text(),
    product_name: text(),
    amount_cents: integer().notNull(),
    fee_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
    payments: jsonb().$type<Payment[]>().notNull().default([]),
    status: text().notNull().default('pending'),
    provider: text().notNull(),
    provider_reference: text(),
    provider_message: text(),
    /** 422 when the provider refused, 502 when it could not be reached (what a replay answers) */
    failure_code: integer(),
    pin: text(),
    attempts: integer().notNull().default(1),
    /** the provider's Idempotency-Key is `<key>.<provider_try>`: a new try only after a refusal */
    provider_try: integer().notNull().default(1),
    idempotency_key: text().notNull(),
    /** sha-256 of the request, so a key reused for another payment is refused */
    request_hash: text().notNull(),
    sent_at: isoTimestamp('sent_at'),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.created_by, users),
    unique().on(t.company_id, t.idempotency_key),
    index().on(t.company_id, t.store_id, t.id),
    index().on(t.company_id, t.status, t.id),
    check('bill_payments_kind', sql`${t.kind} in ('bill', 'prepaid')`),
    check('bill_payments_status', sql`${t.status} in ('pending', 'sent', 'confirmed', 'failed')`),
    check('bill_payments_total', sql`${t.total_cents} = ${t.amount_cents} + ${t.fee_cents}`),
  ],
);

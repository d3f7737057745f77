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
  activeFlag,
  isoTimestamp,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { roles } from '../access/schema.ts';
import { companies, stores } from '../organisation/schema.ts';
import { activations } from '../sales/schema.ts';
import { users } from '../users/schema.ts';

/** What a role earns in a category: one plan per role and category; its versions keep each edit. */
export const commissionPlans = pgTable(
  'commission_plans',
  {
    ...tenantColumns(),
    name: text().notNull(),
    role_id: integer().notNull(),
    category: text().notNull(),
    rate_type: text().notNull(),
    rate: integer().notNull(),
    quota_units: integer(),
    rate_above_quota: integer(),
    is_active: activeFlag(),
    version_id: integer(),
    version: integer().notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.role_id, roles),
    unique().on(t.company_id, t.role_id, t.category),
    check(
      'commission_plans_category',
      sql`${t.category} in ('activation', 'upgrade', 'accessory', 'bill_pay')`,
    ),
    check('commission_plans_rate_type', sql`${t.rate_type} in ('flat', 'percent')`),
    check(
      'commission_plans_quota',
      sql`(${t.quota_units} is null) = (${t.rate_above_quota} is null)`,
    ),
  ],
);

/** One version of a plan's rule, as it was saved (never changed; commission lines point here). */
export const commissionRuleVersions = pgTable(
  'commission_rule_versions',
  {
    ...tenantColumns(),
    plan_id: integer().notNull(),
    version: integer().notNull(),
    role_id: integer().notNull(),
    category: text().notNull(),
    rate_type: text().notNull(),
    rate: integer().notNull(),
    quota_units: integer(),
    rate_above_quota: integer(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.plan_id, commissionPlans),
    tenantForeignKey(t.company_id, t.created_by, users),
    unique().on(t.company_id, t.plan_id, t.version),
  ],
);

/** A month of commissions: open (recomputable) or closed (frozen). */
export const commissionPeriods = pgTable(
  'commission_periods',
  {
    ...tenantColumns(),
    period: text().notNull(),
    status: text().notNull().default('open'),
    computed_at: isoTimestamp('computed_at'),
    closed_at: isoTimestamp('closed_at'),
    closed_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.closed_by, users),
    unique().on(t.company_id, t.period),
    check('commission_periods_status', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * One commission line: an employee's earning on a source (an activation or a sale line) under a
 * plan's rule version, its reversal by a return, or a carrier's chargeback. Upserted by (plan,
 * source, kind), so a recompute rewrites the same rows.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    ...tenantColumns(),
    period_id: integer().notNull(),
    employee_id: integer().notNull(),
    store_id: integer(),
    plan_id: integer().notNull(),
    rule_version_id: integer().notNull(),
    category: text().notNull(),
    source_kind: text().notNull(),
    source_id: integer().notNull(),
    kind: text().notNull(),
    units: integer().notNull(),
    basis_cents: integer().notNull(),
    amount_cents: integer().notNull(),
    occurred_at: isoTimestamp('occurred_at').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.period_id, commissionPeriods),
    tenantForeignKey(t.company_id, t.employee_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.plan_id, commissionPlans),
    tenantForeignKey(t.company_id, t.rule_version_id, commissionRuleVersions),
    unique().on(t.company_id, t.plan_id, t.source_kind, t.source_id, t.kind),
    index().on(t.company_id, t.period_id, t.employee_id),
    index().on(t.company_id, t.source_kind, t.source_id),
    check(
      'commission_lines_source_kind',
      sql`${t.source_kind} in ('activation', 'sale_line', 'bill_payment')`,
    ),
    check('commission_lines_kind', sql`${t.kind} in ('earned', 'returned', 'chargeback')`),
  ],
);

/** What a carrier pays per activation: by carrier and plan, or any plan (plan null). */
export const commissionCarrierRates = pgTable(
  'commission_carrier_rates',
  {
    ...tenantColumns(),
    carrier: text().notNull(),
    plan: text(),
    expected_cents: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.carrier, t.plan).nullsNotDistinct(),
  ],
);

/** An imported carrier commission statement (one carrier, one month). */
export const carrierStatements = pgTable(
  'carrier_statements',
  {
    ...tenantColumns(),
    carrier: text().notNull(),
    period: text().notNull(),
    file_name: text(),
    created_by: integer(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.created_by, users),
    index().on(t.company_id, t.carrier, t.period),
  ],
);

/**
 * A reconciliation line: a statement line with the activation it matched (if any) and its class,
 * or an activation of the period the statement does not pay (unpaid, no file line).
 */
export const carrierStatementLines = pgTable(
  'carrier_statement_lines',
  {
    ...tenantColumns(),
    statement_id: integer().notNull(),
    line_no: integer(),
    phone_number: text(),
    imei: text(),
    iccid: text(),
    activation_date: date(),
    paid_cents: integer(),
    expected_cents: integer(),
    activation_id: integer(),
    class: text().notNull(),
    chargeback: boolean().notNull().default(false),
    chargeback_at: isoTimestamp('chargeback_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.statement_id, carrierStatements).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.activation_id, activations),
    index().on(t.company_id, t.statement_id, t.class),
    index().on(t.company_id, t.activation_id),
    check(
      'carrier_statement_lines_class',
      sql`${t.class} in ('paid', 'underpaid', 'overpaid', 'unpaid', 'not_in_pos', 'number_changed')`,
    ),
  ],
);

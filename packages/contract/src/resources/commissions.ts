import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { bulkRowErrorSchema } from '../platform.ts';
import { cents, id, isoDateTime, optionalText } from '../fields.ts';

/* Commissions (issue 17 item 11): plans per role and category with a monthly quota, a month's
 * commission lines computed from the sales and activations (each keeps its rule version, source line
 * and employee), closed periods, the employee's and the manager's statements and their export; and
 * /commission-processing: a carrier's commission statement matched to the activations. */

export const commissionCategories = ['activation', 'upgrade', 'accessory', 'bill_pay'] as const;
export const commissionCategory = z.enum(commissionCategories, { error: 'Choose a category' });
export type CommissionCategory = z.infer<typeof commissionCategory>;
/**
 * What earns in each category: an activation (one unit each); an upgrade is a device sold on a
 * sale (a new device on an existing line); an accessory is an accessory sale line. Bill pay earns
 * nothing until bill payments exist.
 */
export const commissionCategoryLabels: Record<CommissionCategory, string> = {
  activation: 'Activation',
  upgrade: 'Upgrade',
  accessory: 'Accessory',
  bill_pay: 'Bill pay',
};

export const rateTypes = ['flat', 'percent'] as const;
export const rateType = z.enum(rateTypes, { error: 'Choose how the rate is counted' });
export type RateType = z.infer<typeof rateType>;
export const rateTypeLabels: Record<RateType, string> = {
  flat: 'Flat amount per unit',
  percent: "Percent of the line's net",
};

export const commissionMessages = {
  periodInvalid: 'Enter the period as YYYY-MM',
  periodClosed: (period: string) =>
    `The period ${period} is closed: its commission lines are frozen`,
  periodAlreadyClosed: (period: string) => `The period ${period} is already closed`,
  periodNotFound: (period: string) => `The period ${period} has not been computed`,
  planDuplicate: 'This role already has a plan for this category',
  quotaRateNeeded: 'A quota needs the rate paid above it',
  quotaRateWithoutQuota: 'A rate above quota needs a quota',
  percentTooHigh: 'A percentage is at most 100% (10000 basis points)',
  statementFailed: (rows: number) =>
    `${rows} ${rows === 1 ? 'line has' : 'lines have'} errors; nothing was saved`,
  statementImported: (lines: number) => `Statement imported: ${lines} lines classified`,
  chargebackNoActivation: 'This statement line matches no activation: there is nothing to reverse',
  chargebackDone: 'Chargeback confirmed: the commission is reversed',
  chargebackAgain: 'This chargeback is already confirmed',
  computed: (lines: number) => `Commissions computed: ${lines} lines`,
  closed: (period: string) => `Period ${period} closed`,
} as const;

/** A month, `YYYY-MM`. */
export const periodField = z
  .string({ error: commissionMessages.periodInvalid })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, commissionMessages.periodInvalid);

/* ---------------------------------------------------------------- plans */

export const commissionPlanSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  role_id: id,
  role_name: z.string().nullable(),
  category: commissionCategory,
  rate_type: rateType,
  /** cents per unit (flat) or basis points of the net (percent: 250 = 2.5%) */
  rate: z.number().int(),
  /** units a month at `rate`; above it, `rate_above_quota` (null: no quota) */
  quota_units: z.number().int().nullable(),
  rate_above_quota: z.number().int().nullable(),
  is_active: z.boolean(),
  /** the current rule version's id and number (every edit makes a new version) */
  version_id: id.nullable(),
  version: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type CommissionPlan = z.infer<typeof commissionPlanSchema>;

const rateValue = z.number({ error: 'Enter a rate' }).int('Use whole cents or basis points').min(0);
const planWritable = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  role_id: id,
  category: commissionCategory,
  rate_type: rateType,
  rate: rateValue.max(1_000_000),
  quota_units: z.number().int().min(1, 'A quota is at least 1 unit').nullable().optional(),
  rate_above_quota: rateValue.max(1_000_000).nullable().optional(),
  is_active: z.boolean().default(true),
});

/** A plan: what a role earns in a category; every edit is a new rule version. */
export const commissionPlans = defineResource({
  name: 'commission_plans',
  path: '/commission-plans',
  label: { one: 'Commission Plan', many: 'Commission Plans' },
  row: commissionPlanSchema,
  create: planWritable,
  update: planWritable.partial(),
  messages: resourceMessages('Commission plan', 'created'),
  afterSave: '/commission-plans',
  deleteMode: 'deactivate',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'role_id', 'category', 'rate_type', 'is_active', 'created_at'],
  defaultSort: 'name',
  history: true,
  references: { role_id: { resource: 'roles', as: 'role_name' } },
});

/* ---------------------------------------------------------------- carrier rates */

export const carrierRateSchema = z.object({
  id,
  company_id: id,
  carrier: z.string(),
  /** null: any plan of the carrier without a rate of its own */
  plan: z.string().nullable(),
  expected_cents: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type CarrierRate = z.infer<typeof carrierRateSchema>;

const carrierRateWritable = z.strictObject({
  carrier: z.string({ error: 'Carrier is required' }).trim().min(1, 'Carrier is required').max(60),
  plan: optionalText(120),
  expected_cents: cents,
});

/**
 * What a carrier pays the dealer for one activation: by carrier and plan, or for any plan of the
 * carrier (plan empty). A statement line is compared with it.
 */
export const commissionCarrierRates = defineResource({
  name: 'commission_carrier_rates',
  path: '/commission-carrier-rates',
  label: { one: 'Carrier Rate', many: 'Carrier Rates' },
  row: carrierRateSchema,
  create: carrierRateWritable,
  update: carrierRateWritable.partial(),
  messages: resourceMessages('Carrier rate', 'added'),
  afterSave: '/commission-processing/rates',
  deleteMode: 'remove',
  searchFields: ['carrier', 'plan'],
  queryFields: ['id', 'carrier', 'plan', 'expected_cents', 'created_at'],
  defaultSort: 'carrier',
  history: true,
});

/* ---------------------------------------------------------------- periods and lines */

/** What earned a line: an activation, a sale line, or a bill payment (category bill_pay). */
export const sourceKinds = ['activation', 'sale_line', 'bill_payment'] as const;
export type SourceKind = (typeof sourceKinds)[number];
export const lineKinds = ['earned', 'returned', 'chargeback'] as const;
export const lineKindLabels: Record<(typeof lineKinds)[number], string> = {
  earned: 'Earned',
  returned: 'Returned',
  chargeback: 'Chargeback',
};

export const commissionPeriodSchema = z.object({
  period: z.string(),
  status: z.enum(['open', 'closed']),
  computed_at: isoDateTime.nullable(),
  closed_at: isoDateTime.nullable(),
  lines: z.number().int(),
  total_cents: z.number().int(),
});
export type CommissionPeriod = z.infer<typeof commissionPeriodSchema>;

export const periodBody = z.strictObject({ period: periodField });

export const commissionLineSchema = z.object({
  id,
  period: z.string(),
  employee_id: id,
  employee_name: z.string(),
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  plan_id: id,
  plan_name: z.string(),
  rule_version_id: id,
  rule_version: z.number().int(),
  category: commissionCategory,
  source_kind: z.enum(sourceKinds),
  source_id: id,
  /** what earned it, by name: "Activation 3405550191", "Sale #12, line #31", "Bill payment LT-… (…)" */
  source_label: z.string(),
  kind: z.enum(lineKinds),
  units: z.number().int(),
  basis_cents: z.number().int(),
  amount_cents: z.number().int(),
  occurred_at: isoDateTime,
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const statementQuery = z.object({
  period: periodField,
  level: z.enum(['company', 'region', 'district', 'store']).optional(),
  id: z.coerce.number().int().positive().optional(),
});

export const employeeTotalSchema = z.object({
  employee_id: id,
  employee_name: z.string(),
  lines: z.number().int(),
  total_cents: z.number().int(),
});

/** A statement: the lines of one person (mine) or of the people in a scope, and their totals. */
export const statementSchema = z.object({
  period: z.string(),
  status: z.enum(['open', 'closed', 'not_computed']),
  scope: z.string(),
  lines: z.array(commissionLineSchema),
  employees: z.array(employeeTotalSchema),
  total_cents: z.number().int(),
});
export type CommissionStatement = z.infer<typeof statementSchema>;

export const statementExportSchema = z.object({
  file_name: z.string(),
  csv: z.string(),
  total_cents: z.number().int(),
});

/* ---------------------------------------------------------------- carrier statements */

export const reconClasses = [
  'paid',
  'underpaid',
  'overpaid',
  'unpaid',
  'not_in_pos',
  'number_changed',
] as const;
export const reconClass = z.enum(reconClasses);
export type ReconClass = z.infer<typeof reconClass>;
export const reconClassLabels: Record<ReconClass, string> = {
  paid: 'Paid',
  underpaid: 'Underpaid',
  overpaid: 'Overpaid',
  unpaid: 'Unpaid',
  not_in_pos: 'Not in POS',
  number_changed: 'Number changed',
};

/** The columns of a carrier's statement file (headers as written; spaces become underscores). */
export const statementColumns = [
  'phone_number',
  'imei',
  'iccid',
  'activation_date',
  'amount_paid',
] as const;
/** Days either side of the activation date a statement line still matches. */
export const MATCH_WINDOW_DAYS = 3;

export const importStatementBody = z.strictObject({
  carrier: z.string({ error: 'Carrier is required' }).trim().min(1, 'Carrier is required').max(60),
  period: periodField,
  file_name: optionalText(200),
  /** the file's text, header line first */
  csv: z.string().min(1, 'The file is empty').max(5_000_000),
});

export const reconLineSchema = z.object({
  id,
  statement_id: id,
  /** the file's line (null for an unpaid activation, which has none) */
  line_no: z.number().int().nullable(),
  phone_number: z.string().nullable(),
  imei: z.string().nullable(),
  iccid: z.string().nullable(),
  activation_date: z.string().nullable(),
  paid_cents: z.number().int().nullable(),
  expected_cents: z.number().int().nullable(),
  activation_id: id.nullable(),
  activation_phone: z.string().nullable(),
  employee_id: id.nullable(),
  employee_name: z.string().nullable(),
  class: reconClass,
  chargeback: z.boolean(),
  chargeback_at: isoDateTime.nullable(),
});
export type ReconLine = z.infer<typeof reconLineSchema>;

export const carrierStatementSchema = z.object({
  id,
  carrier: z.string(),
  period: z.string(),
  file_name: z.string().nullable(),
  created_at: isoDateTime,
  counts: z.record(z.string(), z.number().int()),
  paid_cents: z.number().int(),
  expected_cents: z.number().int(),
});
export type CarrierStatement = z.infer<typeof carrierStatementSchema>;

export const carrierStatementDetailSchema = carrierStatementSchema.extend({
  lines: z.array(reconLineSchema),
});
export type CarrierStatementDetail = z.infer<typeof carrierStatementDetailSchema>;

export const statementErrorsSchema = z.object({ errors: z.array(bulkRowErrorSchema) });

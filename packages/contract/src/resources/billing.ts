import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name, optionalText } from '../fields.ts';

/** A tax rate in basis points of a percent: 825 is 8.25 %. Never a float (DESIGN.md "Data"). */
export const taxRateBps = z
  .number()
  .int('The rate is a whole number of basis points (825 = 8.25%)')
  .min(0)
  .max(10000);

export const taxInfoSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  rate_bps: z.number().int(),
  /** null: the company-wide rate; otherwise this store's. */
  store_id: id.nullable(),
  created_at: isoDateTime,
});
export type TaxInfo = z.infer<typeof taxInfoSchema>;
const taxInfoWritable = z.strictObject({
  name,
  rate_bps: taxRateBps,
  store_id: id.nullable().default(null),
});

export const taxInfo = defineResource({
  name: 'tax_info',
  path: '/taxInfo',
  label: { one: 'Tax', many: 'Taxes' },
  row: taxInfoSchema,
  create: taxInfoWritable,
  update: taxInfoWritable.partial(),
  messages: resourceMessages('Tax', 'added'),
  deleteMode: 'remove',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'rate_bps', 'store_id', 'company_id', 'created_at'],
  defaultSort: 'name',
});

export const paymentProviders = ['stripe'] as const;

/** A store's account with a payment provider (one per store). */
export const paymentAccountSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  provider: z.enum(paymentProviders),
  account_ref: z.string(),
  display_name: z.string().nullable(),
  charge_enabled: z.boolean(),
  created_at: isoDateTime,
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
const accountRef = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,100}$/, 'Enter the account id the provider gave (e.g. acct_1A2b3C)');
const paymentAccountWritable = z.strictObject({
  store_id: id,
  provider: z.enum(paymentProviders).default('stripe'),
  account_ref: accountRef,
  display_name: optionalText(120),
  charge_enabled: z.boolean().default(false),
});

/**
 * Served on SPEC.md's paths (POST /charge/account, GET /charge/account/{store_id}, PATCH and
 * DELETE /charge/account/{account_id}) by hand-mounted routes, not the generic ones.
 */
export const paymentAccounts = defineResource({
  name: 'payment_accounts',
  path: '/charge/account',
  label: { one: 'Payment Account', many: 'Payment Accounts' },
  row: paymentAccountSchema,
  create: paymentAccountWritable,
  update: paymentAccountWritable.omit({ store_id: true }).partial(),
  messages: resourceMessages('Payment Account', 'added', {
    deleted: 'Payment Account removed',
    notDeleted: 'Payment Account not removed',
  }),
  deleteMode: 'remove',
  searchFields: ['account_ref', 'display_name'],
  queryFields: ['id', 'store_id', 'provider', 'charge_enabled', 'company_id', 'created_at'],
  defaultSort: 'id',
});

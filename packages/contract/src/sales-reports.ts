import { z } from 'zod';
import { id } from './fields.ts';
import { scopeLevels } from './oneview.ts';

/**
 * Sales reports (issue 17 item 12; SPEC.md section 2 "Sales" and section 43 "Reporting"): one
 * summary over completed sales, returns, activations and clocked hours of a scope and a date range
 * (local dates of each store), grouped one way; and the sale lines behind it, paged.
 */
export const salesReportMessages = {
  rangeOrder: 'The start date must be on or before the end date',
  rangeTooLong: 'Choose a range of at most 366 days',
  badDate: 'Dates must be YYYY-MM-DD',
  badGroupBy: 'Group by must be employee, store, district, region, carrier, category or day',
} as const;

export const salesReportGroupBys = [
  'employee',
  'store',
  'district',
  'region',
  'carrier',
  'category',
  'day',
] as const;
export type SalesReportGroupBy = (typeof salesReportGroupBys)[number];
export const salesReportGroupByLabels: Record<SalesReportGroupBy, string> = {
  employee: 'Employee',
  store: 'Store',
  district: 'District',
  region: 'Region',
  carrier: 'Carrier',
  category: 'Category',
  day: 'Day',
};

export const MAX_REPORT_DAYS = 366;

const date = z.iso.date({ error: salesReportMessages.badDate });

/** The range and scope both endpoints take; without a level, the caller's default scope. */
const rangeAndScope = {
  from: date,
  to: date,
  level: z
    .enum(scopeLevels, { error: 'Scope must be company, region, district or store' })
    .optional(),
  id: z.coerce.number().int().positive().optional(),
};

type RangeAndScope = { from: string; to: string; level?: string; id?: number };
const checkRange = (query: RangeAndScope, issues: z.RefinementCtx<RangeAndScope>) => {
  if (query.from > query.to)
    issues.addIssue({ code: 'custom', message: salesReportMessages.rangeOrder, path: ['to'] });
  else if (
    (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 >=
    MAX_REPORT_DAYS
  )
    issues.addIssue({ code: 'custom', message: salesReportMessages.rangeTooLong, path: ['to'] });
  if (query.level && query.level !== 'company' && query.id === undefined)
    issues.addIssue({
      code: 'custom',
      message: 'A region, district or store scope needs an id',
      path: ['id'],
    });
};

/** GET /sales-reports */
export const salesReportQuerySchema = z
  .strictObject({
    ...rangeAndScope,
    group_by: z.enum(salesReportGroupBys, { error: salesReportMessages.badGroupBy }),
  })
  .superRefine(checkRange);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** What a group (or the whole report) adds up to; money in cents. */
export const salesReportFiguresSchema = z.object({
  /** completed sales with at least one line in the group */
  sales_count: z.number().int(),
  units: z.number().int(),
  /** the lines' totals, tax included (what the customers paid) */
  revenue_cents: z.number().int(),
  /** returns made in the range (by the date of the return) */
  returns_count: z.number().int(),
  refunds_cents: z.number().int(),
  /** revenue less refunds */
  net_cents: z.number().int(),
  /** activations made in the range, not canceled */
  activations: z.number().int(),
  /** sales with a device line */
  device_sales: z.number().int(),
  /** share of device sales that also sold an accessory; null without device sales or by line */
  attach_rate: z.number().nullable(),
  /** hours worked (time clock: clock span less unpaid breaks); null where hours have no group */
  labor_hours: z.number().nullable(),
  /** net cents per hour worked; null without hours */
  sales_per_labor_hour_cents: z.number().int().nullable(),
});
export type SalesReportFigures = z.infer<typeof salesReportFiguresSchema>;

export const salesReportRowSchema = salesReportFiguresSchema.extend({
  /** the group's id (user, store, district, region, category), carrier name or date; '' for none */
  key: z.string(),
  label: z.string(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group_by: z.enum(salesReportGroupBys),
  scope_name: z.string(),
  rows: z.array(salesReportRowSchema),
  totals: salesReportFiguresSchema,
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const MAX_DETAIL_PAGE = 1000;

/** GET /sales-reports/details: the sale lines of the range and scope, newest first. */
export const salesDetailsQuerySchema = z
  .strictObject({
    ...rangeAndScope,
    page: z.coerce.number().int().min(0).default(0),
    perPage: z.coerce.number().int().min(1).max(MAX_DETAIL_PAGE).default(50),
  })
  .superRefine(checkRange);
export type SalesDetailsQuery = z.infer<typeof salesDetailsQuerySchema>;
export type SalesDetailsQueryInput = z.input<typeof salesDetailsQuerySchema>;

export const salesDetailRowSchema = z.object({
  line_id: id,
  sale_id: id,
  /** the store's local date and time of the sale, YYYY-MM-DD HH:MM */
  sold_at: z.string(),
  store_id: id,
  store_name: z.string(),
  employee_id: id.nullable(),
  employee_name: z.string().nullable(),
  customer_name: z.string().nullable(),
  product_name: z.string(),
  sku: z.string(),
  kind: z.string(),
  category_name: z.string().nullable(),
  serial: z.string().nullable(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  returned: z.boolean(),
  refund_cents: z.number().int(),
});
export type SalesDetailRow = z.infer<typeof salesDetailRowSchema>;

export const salesDetailsSchema = z.object({
  scope_name: z.string(),
  results: z.array(salesDetailRowSchema),
  total: z.number().int(),
});
export type SalesDetails = z.infer<typeof salesDetailsSchema>;

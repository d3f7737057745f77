import { z } from 'zod';
import { id } from './fields.ts';
import { scopeLevels } from './oneview.ts';
import type { Permission } from './permissions.ts';

/**
 * Reporting (SPEC.md section 2: /reporting/charts, /reporting/charts/new, /user-reporting/*,
 * /reporting/pbi/{report id}): charts over datasets the portal's modules declare. A dataset gives
 * measures (what is summed), the group-bys it supports and its filters (attribute equals value).
 */
export const reportingMessages = {
  chartSaved: 'Chart saved',
  chartUpdated: 'Chart updated',
  chartDeleted: 'Chart deleted',
  unknownDataset: 'This dataset does not exist',
  unknownMeasure: 'This measure does not exist in the dataset',
  unknownGroupBy: 'The dataset cannot be grouped this way',
  unknownFilter: 'This filter does not exist in the dataset',
  unknownFilterValue: 'This filter value does not exist',
  unknownRole: 'A role to share with does not exist',
  notOwner: 'Only the chart’s author can change or delete it',
  powerBiNotConfigured:
    'Power BI is not configured on this server: an administrator must set the POWERBI_* environment variables (see the README) before reports can be shown.',
} as const;

export const chartGroupBys = [
  'employee',
  'store',
  'district',
  'region',
  'day',
  'week',
  'month',
] as const;
export type ChartGroupBy = (typeof chartGroupBys)[number];
export const chartGroupByLabels: Record<ChartGroupBy, string> = {
  employee: 'Employee',
  store: 'Store',
  district: 'District',
  region: 'Region',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

export const chartTypes = ['bar', 'line', 'pie', 'table'] as const;
export type ChartType = (typeof chartTypes)[number];

/**
 * One measure of a dataset. `money`: its values are integer cents (summed as integers on the
 * server); the screens and exports show them as dollars (`dollars`, `centsAsDecimal`).
 */
export interface DatasetMeasure {
  key: string;
  label: string;
  money?: boolean;
  /** A store's figure for the day on the daily snapshot (summed over the day's records). */
  snapshot?: boolean;
}

/** A money measure's value (integer cents) as a plain decimal for exports: 123456 -> "1234.56". */
export const centsAsDecimal = (cents: number): string => (cents / 100).toFixed(2);

/** What a module declares about one of its datasets (the rows come from its server side). */
export interface DatasetDeclaration {
  key: string;
  title: string;
  description: string;
  /** Who may chart it; null for every signed-in user. */
  permission: Permission | null;
  measures: DatasetMeasure[];
  groupBys: readonly ChartGroupBy[];
  filters: { key: string; label: string; options: { value: string; label: string }[] }[];
}

export const datasetSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  measures: z.array(
    z.object({ key: z.string(), label: z.string(), money: z.boolean().default(false) }),
  ),
  groupBys: z.array(z.enum(chartGroupBys)),
  filters: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      options: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  ),
});

const key = z.string().trim().min(1).max(64);

/** What a chart asks for: dataset, measure, group-by, filters, scope and the last `days` days. */
export const chartQuerySchema = z.strictObject({
  dataset: key,
  measure: key,
  group_by: z.enum(chartGroupBys, {
    error: 'Group by must be employee, store, district, region, day, week or month',
  }),
  filters: z.record(key, z.string().trim().min(1).max(120)).default({}),
  chart_type: z.enum(chartTypes, { error: 'Chart type must be bar, line, pie or table' }),
  /** The scope bar's choice (null: the viewer's default scope, as on OneView). */
  scope_level: z.enum(scopeLevels).nullable().default(null),
  scope_id: id.nullable().default(null),
  days: z.number().int().min(1, 'At least 1 day').max(366, 'At most 366 days').default(30),
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;
export type ChartQueryInput = z.input<typeof chartQuerySchema>;

export const chartSaveSchema = chartQuerySchema.extend({
  name: z.string().trim().min(1, 'Name is required').max(120),
  /** Roles that see the chart in their list (besides its author). */
  shared_role_ids: z.array(id).max(100).default([]),
});
export type ChartSave = z.infer<typeof chartSaveSchema>;
export type ChartSaveInput = z.input<typeof chartSaveSchema>;

export const chartPointSchema = z.object({ key: z.string(), label: z.string(), value: z.number() });
export type ChartPoint = z.infer<typeof chartPointSchema>;

export const chartResultSchema = z.object({
  dataset: z.string(),
  measure: z.string(),
  measure_label: z.string(),
  /** The measure is money: `value` and `total` are integer cents. */
  money: z.boolean(),
  group_by: z.enum(chartGroupBys),
  scope_name: z.string(),
  from: z.string(),
  to: z.string(),
  points: z.array(chartPointSchema),
  total: z.number(),
});
export type ChartResult = z.infer<typeof chartResultSchema>;

export const savedChartSchema = z.object({
  id,
  name: z.string(),
  dataset: z.string(),
  measure: z.string(),
  group_by: z.enum(chartGroupBys),
  filters: z.record(z.string(), z.string()),
  chart_type: z.enum(chartTypes),
  scope_level: z.enum(scopeLevels).nullable(),
  scope_id: id.nullable(),
  days: z.number().int(),
  shared_role_ids: z.array(id),
  owner_id: id,
  owner_name: z.string(),
  /** Whether the caller wrote it (else it is shared with one of their roles). */
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedChart = z.infer<typeof savedChartSchema>;

/** GET /reporting/pbi/{report id}/embed: what the Power BI client needs, or why it cannot show. */
export const powerBiEmbedSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false), message: z.string() }),
  z.object({
    configured: z.literal(true),
    report_id: z.string(),
    embed_url: z.string(),
    access_token: z.string(),
    expires_at: z.string(),
  }),
]);
export type PowerBiEmbed = z.infer<typeof powerBiEmbedSchema>;

export const POWERBI_REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /organization-chart: the company's tree and its people, each with their supervisor. */
export const orgChartSchema = z.object({
  company: z.string(),
  regions: z.array(z.object({ id, name: z.string() })),
  districts: z.array(z.object({ id, name: z.string(), region_id: id.nullable() })),
  stores: z.array(z.object({ id, name: z.string(), district_id: id.nullable() })),
  people: z.array(
    z.object({
      id,
      name: z.string(),
      role: z.string(),
      store_id: id.nullable(),
      supervisor_id: id.nullable(),
      supervisor_name: z.string().nullable(),
    }),
  ),
});
export type OrgChart = z.infer<typeof orgChartSchema>;

/** GET /daily-snapshot: one day of a store or a district's stores (each store a printable page). */
export const dailySnapshotQuerySchema = z.object({
  level: z.enum(['store', 'district'], { error: 'Choose a store or a district' }),
  id: z.coerce.number().int().positive(),
  date: z.iso.date({ error: 'The day must be a date (YYYY-MM-DD)' }),
});
export type DailySnapshotQuery = z.infer<typeof dailySnapshotQuerySchema>;

const snapshotFigures = {
  staff: z.number().int(),
  scheduled_hours: z.number(),
  worked_hours: z.number(),
  late: z.number().int(),
  absent: z.number().int(),
  breaks: z.number().int(),
  break_hours: z.number(),
};
/**
 * A figure of the day from a dataset the caller may read (its measures declared `snapshot`: the
 * sales and store orders), keyed `<dataset>.<measure>`; money in integer cents.
 */
export const snapshotDatasetFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  money: z.boolean(),
});
export type SnapshotDatasetFigure = z.infer<typeof snapshotDatasetFigureSchema>;

export const dailySnapshotSchema = z.object({
  date: z.string(),
  scope_name: z.string(),
  /** The zone the times are shown in (the store's; a district's first store's). */
  time_zone: z.string(),
  totals: z.object(snapshotFigures),
  figures: z.array(snapshotDatasetFigureSchema),
  stores: z.array(
    z.object({
      id,
      name: z.string(),
      totals: z.object(snapshotFigures),
      figures: z.array(snapshotDatasetFigureSchema),
      people: z.array(
        z.object({
          user_id: id,
          name: z.string(),
          shift_start: z.string().nullable(),
          shift_end: z.string().nullable(),
          clock_in: z.string().nullable(),
          clock_out: z.string().nullable(),
          scheduled_hours: z.number(),
          worked_hours: z.number(),
          late_minutes: z.number().int(),
          absent: z.boolean(),
          breaks: z.number().int(),
          break_minutes: z.number().int(),
        }),
      ),
    }),
  ),
});
export type DailySnapshot = z.infer<typeof dailySnapshotSchema>;

import { z } from 'zod';

// ---- Secure public links (apps/api/src/platform/public-links.ts)

export const publicLinkMessages = {
  notFound: 'Link not found',
  expired: 'This link has expired',
  revoked: 'This link has been revoked',
  used: 'This link has already been used',
  created: 'Link created',
  revokedOk: 'Link revoked',
  acted: 'Done',
} as const;

/** A link token: 32 random bytes and a 32-byte HMAC, both base64url, joined by a dot. */
export const publicLinkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/, 'is not a link token');

export const publicLinkRowSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  record_id: z.number().int(),
  action: z.string(),
  expires_at: z.string(),
  single_use: z.boolean(),
  used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type PublicLinkRow = z.infer<typeof publicLinkRowSchema>;

export const createPublicLinkSchema = z.strictObject({
  resource: z.string().min(1).max(60),
  record_id: z.number().int().positive(),
  action: z.string().min(1).max(40),
  /** how long the link lasts, in hours (at most 90 days) */
  expires_in_hours: z
    .number()
    .int()
    .min(1)
    .max(90 * 24),
  single_use: z.boolean().default(false),
});

/** A created link: the row and, once only, the token and the URL path to open it. */
export const createdPublicLinkSchema = publicLinkRowSchema.extend({
  token: z.string(),
  path: z.string(),
});

/** What opening a link (GET) shows: what it is for and the record's public view. */
export const openedPublicLinkSchema = z.object({
  resource: z.string(),
  record_id: z.number().int(),
  action: z.string(),
  expires_at: z.string(),
  single_use: z.boolean(),
  view: z.record(z.string(), z.unknown()),
});

export const publicLinkEventSchema = z.object({
  id: z.number().int(),
  link_id: z.number().int(),
  kind: z.enum(['view', 'action']),
  outcome: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
});

// ---- Background jobs (apps/api/src/platform/jobs.ts)

export const jobScheduleSchema = z.object({
  name: z.string(),
  interval_seconds: z.number().int(),
  next_run_at: z.string(),
  running: z.boolean(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  consecutive_failures: z.number().int(),
  total_failures: z.number().int(),
  total_runs: z.number().int(),
});

export const queuedJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int().nullable(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  run_at: z.string(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});

export const jobsOverviewSchema = z.object({
  schedules: z.array(jobScheduleSchema),
  queue: z.array(queuedJobSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

// ---- Settings inherited down the org tree (apps/api/src/platform/settings.ts)

export const settingScopes = ['company', 'region', 'district', 'store'] as const;
export type SettingScope = (typeof settingScopes)[number];

export const settingValueSchema = z.object({
  scope: z.enum(settingScopes),
  /** the region's, district's or store's id; 0 for the company */
  scope_id: z.number().int().min(0),
  value: z.unknown(),
});

export const settingOverviewSchema = z.object({
  key: z.string(),
  default: z.unknown(),
  /** the value a store gets (nearest wins), when `store_id` was asked for */
  effective: z.unknown().optional(),
  /** where the effective value came from */
  effective_from: z.enum([...settingScopes, 'default']).optional(),
  values: z.array(settingValueSchema),
});

/**
 * A setting's variant key (a carrier's own value of a setting that declares variants):
 * `sales.remorse_window_days` and `AT&T` give `sales.remorse_window_days.at_t`; null when the name
 * has no letter or digit.
 */
export function settingVariantKey(key: string, name: string): string | null {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug ? `${key}.${slug}` : null;
}

export const putSettingSchema = z.strictObject({
  scope: z.enum(settingScopes),
  scope_id: z.number().int().min(0),
  /** the new value, or null to remove this level's value (the next one up applies again) */
  value: z.unknown(),
});

export const settingMessages = {
  saved: 'Setting saved',
  removed: 'Setting removed',
  unknown: 'Unknown setting',
  companyScopeId: 'The company level takes scope_id 0',
} as const;

// ---- Bulk CSV on engine resources (apps/api/src/platform/resources/bulk.ts)

/** A file holds at most this many rows unless the resource's `bulk.maxRows` says otherwise. */
export const BULK_MAX_ROWS = 5000;

/** POST {path}/bulk, PATCH {path}/bulk, POST {path}/bulk/delete. */
export const bulkRequestSchema = z.strictObject({
  /** the file's text, header line first */
  csv: z.string().min(1, 'The file is empty').max(10_000_000),
  /** check every row and report, but save nothing */
  dry_run: z.boolean().default(false),
});

/** One problem of the file: its line (1 is the header), its column (null: the whole line). */
export const bulkRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

export const bulkResultSchema = z.object({
  /** rows created, updated or deleted (or that would be, on a dry run) */
  count: z.number().int(),
  dry_run: z.boolean(),
  ids: z.array(z.number().int()),
});

export const bulkMessages = {
  created: (count: number, label: string) => `${count} ${label} created`,
  updated: (count: number, label: string) => `${count} ${label} updated`,
  deleted: (count: number, label: string) => `${count} ${label} deleted`,
  checked: (count: number) => `${count} rows checked; nothing was saved`,
  failed: (rows: number) =>
    `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; nothing was saved`,
  noRows: 'The file has no rows',
  tooMany: (max: number) => `A file may hold at most ${max} rows`,
  unknownColumn: (column: string) => `Unknown column ${column}`,
  missingId: 'The file needs an id column',
} as const;

import { z } from 'zod';

export const DEFAULT_PAGE = 0;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 10000;
/** Page-size choices of the data table (SPEC.md section 5) and its default (section 9). */
export const TABLE_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 50;

const csv = z
  .string()
  .max(500)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

/**
 * The one list query every resource accepts (DESIGN.md): strict on the server, so a typo in a
 * parameter is a 400 rather than a silently ignored filter.
 */
export const listQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(DEFAULT_PAGE),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  // A key inside a keyed field (`extra_fields.storage_gb`, see keyedFields) makes a longer name.
  filter: z.record(z.string().max(80), z.string().max(200)).optional(),
  related: csv.optional(),
  sort: z
    .string()
    .regex(
      /^-?[a-z_][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$/i,
      'sort takes a field name, optionally prefixed with -',
    )
    .optional(),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

export const relatedQuerySchema = z.strictObject({ related: csv.optional() });

/**
 * A numeric id in a path: digits only, so `/stores/abc` and `/stores/-1` are a clear 400 with
 * `message`; `maxDigits` 9 where the id is a 32-bit column (a longer number would overflow it).
 */
export const pathId = (maxDigits = 15, message = 'must be a positive whole number') =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), message)
    .transform(Number);

/** The params of a `/:id` route (see pathId). */
export const pathIdParams = (maxDigits = 15) => z.object({ id: pathId(maxDigits) });

/** Numeric ids in paths: digits only, so `/stores/abc` and `/stores/-1` are a clear 400. */
export const idParamsSchema = z.strictObject({
  id: pathId(15, 'id must be a positive whole number'),
});

import { z } from 'zod';

/** Every API reply has this shape (DESIGN.md "API conventions"). */
export const replySchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

/**
 * Lists answer `data: { results, total }`. Above a few thousand matching rows the total is the
 * database's estimate and `total_estimated: true` says so (absent when the total is exact).
 */
export const listDataSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    results: z.array(row),
    total: z.number().int(),
    total_estimated: z.boolean().optional(),
  });

export const countDataSchema = z.object({
  total: z.number().int(),
  total_estimated: z.boolean().optional(),
});

/** Per-field messages, keyed by dotted field path, so a form can show them on its field. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorReplySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Usually null; a conflict may say more (e.g. `{ user_exist_flag: true }`). */
  data: z.record(z.string(), z.unknown()).nullable(),
  errors: fieldErrorsSchema.optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export interface Reply<T> {
  success: boolean;
  message: string;
  data: T;
}
export interface ListData<T> {
  results: T[];
  total: number;
  /** True when `total` is an estimate (large lists); absent when exact. */
  total_estimated?: boolean;
}

/** HTTP statuses the portal uses, by what they mean. 460 is the portal's own "session is gone". */
export const httpStatus = {
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  sessionExpired: 460,
  serverError: 500,
} as const;

import { z } from 'zod';
import { id } from '../fields.ts';
import { roleKeys } from '../roles.ts';

/** SPEC.md section 8: enable and disable (deactivate is DELETE /users/{id}: 'User Deactivated'). */
export const userStatusMessages = {
  enabled: 'User enabled',
  disabled: 'User disabled',
  notEnabled: 'User not enabled',
  notDisabled: 'User not disabled',
} as const;
export const USER_ENABLE_PATH = '/users/enable';
export const USER_DISABLE_PATH = '/users/disable';

/** GET /user-roles: the roles the caller may give a user, and the base roles a new role may take. */
export const userRolesSchema = z.object({
  results: z.array(
    z.object({ id, name: z.string(), base_role: z.enum(roleKeys), access_level: z.number().int() }),
  ),
  total: z.number().int(),
  base_roles: z.array(z.object({ base_role: z.enum(roleKeys), access_level: z.number().int() })),
});
export type UserRoles = z.infer<typeof userRolesSchema>;

/** POST /user-bulk-upload. */
export const USER_BULK_UPLOAD_MAX_ROWS = 1000;
/** The CSV's columns; `role` is a role's name or base role, `stores` store ids (unique_id) split by `;`. */
export const userBulkUploadColumns = [
  'email',
  'first_name',
  'last_name',
  'role',
  'password',
  'stores',
  'is_b2b',
] as const;
export const userBulkUploadRequiredColumns = ['email', 'first_name', 'last_name', 'role'] as const;

export const userBulkUploadRequestSchema = z
  .strictObject({
    /** preview validates and reports; commit writes every row or none. */
    mode: z.enum(['preview', 'commit']).default('preview'),
    /** The file's text, header line first. */
    csv: z.string().max(2_000_000).optional(),
    /** Or rows already split into columns; row n is reported as line n + 1 (after a header). */
    rows: z
      .array(z.record(z.string().max(40), z.string().max(1000)))
      .max(USER_BULK_UPLOAD_MAX_ROWS)
      .optional(),
  })
  .refine((body) => (body.csv === undefined) !== (body.rows === undefined), {
    message: 'Send either csv or rows',
    path: ['csv'],
  });
export type UserBulkUploadRequest = z.input<typeof userBulkUploadRequestSchema>;

export const userBulkUploadErrorSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type UserBulkUploadError = z.infer<typeof userBulkUploadErrorSchema>;

export const userBulkUploadResultSchema = z.object({
  mode: z.enum(['preview', 'commit']),
  valid: z.boolean(),
  total: z.number().int(),
  created: z.number().int(),
  errors: z.array(userBulkUploadErrorSchema),
  rows: z.array(
    z.object({
      line: z.number().int(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      role: z.string(),
      stores: z.array(z.string()),
      user_id: id.nullable(),
    }),
  ),
});
export type UserBulkUploadResult = z.infer<typeof userBulkUploadResultSchema>;

export const userBulkUploadMessages = {
  previewOk: 'All rows are valid',
  previewErrors: 'Some rows have errors',
  committed: (count: number) => `${count} ${count === 1 ? 'user' : 'users'} created`,
  notCommitted: 'Users not created: fix the rows with errors and upload again',
} as const;

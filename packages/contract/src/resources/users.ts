import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { email, id, isoDateTime, name, optionalLink, optionalText } from '../fields.ts';

/** A user as the API shows it: never a password hash, PIN hash or face data. */
export const userSchema = z.object({
  id,
  uuid: z.uuid(),
  company_id: id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_id: id,
  access_level: z.number().int(),
  current_store: id.nullable(),
  profile_photo: z.string().nullable(),
  job_order_type: z.string().nullable(),
  business_type: z.string().nullable(),
  dealer_id: id.nullable(),
  vendor_id: id.nullable(),
  is_active: z.boolean(),
  is_locked: z.boolean(),
  is_deleted: z.boolean(),
  is_b2b: z.boolean(),
  created_at: isoDateTime,
  /**
   * Whether the caller may act on this user (edit, lock, set a password, disable, delete): the
   * server's rank rule (themselves, or strictly below them). On rows read through /users.
   */
  can_manage: z.boolean().optional(),
  /** The role's and the store's names, so a screen needs no read of /roles or /stores. */
  role_name: z.string().nullable().optional(),
  store_name: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** At least 8 characters; the sign-in issue adds the common-password check on the server. */
export const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

const userWritable = z.strictObject({
  email,
  first_name: name,
  last_name: name,
  role_id: id,
  current_store: id.nullable().default(null),
  profile_photo: optionalLink(1000),
  job_order_type: optionalText(60),
  business_type: optionalText(60),
  is_b2b: z.boolean().default(false),
});

export const users = defineResource({
  name: 'users',
  path: '/users',
  label: { one: 'User', many: 'Users' },
  row: userSchema,
  create: userWritable.extend({ password }),
  update: userWritable.partial(),
  messages: resourceMessages('User', 'created', {
    deleted: 'User Deactivated',
    notDeleted: 'User not deactivated',
  }),
  afterSave: '/users',
  deleteMode: 'flag',
  searchFields: ['email', 'first_name', 'last_name'],
  queryFields: [
    'id',
    'email',
    'first_name',
    'last_name',
    'role_id',
    'access_level',
    'current_store',
    'is_active',
    'is_deleted',
    'company_id',
    'created_at',
  ],
  defaultSort: 'last_name',
  references: {
    role_id: { resource: 'roles', as: 'role_name' },
    current_store: { resource: 'stores', as: 'store_name' },
  },
});

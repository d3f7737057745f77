import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name } from '../fields.ts';

const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,59}$/, 'Use lowercase letters, digits and underscores');

/**
 * A field of a module's forms (sales, customers, contact us, ...) as the company configures it:
 * its label, whether it shows, whether it is required and where it sits.
 */
export const moduleFieldSchema = z.object({
  id,
  company_id: id,
  module: z.string(),
  field_key: z.string(),
  label: z.string(),
  is_visible: z.boolean(),
  is_required: z.boolean(),
  order: z.number().int(),
  created_at: isoDateTime,
});
export type ModuleField = z.infer<typeof moduleFieldSchema>;
const order = z.number().int().min(0).max(100000);
const moduleFieldWritable = z.strictObject({
  module: key,
  field_key: key,
  label: name,
  is_visible: z.boolean().default(true),
  is_required: z.boolean().default(false),
  order: order.default(0),
});

export const moduleFields = defineResource({
  name: 'module_fields',
  path: '/module-fields-admin',
  label: { one: 'Module Field', many: 'Module Fields' },
  row: moduleFieldSchema,
  create: moduleFieldWritable,
  update: moduleFieldWritable.partial(),
  messages: resourceMessages('Module field', 'added'),
  deleteMode: 'remove',
  searchFields: ['label', 'field_key', 'module'],
  queryFields: [
    'id',
    'module',
    'field_key',
    'label',
    'is_visible',
    'is_required',
    'order',
    'company_id',
  ],
  defaultSort: 'order',
});

export const MODULE_FIELDS_BULK_MAX = 500;

/** PATCH /module-fields-admin/update/bulk: many rows, one transaction, all or nothing. */
export const moduleFieldBulkUpdateSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id,
        field_key: key.optional(),
        label: name.optional(),
        is_visible: z.boolean().optional(),
        is_required: z.boolean().optional(),
        order: order.optional(),
      }),
    )
    .min(1, 'Send at least one field')
    .max(MODULE_FIELDS_BULK_MAX)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      message: 'Each field may appear once',
    }),
});
export type ModuleFieldBulkUpdate = z.input<typeof moduleFieldBulkUpdateSchema>;
export const moduleFieldMessages = {
  bulkUpdated: 'Module fields updated',
  notBulkUpdated: 'Module fields not updated',
} as const;

/** GET /public/module-fields-admin?company_id=: what a public form of that company shows. */
export const publicModuleFieldsQuerySchema = z.strictObject({
  company_id: z
    .string()
    .regex(/^\d{1,15}$/, 'company_id must be a positive whole number')
    .transform(Number),
  module: key.optional(),
});
export const publicModuleFieldSchema = moduleFieldSchema.pick({
  module: true,
  field_key: true,
  label: true,
  is_required: true,
  order: true,
});
export type PublicModuleField = z.infer<typeof publicModuleFieldSchema>;

/** Per-role visibility of a module field (/settings/role-based-fields). */
export const roleBasedFieldSchema = z.object({
  id,
  company_id: id,
  role_id: id,
  module_field_id: id,
  is_visible: z.boolean(),
  is_editable: z.boolean(),
  created_at: isoDateTime,
});
export type RoleBasedField = z.infer<typeof roleBasedFieldSchema>;
const roleBasedFieldWritable = z.strictObject({
  role_id: id,
  module_field_id: id,
  is_visible: z.boolean().default(true),
  is_editable: z.boolean().default(true),
});

export const roleBasedFields = defineResource({
  name: 'role_based_fields',
  path: '/role-based-fields',
  label: { one: 'Role Based Field', many: 'Role Based Fields' },
  row: roleBasedFieldSchema,
  create: roleBasedFieldWritable,
  update: roleBasedFieldWritable.omit({ role_id: true, module_field_id: true }).partial(),
  messages: resourceMessages('Role based field', 'added'),
  deleteMode: 'remove',
  searchFields: [],
  queryFields: ['id', 'role_id', 'module_field_id', 'is_visible', 'is_editable', 'company_id'],
  defaultSort: 'role_id',
});

import { z } from 'zod';
import { defineFlatResource } from '../flat-resource.ts';
import { defineResource, resourceMessages } from '../resource.ts';
import { cents, id, isoDateTime, name, optionalLink, optionalText } from '../fields.ts';

export const categorySchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  description: z.string().nullable(),
  created_at: isoDateTime,
});
export type Category = z.infer<typeof categorySchema>;
const categoryWritable = z.strictObject({ name, description: optionalText(500) });

export const categories = defineResource({
  name: 'categories',
  path: '/categories',
  label: { one: 'Category', many: 'Categories' },
  row: categorySchema,
  create: categoryWritable,
  update: categoryWritable.partial(),
  messages: resourceMessages('Category', 'added'),
  afterSave: '/categories',
  deleteMode: 'remove',
  searchFields: ['name', 'description'],
  queryFields: ['id', 'name', 'company_id', 'created_at'],
  defaultSort: 'name',
  bulk: { maxRows: 1000 },
});

/** Why a stock count or a price changed (SPEC.md /adjustment-reasons). */
export const adjustmentReasons = defineFlatResource({
  name: 'adjustment_reasons',
  path: '/adjustment-reasons',
  label: { one: 'Adjustment Reason', many: 'Adjustment Reasons' },
  row: { description: z.string().nullable() },
  writable: { description: optionalText(500) },
  searchFields: ['name', 'description'],
});
export type AdjustmentReason = z.infer<typeof adjustmentReasons.row>;

export const manufacturers = defineFlatResource({
  name: 'manufacturers',
  path: '/manufacturers',
  label: { one: 'Manufacturer', many: 'Manufacturers' },
  row: { website: z.string().nullable() },
  writable: { website: optionalLink(300) },
});
export type Manufacturer = z.infer<typeof manufacturers.row>;

/** A phone or tablet (a device, tracked by IMEI) or an accessory (SPEC.md /products, /accessories). */
export const productKinds = ['device', 'accessory'] as const;
export const productKind = z.enum(productKinds);
export type ProductKind = z.infer<typeof productKind>;
/**
 * What the counter sells beyond stock: a carrier plan or a feature (insurance, hotspot,
 * international) added to a customer's line (/features-addons-sale). Never ordered from the
 * warehouse (the shop and the cart take product kinds only), never serialised.
 */
export const serviceKinds = ['plan', 'feature'] as const;
export const catalogKinds = [...productKinds, ...serviceKinds] as const;
export const catalogKind = z.enum(catalogKinds);
export type CatalogKind = z.infer<typeof catalogKind>;

/** A tax rate in basis points (825 = 8.25 %), never a float. */
const taxBps = z
  .number({ error: 'Enter a tax rate' })
  .int('The rate is a whole number of basis points (825 = 8.25%)')
  .min(0, 'The rate cannot be negative')
  .max(10_000, 'The rate is at most 10000 (100%)');

/** A device type field's value on a product: text, a number, a select's option or yes/no. */
export const extraFieldValue = z.union([z.string(), z.number(), z.boolean()]);
export type ExtraFieldValue = z.infer<typeof extraFieldValue>;

const leadDays = z
  .number({ error: 'Enter a number of days' })
  .int('Enter whole days')
  .min(0, 'Lead days cannot be negative')
  .max(365, 'Lead days are at most 365');

export const productSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  sku: z.string(),
  manufacturer_id: id.nullable(),
  manufacturer_name: z.string().nullable(),
  category_id: id.nullable(),
  category_name: z.string().nullable(),
  /** the inventory app's brand (/inventory/brands) */
  brand_id: id.nullable(),
  brand_name: z.string().nullable(),
  kind: catalogKind,
  /** the warehouse price a store pays, in cents */
  price_cents: cents,
  /** tax charged on the price, in basis points (825 = 8.25 %) */
  tax_bps: z.number().int(),
  /** tracked unit by unit (IMEI or serial number) */
  is_serialized: z.boolean(),
  /** days from ordering to having it on the shelf (the suggested order); null: the company's */
  lead_days: z.number().int().nullable(),
  /** the values of its category's device type fields (/device-type-fields), by key */
  extra_fields: z.record(z.string(), extraFieldValue),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type Product = z.infer<typeof productSchema>;
const productWritable = z.strictObject({
  name,
  sku: z.string().trim().min(1, 'SKU is required').max(64),
  manufacturer_id: id.nullable().optional(),
  category_id: id.nullable().optional(),
  brand_id: id.nullable().optional(),
  kind: catalogKind.default('device'),
  price_cents: cents,
  tax_bps: taxBps.default(0),
  is_serialized: z.boolean().default(false),
  lead_days: leadDays.nullable().optional(),
  /** checked on the server against the category's device type fields (400 naming the field) */
  extra_fields: z.record(z.string(), extraFieldValue.nullable()).optional(),
});

/** The warehouse catalogue: what a store can order (SPEC.md /products). */
export const products = defineResource({
  name: 'products',
  path: '/products',
  label: { one: 'Product', many: 'Products' },
  row: productSchema,
  create: productWritable,
  update: productWritable.partial(),
  messages: resourceMessages('Product', 'created'),
  afterSave: '/products',
  deleteMode: 'deactivate',
  searchFields: ['name', 'sku'],
  queryFields: [
    'id',
    'name',
    'sku',
    'manufacturer_id',
    'category_id',
    'brand_id',
    'kind',
    'price_cents',
    'is_serialized',
    'lead_days',
    'is_active',
    'created_at',
  ],
  // The device type fields' values: list columns filtered and sorted as extra_fields.<key>.
  keyedFields: ['extra_fields'],
  defaultSort: 'name',
  references: {
    manufacturer_id: { resource: 'manufacturers', as: 'manufacturer_name' },
    category_id: { resource: 'categories', as: 'category_name' },
    brand_id: { resource: 'brands', as: 'brand_name' },
  },
});

/**
 * Extra fields per device type (SPEC.md /device-type-fields): a device type is a product category
 * (Smartphones, Tablets); each of its fields has a key, a label, a type and whether it is required.
 * Products of that category show them on their form and keep the values in `extra_fields`.
 */
export const deviceFieldTypes = ['text', 'number', 'select', 'boolean'] as const;
export const deviceFieldType = z.enum(deviceFieldTypes, { error: 'Choose a field type' });
export type DeviceFieldType = z.infer<typeof deviceFieldType>;
export const deviceFieldTypeLabels: Record<DeviceFieldType, string> = {
  text: 'Text',
  number: 'Number',
  select: 'Select',
  boolean: 'Yes/No',
};

export const deviceTypeFieldMessages = {
  selectNeedsOptions: 'A select needs at least one option',
  optionsOnlyForSelect: 'Only a select has options',
  required: (label: string) => `${label} is required`,
  notNumber: (label: string) => `${label} must be a number`,
  notText: (label: string) => `${label} must be text`,
  notYesNo: (label: string) => `${label} must be yes or no`,
  notOption: (label: string, options: readonly string[]) =>
    `${label} must be one of ${options.join(', ')}`,
  unknown: (key: string, category: string) => `${category} has no field ${key}`,
  noCategory: (key: string) => `${key} needs a category with device type fields`,
  tooLong: (label: string) => `${label} is at most 500 characters`,
} as const;

export const deviceTypeFieldSchema = z.object({
  id,
  company_id: id,
  /** the device type: a product category */
  category_id: id,
  category_name: z.string().nullable(),
  key: z.string(),
  label: z.string(),
  field_type: deviceFieldType,
  /** a select's choices (empty for the other types) */
  options: z.array(z.string()),
  is_required: z.boolean(),
  order: z.number().int(),
  created_at: isoDateTime,
});
export type DeviceTypeField = z.infer<typeof deviceTypeFieldSchema>;

const deviceFieldKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,59}$/, 'Use lowercase letters, digits and underscores');
const deviceFieldOptions = z
  .array(z.string().trim().min(1, 'An option cannot be empty').max(100))
  .max(50, 'At most 50 options')
  .refine((options) => new Set(options).size === options.length, {
    message: 'Each option may appear once',
  });
const deviceTypeFieldWritable = z.strictObject({
  category_id: id,
  key: deviceFieldKey,
  label: name,
  field_type: deviceFieldType,
  options: deviceFieldOptions.default([]),
  is_required: z.boolean().default(false),
  order: z.number().int().min(0).max(100_000).default(0),
});

export const deviceTypeFields = defineResource({
  name: 'device_type_fields',
  path: '/device-type-fields',
  label: { one: 'Device Type Field', many: 'Device Type Fields' },
  row: deviceTypeFieldSchema,
  create: deviceTypeFieldWritable.refine(
    (field) => field.field_type !== 'select' || field.options.length > 0,
    { message: deviceTypeFieldMessages.selectNeedsOptions, path: ['options'] },
  ),
  update: deviceTypeFieldWritable
    .extend({ options: deviceFieldOptions })
    .partial()
    .omit({ category_id: true }),
  messages: resourceMessages('Device type field', 'added'),
  afterSave: '/device-type-fields',
  deleteMode: 'remove',
  searchFields: ['label', 'key'],
  queryFields: ['id', 'category_id', 'key', 'label', 'field_type', 'is_required', 'order'],
  defaultSort: 'order',
  references: { category_id: { resource: 'categories', as: 'category_name' } },
});

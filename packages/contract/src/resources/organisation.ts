import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import {
  hexColor,
  id,
  isoDateTime,
  name,
  optionalLink,
  optionalText,
  timeZone,
} from '../fields.ts';
import {
  DEFAULT_THEME_COLOR,
  DEFAULT_TIMEOUT_LIMIT_MINUTES,
  DEFAULT_TIMEZONE,
} from '../constants.ts';

export const companySchema = z.object({
  id,
  name,
  theme_color: hexColor,
  logo_url: z.string().nullable(),
  timezone: z.string(),
  timeout_limit: z.number().int(),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type Company = z.infer<typeof companySchema>;

const companyWritable = z.strictObject({
  name,
  theme_color: hexColor.default(DEFAULT_THEME_COLOR),
  logo_url: optionalLink(1000),
  timezone: timeZone.default(DEFAULT_TIMEZONE),
  timeout_limit: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_TIMEOUT_LIMIT_MINUTES),
});

export const companies = defineResource({
  name: 'companies',
  path: '/companies',
  label: { one: 'Company', many: 'Companies' },
  row: companySchema,
  create: companyWritable,
  update: companyWritable.partial(),
  messages: resourceMessages('Company', 'added'),
  afterSave: '/companies',
  deleteMode: 'deactivate',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'is_active', 'created_at'],
  defaultSort: 'name',
});

/**
 * /my-company-settings (SPEC.md sections 2 and 6): a user with can_edit_own_company_settings reads
 * and changes their own company, whatever their role (GET and PATCH on this path; never another
 * company's). The body is the company's own fields without create defaults, so a field left out
 * keeps its value.
 */
export const OWN_COMPANY_SETTINGS_PATH = '/company-settings';
export const ownCompanyUpdateSchema = z
  .strictObject({
    name: companyWritable.shape.name,
    theme_color: companyWritable.shape.theme_color.removeDefault(),
    logo_url: companyWritable.shape.logo_url,
    timezone: companyWritable.shape.timezone.removeDefault(),
    timeout_limit: companyWritable.shape.timeout_limit.removeDefault(),
  })
  .partial();
export type OwnCompanyUpdate = z.input<typeof ownCompanyUpdateSchema>;

const tenantRowFields = { id, company_id: id, is_active: z.boolean(), created_at: isoDateTime };

export const regionSchema = z.object({ ...tenantRowFields, name, is_b2b: z.boolean() });
export type Region = z.infer<typeof regionSchema>;
const regionWritable = z.strictObject({ name, is_b2b: z.boolean().default(false) });

export const regions = defineResource({
  name: 'regions',
  path: '/regions',
  label: { one: 'Region', many: 'Regions' },
  row: regionSchema,
  create: regionWritable,
  update: regionWritable.partial(),
  messages: resourceMessages('Region', 'created'),
  deleteMode: 'deactivate',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'is_active', 'is_b2b', 'company_id', 'created_at'],
  defaultSort: 'name',
});

export const districtSchema = z.object({
  ...tenantRowFields,
  name,
  region_id: id.nullable(),
  /** the region's name (no read of /regions needed) */
  region_name: z.string().nullable().optional(),
  is_b2b: z.boolean(),
});
export type District = z.infer<typeof districtSchema>;
const districtWritable = z.strictObject({
  name,
  region_id: id.nullable().default(null),
  is_b2b: z.boolean().default(false),
});

export const districts = defineResource({
  name: 'districts',
  path: '/districts',
  label: { one: 'District', many: 'Districts' },
  row: districtSchema,
  create: districtWritable,
  update: districtWritable.partial(),
  messages: resourceMessages('District', 'added', { activated: 'District activted' }),
  deleteMode: 'deactivate',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'region_id', 'is_active', 'is_b2b', 'company_id', 'created_at'],
  defaultSort: 'name',
  references: { region_id: { resource: 'regions', as: 'region_name' } },
});

export const storeSchema = z.object({
  ...tenantRowFields,
  unique_id: z.string(),
  name,
  district_id: id.nullable(),
  /** the district's name (no read of /districts needed) */
  district_name: z.string().nullable().optional(),
  time_zone: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  is_b2b: z.boolean(),
  /** Opening hours in the store's local time ('HH:MM', 24-hour); null when not set. */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;
/** A local wall-clock time, 'HH:MM' (24-hour). */
export const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 09:30');
const storeWritable = z.strictObject({
  name,
  unique_id: z.string().trim().min(1).max(40).optional(),
  district_id: id.nullable().default(null),
  time_zone: timeZone.default(DEFAULT_TIMEZONE),
  address: optionalText(300),
  phone: optionalText(40),
  is_b2b: z.boolean().default(false),
  opens_at: clockTime.nullable().optional(),
  closes_at: clockTime.nullable().optional(),
});

export const stores = defineResource({
  name: 'stores',
  path: '/stores',
  label: { one: 'Store', many: 'Stores' },
  row: storeSchema,
  create: storeWritable,
  update: storeWritable.partial(),
  messages: resourceMessages('Store', 'created'),
  afterSave: '/admin-location-settings',
  deleteMode: 'deactivate',
  searchFields: ['name', 'unique_id'],
  queryFields: [
    'id',
    'name',
    'unique_id',
    'district_id',
    'time_zone',
    'is_active',
    'is_b2b',
    'company_id',
    'created_at',
  ],
  defaultSort: 'name',
  references: { district_id: { resource: 'districts', as: 'district_name' } },
});

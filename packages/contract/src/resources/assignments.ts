import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime } from '../fields.ts';

/**
 * Which users work at which stores, regions and districts. One row per pair; a user has at most
 * one primary store (the one the store switcher starts on).
 */
const assignmentRowFields = { id, company_id: id, user_id: id, created_at: isoDateTime };

export const userStoreSchema = z.object({
  ...assignmentRowFields,
  store_id: id,
  is_primary: z.boolean(),
});
export type UserStore = z.infer<typeof userStoreSchema>;
const userStoreWritable = z.strictObject({
  user_id: id,
  store_id: id,
  is_primary: z.boolean().default(false),
});

export const userStores = defineResource({
  name: 'user_stores',
  path: '/user-stores',
  label: { one: 'User Store', many: 'User Stores' },
  row: userStoreSchema,
  create: userStoreWritable,
  update: userStoreWritable.partial(),
  messages: resourceMessages('UserStore', 'added'),
  afterSave: '/userstores',
  deleteMode: 'remove',
  searchFields: [],
  queryFields: ['id', 'user_id', 'store_id', 'is_primary', 'company_id', 'created_at'],
  defaultSort: 'user_id',
});

export const userRegionSchema = z.object({ ...assignmentRowFields, region_id: id });
export type UserRegion = z.infer<typeof userRegionSchema>;
const userRegionWritable = z.strictObject({ user_id: id, region_id: id });

export const userRegions = defineResource({
  name: 'user_regions',
  path: '/user-regions',
  label: { one: 'User Region', many: 'User Regions' },
  row: userRegionSchema,
  create: userRegionWritable,
  update: userRegionWritable.partial(),
  messages: resourceMessages('UserRegion', 'added'),
  deleteMode: 'remove',
  searchFields: [],
  queryFields: ['id', 'user_id', 'region_id', 'company_id', 'created_at'],
  defaultSort: 'user_id',
});

export const userDistrictSchema = z.object({ ...assignmentRowFields, district_id: id });
export type UserDistrict = z.infer<typeof userDistrictSchema>;
const userDistrictWritable = z.strictObject({ user_id: id, district_id: id });

export const userDistricts = defineResource({
  name: 'user_districts',
  path: '/user-districts',
  label: { one: 'User District', many: 'User Districts' },
  row: userDistrictSchema,
  create: userDistrictWritable,
  update: userDistrictWritable.partial(),
  messages: resourceMessages('UserDistrict', 'added'),
  deleteMode: 'remove',
  searchFields: [],
  queryFields: ['id', 'user_id', 'district_id', 'company_id', 'created_at'],
  defaultSort: 'user_id',
});

/** A user's store as the store switcher shows it (GET /user-stores/users/{id}). */
export const assignedStoreSchema = z.object({
  id,
  store_id: id,
  is_primary: z.boolean(),
  store: z.object({
    id,
    name: z.string(),
    unique_id: z.string(),
    time_zone: z.string(),
    is_active: z.boolean(),
    district: z.object({ name: z.string() }),
  }),
});
export type AssignedStore = z.infer<typeof assignedStoreSchema>;

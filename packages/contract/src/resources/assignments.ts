import { z } from 'zod';
import {
  defineResource,
  personReference,
  resourceMessages,
  type ResourceReference,
} from '../resource.ts';
import { id, isoDateTime } from '../fields.ts';

/**
 * Which users work at which stores, regions and districts. One row per pair; a user has at most
 * one primary store (the one the store switcher starts on).
 */
const assignmentRowFields = {
  id,
  company_id: id,
  user_id: id,
  /** the person's and the place's names (no read of /users, /stores, /regions or /districts) */
  user_name: z.string().nullable().optional(),
  created_at: isoDateTime,
};
const userReference = personReference('user_name');

/**
 * A user's assignment to one region or district (`/user-regions`, `/user-districts`): one row per
 * pair, added and removed, listed by user; `unit` is the assigned row's field and reference.
 */
function unitAssignment<Row extends z.ZodObject, Writable extends z.ZodObject>(spec: {
  name: string;
  path: `/${string}`;
  one: string;
  row: Row;
  writable: Writable;
  queryFields: readonly (keyof z.infer<Row> & string)[];
  unit: { field: string; reference: ResourceReference };
}) {
  return defineResource({
    name: spec.name,
    path: spec.path,
    label: { one: `User ${spec.one}`, many: `User ${spec.one}s` },
    row: spec.row,
    create: spec.writable,
    update: spec.writable.partial(),
    messages: resourceMessages(`User${spec.one}`, 'added'),
    deleteMode: 'remove',
    searchFields: [],
    queryFields: spec.queryFields,
    defaultSort: 'user_id',
    references: { user_id: userReference, [spec.unit.field]: spec.unit.reference },
  });
}

export const userStoreSchema = z.object({
  ...assignmentRowFields,
  store_id: id,
  store_name: z.string().nullable().optional(),
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
  references: {
    user_id: userReference,
    store_id: { resource: 'stores', as: 'store_name' },
  },
});

export const userRegionSchema = z.object({
  ...assignmentRowFields,
  region_id: id,
  region_name: z.string().nullable().optional(),
});
export type UserRegion = z.infer<typeof userRegionSchema>;
const userRegionWritable = z.strictObject({ user_id: id, region_id: id });

export const userRegions = unitAssignment({
  name: 'user_regions',
  path: '/user-regions',
  one: 'Region',
  row: userRegionSchema,
  writable: userRegionWritable,
  queryFields: ['id', 'user_id', 'region_id', 'company_id', 'created_at'],
  unit: { field: 'region_id', reference: { resource: 'regions', as: 'region_name' } },
});

export const userDistrictSchema = z.object({
  ...assignmentRowFields,
  district_id: id,
  district_name: z.string().nullable().optional(),
});
export type UserDistrict = z.infer<typeof userDistrictSchema>;
const userDistrictWritable = z.strictObject({ user_id: id, district_id: id });

export const userDistricts = unitAssignment({
  name: 'user_districts',
  path: '/user-districts',
  one: 'District',
  row: userDistrictSchema,
  writable: userDistrictWritable,
  queryFields: ['id', 'user_id', 'district_id', 'company_id', 'created_at'],
  unit: { field: 'district_id', reference: { resource: 'districts', as: 'district_name' } },
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

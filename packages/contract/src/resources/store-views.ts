import { z } from 'zod';
import { id } from '../fields.ts';

// In constants.ts (no zod), since the web app's store switcher draws it with the frame.
export { UNNAMED_DISTRICT } from '../constants.ts';

/** A store as the store switcher lists it: id, name, time_zone, district (name). */
export const switcherStoreSchema = z.object({
  id,
  name: z.string(),
  unique_id: z.string(),
  time_zone: z.string(),
  district_id: id.nullable(),
  district: z.object({ name: z.string() }),
});
export type SwitcherStore = z.infer<typeof switcherStoreSchema>;

/** GET /stores/all: every active store of the company, grouped by district name. */
export const storesAllSchema = z.object({
  results: z.array(
    z.object({
      district_id: id.nullable(),
      district: z.string(),
      stores: z.array(switcherStoreSchema),
    }),
  ),
  total: z.number().int(),
});
export type StoresAll = z.infer<typeof storesAllSchema>;

/** GET /stores/locations/all: every active store with where it is. */
export const storeLocationSchema = z.object({
  id,
  name: z.string(),
  unique_id: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  time_zone: z.string(),
  district_id: id.nullable(),
  district: z.object({ name: z.string() }),
  region_id: id.nullable(),
  region: z.object({ name: z.string() }).nullable(),
});
export type StoreLocation = z.infer<typeof storeLocationSchema>;

/** GET /stores/time_status/{id}: the store's local time now and whether it is open. */
export const storeTimeStatusSchema = z.object({
  store_id: id,
  time_zone: z.string(),
  /** 'YYYY-MM-DD' and 'HH:MM:SS' on the store's wall clock. */
  local_date: z.string(),
  local_time: z.string(),
  /** e.g. '-05:00' */
  utc_offset: z.string(),
  weekday: z.string(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  /** null when the store has no opening hours set. */
  is_open: z.boolean().nullable(),
  status: z.enum(['open', 'closed', 'hours_not_set']),
});
export type StoreTimeStatus = z.infer<typeof storeTimeStatusSchema>;

/** POST /stores/report: optional narrowing to one region or district. */
export const storeReportRequestSchema = z.strictObject({
  region_id: id.optional(),
  district_id: id.optional(),
});
const counts = { total: z.number().int(), active: z.number().int(), inactive: z.number().int() };
export const storeReportSchema = z.object({
  ...counts,
  by_region: z.array(z.object({ region_id: id.nullable(), name: z.string(), ...counts })),
  by_district: z.array(
    z.object({ district_id: id.nullable(), name: z.string(), region_id: id.nullable(), ...counts }),
  ),
});
export type StoreReport = z.infer<typeof storeReportSchema>;
export const NO_REGION = 'No region';

import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { districts, regions, stores } from './schema.ts';

/**
 * What the organisation module offers other modules. The time zone of the store that `storeId`
 * names in company `companyId` (columns of the caller's table), as an SQL expression.
 */
export const storeTimeZoneOf = (companyId: AnyPgColumn, storeId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${stores.time_zone} from ${stores} where ${tenantJoin(stores, companyId, storeId)})`;

/** The name of the store, district or region an id of the caller's table names (SQL). */
export const placeNameOf = (
  place: 'store' | 'district' | 'region',
  companyId: AnyPgColumn,
  id: AnyPgColumn | SQL,
): SQL<string | null> => {
  const table = { store: stores, district: districts, region: regions }[place];
  return sql<
    string | null
  >`(select ${table.name} from ${table} where ${and(tenantScope(table, companyId), sql`${table.id} = ${id}`)})`;
};

/** The district of a store and the region of a district the caller's columns name (SQL). */
export const storeDistrictOf = (companyId: AnyPgColumn, storeId: AnyPgColumn): SQL<number | null> =>
  sql<
    number | null
  >`(select ${stores.district_id} from ${stores} where ${tenantJoin(stores, companyId, storeId)})`;
export const districtRegionOf = (companyId: AnyPgColumn, districtId: SQL): SQL<number | null> =>
  sql<
    number | null
  >`(select ${districts.region_id} from ${districts} where ${and(tenantScope(districts, companyId), sql`${districts.id} = ${districtId}`)})`;

/** A store's name, whether active, time zone and opening hours ('HH:MM' on its wall clock). */
export async function storeHoursOf(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<{
  name: string;
  is_active: boolean;
  time_zone: string;
  opens_at: string | null;
  closes_at: string | null;
} | null> {
  const [row] = await db
    .select({
      name: stores.name,
      is_active: stores.is_active,
      time_zone: stores.time_zone,
      opens_at: stores.opens_at,
      closes_at: stores.closes_at,
    })
    .from(stores)
    .where(tenantJoin(stores, companyId, storeId));
  return row ?? null;
}

/**
 * The ids of the districts of a region and of the stores of a district or region, in the
 * company (for filters by place; a few hundred at most).
 */
export async function placeIdsIn(
  db: Executor,
  companyId: number,
  place: { district_id?: number | undefined; region_id?: number | undefined },
): Promise<{ districtIds: number[]; storeIds: number[] }> {
  const districtIds =
    place.region_id === undefined
      ? place.district_id === undefined
        ? []
        : [place.district_id]
      : (
          await db
            .select({ id: districts.id })
            .from(districts)
            .where(and(tenantScope(districts, companyId), eq(districts.region_id, place.region_id)))
        ).map((row) => row.id);
  const storeIds = districtIds.length
    ? (
        await db
          .select({ id: stores.id })
          .from(stores)
          .where(and(tenantScope(stores, companyId), inArray(stores.district_id, districtIds)))
      ).map((row) => row.id)
    : [];
  return { districtIds, storeIds };
}
export { companyService, storeService } from './services.ts';
export { activeCompany, companyNameOf } from './names.ts';

/**
 * The company's regions, districts and stores (active ones), each with its parent's id: the
 * org tree other modules aggregate over (communications' acknowledgement rates).
 */
export async function orgTreeOf(db: Executor, companyId: number) {
  const [regionRows, districtRows, storeRows] = await Promise.all([
    db
      .select({ id: regions.id, name: regions.name })
      .from(regions)
      .where(and(tenantScope(regions, companyId), eq(regions.is_active, true)))
      .orderBy(regions.name),
    db
      .select({ id: districts.id, name: districts.name, region_id: districts.region_id })
      .from(districts)
      .where(and(tenantScope(districts, companyId), eq(districts.is_active, true)))
      .orderBy(districts.name),
    db
      .select({ id: stores.id, name: stores.name, district_id: stores.district_id })
      .from(stores)
      .where(and(tenantScope(stores, companyId), eq(stores.is_active, true)))
      .orderBy(stores.name),
  ]);
  return { regions: regionRows, districts: districtRows, stores: storeRows };
}

/**
 * Stores of the company among `storeIds`, each with its time zone, district and region (ids and
 * names): what a report needs to date and group rows by place.
 */
export async function storePlacesOf(db: Executor, companyId: number, storeIds: number[]) {
  if (!storeIds.length) return [];
  return db
    .select({
      id: stores.id,
      name: stores.name,
      time_zone: stores.time_zone,
      district_id: stores.district_id,
      district_name: districts.name,
      region_id: districts.region_id,
      region_name: regions.name,
    })
    .from(stores)
    .leftJoin(districts, tenantJoin(districts, stores.company_id, stores.district_id))
    .leftJoin(regions, tenantJoin(regions, districts.company_id, districts.region_id))
    .where(and(tenantScope(stores, companyId), inArray(stores.id, storeIds)));
}

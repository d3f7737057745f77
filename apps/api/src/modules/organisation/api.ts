import { and, asc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import {
  districts as districtResource,
  regions as regionResource,
  stores as storeResource,
} from '@portal/contract/resources/organisation';
import type { Executor } from '../../platform/database.ts';
import type { Relation } from '../../platform/resources/service.ts';
import { companies, districts, regions, stores } from './schema.ts';

/**
 * What the organisation module offers other modules. The time zone of the store that `storeId`
 * names in company `companyId` (columns of the caller's table), as an SQL expression.
 */
export const storeTimeZoneOf = (companyId: AnyPgColumn, storeId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${stores.time_zone} from ${stores} where ${tenantJoin(stores, companyId, storeId)})`;

/** The companies' names, by name (the sign-in's company choice). */
export const companyNamesOf = (db: Executor, ids: readonly number[]) =>
  db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...ids]))
    .orderBy(asc(companies.name), asc(companies.id));

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

/**
 * One store of the company (none when `storeId` is another company's or unknown) as a subquery
 * aliased `store`, for a query that joins its own tables to the store in one statement (the
 * clock-in path reads a store with its settings on every punch).
 */
export const storeById = (
  db: Executor,
  companyId: number | Placeholder,
  storeId: number | Placeholder,
) =>
  db
    .select({
      company_id: stores.company_id,
      id: stores.id,
      name: stores.name,
      time_zone: stores.time_zone,
      is_active: stores.is_active,
    })
    .from(stores)
    .where(tenantJoin(stores, companyId, storeId))
    .as('store');

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
export { activeCompany, companyExists, companyNameOf } from './names.ts';

/**
 * Belongs-to relations of the resource engine (`related=store`, `related=district`,
 * `related=region`) to the store, district or region whose id the caller's `column` holds.
 */
export const storeRelation = (column = 'store_id'): Relation => ({
  table: stores,
  definition: storeResource,
  column,
});
export const districtRelation = (column = 'district_id'): Relation => ({
  table: districts,
  definition: districtResource,
  column,
});
export const regionRelation = (column = 'region_id'): Relation => ({
  table: regions,
  definition: regionResource,
  column,
});

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
 * The active regions, districts and stores of a company someone may see, each list by name: all
 * of them (`'company'`), or the regions granted, the districts granted or inside those regions and
 * the stores granted or inside those districts.
 */
export async function placesWithin(
  db: Executor,
  companyId: number,
  grant: 'company' | { regionIds: number[]; districtIds: number[]; storeIds: number[] },
) {
  const regionCols = { id: regions.id, name: regions.name };
  const districtCols = { id: districts.id, name: districts.name, region_id: districts.region_id };
  const storeCols = {
    id: stores.id,
    name: stores.name,
    district_id: stores.district_id,
    time_zone: stores.time_zone,
  };
  const activeRegions = and(tenantScope(regions, companyId), eq(regions.is_active, true));
  const activeDistricts = and(tenantScope(districts, companyId), eq(districts.is_active, true));
  const activeStores = and(tenantScope(stores, companyId), eq(stores.is_active, true));
  if (grant === 'company') {
    const [r, d, s] = await Promise.all([
      db.select(regionCols).from(regions).where(activeRegions).orderBy(asc(regions.name)),
      db.select(districtCols).from(districts).where(activeDistricts).orderBy(asc(districts.name)),
      db.select(storeCols).from(stores).where(activeStores).orderBy(asc(stores.name)),
    ]);
    return { regions: r, districts: d, stores: s };
  }
  const { regionIds, districtIds: grantedDistricts, storeIds } = grant;
  const visibleRegions = regionIds.length
    ? await db
        .select(regionCols)
        .from(regions)
        .where(and(activeRegions, inArray(regions.id, regionIds)))
        .orderBy(asc(regions.name))
    : [];
  const visibleDistricts =
    regionIds.length || grantedDistricts.length
      ? await db
          .select(districtCols)
          .from(districts)
          .where(
            and(
              activeDistricts,
              or(
                grantedDistricts.length ? inArray(districts.id, grantedDistricts) : undefined,
                regionIds.length ? inArray(districts.region_id, regionIds) : undefined,
              ),
            ),
          )
          .orderBy(asc(districts.name))
      : [];
  const districtIds = visibleDistricts.map((d) => d.id);
  const visibleStores =
    districtIds.length || storeIds.length
      ? await db
          .select(storeCols)
          .from(stores)
          .where(
            and(
              activeStores,
              or(
                storeIds.length ? inArray(stores.id, storeIds) : undefined,
                districtIds.length ? inArray(stores.district_id, districtIds) : undefined,
              ),
            ),
          )
          .orderBy(asc(stores.name))
      : [];
  return { regions: visibleRegions, districts: visibleDistricts, stores: visibleStores };
}

/** Whether the company has the region, district or store `id` (active or not). */
export async function placeExists(
  db: Executor,
  companyId: number,
  place: 'region' | 'district' | 'store',
  id: number,
): Promise<boolean> {
  const table = { store: stores, district: districts, region: regions }[place];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(tenantScope(table, companyId), eq(table.id, id)));
  return row !== undefined;
}

/**
 * Stores of the company among `storeIds` (only active ones with `activeOnly`) as a store switcher
 * shows them: name, unique id, time zone and the district's name; ordered by name, or with
 * `byDistrict` by district name (stores without one last), then name.
 */
export async function storeCardsOf(
  db: Executor,
  companyId: number,
  storeIds: readonly number[],
  options: { activeOnly?: boolean; byDistrict?: boolean } = {},
) {
  if (!storeIds.length) return [];
  return db
    .select({
      id: stores.id,
      name: stores.name,
      unique_id: stores.unique_id,
      time_zone: stores.time_zone,
      is_active: stores.is_active,
      district: districts.name,
    })
    .from(stores)
    .leftJoin(districts, tenantJoin(districts, stores.company_id, stores.district_id))
    .where(
      and(
        tenantScope(stores, companyId),
        inArray(stores.id, [...storeIds]),
        options.activeOnly ? eq(stores.is_active, true) : undefined,
      ),
    )
    .orderBy(
      ...(options.byDistrict
        ? [asc(districts.name), asc(stores.name)]
        : [asc(stores.name), asc(stores.id)]),
    );
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

/**
 * Companies as a subquery aliased `company` (id, whether active, logo, theme colour, time zone,
 * timeout and whether a second factor is required), for a query that joins its rows to their
 * company in one statement (the session lookup, the signed-in user); with `companyId`, that one.
 */
export const companiesToJoin = (db: Executor, companyId?: number | Placeholder) =>
  db
    .select({
      id: companies.id,
      is_active: companies.is_active,
      logo_url: companies.logo_url,
      theme_color: companies.theme_color,
      timezone: companies.timezone,
      timeout_limit: companies.timeout_limit,
      two_factor_required: companies.two_factor_required,
    })
    .from(companies)
    .where(companyId === undefined ? undefined : eq(companies.id, companyId))
    .as('company');

/**
 * Stores as a subquery aliased `store` (company, id, unique id, name, time zone, whether active, and
 * whether the store, its district or its region is B2B), for a query that joins its rows to a store
 * in one statement (the signed-in user's current store, a kiosk's store).
 */
export const storesToJoin = (db: Executor) =>
  db
    .select({
      company_id: stores.company_id,
      id: stores.id,
      unique_id: stores.unique_id,
      name: stores.name,
      time_zone: stores.time_zone,
      is_active: stores.is_active,
      is_b2b: stores.is_b2b,
      district_is_b2b: sql<boolean | null>`${districts.is_b2b}`.as('district_is_b2b'),
      region_is_b2b: sql<boolean | null>`${regions.is_b2b}`.as('region_is_b2b'),
    })
    .from(stores)
    .leftJoin(districts, tenantJoin(districts, stores.company_id, stores.district_id))
    .leftJoin(regions, tenantJoin(regions, districts.company_id, districts.region_id))
    .as('store');

/** The company's active stores: id, name and unique id (a bulk upload's store column). */
export const activeStoresOf = (db: Executor, companyId: number) =>
  db
    .select({ id: stores.id, name: stores.name, unique_id: stores.unique_id })
    .from(stores)
    .where(and(tenantScope(stores, companyId), eq(stores.is_active, true)));

/** Whether every user of the company must sign in with a second factor. */
export async function setTwoFactorRequired(db: Executor, companyId: number, required: boolean) {
  await db
    .update(companies)
    .set({ two_factor_required: required, updated_at: sql`now()` })
    .where(eq(companies.id, companyId));
}

/** Every store of the company (active or not) by id, with its time zone (demo seeding). */
export const companyStoresOf = (db: Executor, companyId: number) =>
  db
    .select({ id: stores.id, time_zone: stores.time_zone })
    .from(stores)
    .where(tenantScope(stores, companyId))
    .orderBy(asc(stores.id));

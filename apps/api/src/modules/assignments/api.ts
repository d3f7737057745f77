// The assignments module's entry for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { placeNameOf } from '../organisation/api.ts';
import { directory } from '../users/api.ts';
import { userDistricts, userRegions, userStores } from './schema.ts';

/** The stores a user is assigned to (user_stores), by id, with their names. */
export async function storesServedBy(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({
      id: userStores.store_id,
      name: placeNameOf('store', userStores.company_id, userStores.store_id),
    })
    .from(userStores)
    .where(and(tenantScope(userStores, companyId), eq(userStores.user_id, userId)))
    .orderBy(asc(userStores.store_id));
  return rows.map((row) => ({ id: row.id, name: row.name ?? `#${row.id}` }));
}

/**
 * Whether the user a row of the caller's table names (by `companyId` and `userId`) is assigned to
 * one of `storeIds` (user_stores), as an SQL condition.
 */
export const assignedToStoreIn = (
  companyId: AnyPgColumn,
  userId: AnyPgColumn,
  storeIds: readonly number[],
): SQL =>
  sql`exists (select 1 from ${userStores} where ${tenantScope(userStores, companyId)} and ${userStores.user_id} = ${userId} and ${inArray(userStores.store_id, [...storeIds])})`;

/** The ids of the stores a user is assigned to (user_stores). */
export async function assignedStoreIds(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<number[]> {
  const rows = await db
    .select({ store_id: userStores.store_id })
    .from(userStores)
    .where(and(tenantScope(userStores, companyId), eq(userStores.user_id, userId)));
  return rows.map((row) => row.store_id);
}

/** The ids of the regions, districts and stores a user is assigned to. */
export async function assignedPlaceIdsOf(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<{ regionIds: number[]; districtIds: number[]; storeIds: number[] }> {
  const [regionRows, districtRows, storeIds] = await Promise.all([
    db
      .select({ id: userRegions.region_id })
      .from(userRegions)
      .where(and(tenantScope(userRegions, companyId), eq(userRegions.user_id, userId))),
    db
      .select({ id: userDistricts.district_id })
      .from(userDistricts)
      .where(and(tenantScope(userDistricts, companyId), eq(userDistricts.user_id, userId))),
    assignedStoreIds(db, companyId, userId),
  ]);
  return {
    regionIds: regionRows.map((row) => row.id),
    districtIds: districtRows.map((row) => row.id),
    storeIds,
  };
}

/**
 * Per district, the active people assigned to oversee it (user_districts: the district managers),
 * for work that concerns a store of that district (a late order). A district nobody oversees is
 * absent from the map.
 */
export async function districtOverseersOf(
  db: Executor,
  companyId: number,
  districtIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (!districtIds.length) return new Map();
  const rows = await db
    .select({ user_id: userDistricts.user_id, district_id: userDistricts.district_id })
    .from(userDistricts)
    .where(
      and(
        tenantScope(userDistricts, companyId),
        inArray(userDistricts.district_id, [...districtIds]),
      ),
    )
    .orderBy(userDistricts.user_id);
  if (!rows.length) return new Map();
  const active = new Set((await directory(db, companyId)).map((person) => person.id));
  const result = new Map<number, number[]>();
  for (const row of rows)
    if (active.has(row.user_id))
      result.set(row.district_id, [...(result.get(row.district_id) ?? []), row.user_id]);
  return result;
}

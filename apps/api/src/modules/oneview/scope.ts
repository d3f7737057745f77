import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@portal/contract/constants';
import { oneviewMessages, type ScopeOptions, type ScopeQuery } from '@portal/contract/oneview';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { WidgetScope } from '../../platform/widgets.ts';
import { userDistricts, userRegions, userStores } from '../assignments/schema.ts';
import { districts, regions, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * What a user may see on OneView's scope bar. Company-wide roles (access level 4) see the whole
 * company; everyone else sees the regions and districts assigned to them (with everything inside)
 * and the stores they work at (assigned, or their current store).
 */
interface Visible {
  company: boolean;
  regions: { id: number; name: string }[];
  districts: { id: number; name: string; region_id: number | null }[];
  stores: { id: number; name: string; district_id: number | null; time_zone: string }[];
  currentStore: number | null;
}

const companyWide = (ctx: RequestContext) => isSuperAdmin(ctx) || ctx.accessLevel >= 4;

async function visibleTo(db: Executor, ctx: RequestContext): Promise<Visible> {
  const c = ctx.companyId;
  const [me] = await db
    .select({ current_store: users.current_store })
    .from(users)
    .where(and(tenantScope(users, c), eq(users.id, ctx.userId)));
  const currentStore = me?.current_store ?? null;
  const regionCols = { id: regions.id, name: regions.name };
  const districtCols = { id: districts.id, name: districts.name, region_id: districts.region_id };
  const storeCols = {
    id: stores.id,
    name: stores.name,
    district_id: stores.district_id,
    time_zone: stores.time_zone,
  };
  if (companyWide(ctx)) {
    const [r, d, s] = await Promise.all([
      db
        .select(regionCols)
        .from(regions)
        .where(and(tenantScope(regions, c), eq(regions.is_active, true)))
        .orderBy(asc(regions.name)),
      db
        .select(districtCols)
        .from(districts)
        .where(and(tenantScope(districts, c), eq(districts.is_active, true)))
        .orderBy(asc(districts.name)),
      db
        .select(storeCols)
        .from(stores)
        .where(and(tenantScope(stores, c), eq(stores.is_active, true)))
        .orderBy(asc(stores.name)),
    ]);
    return { company: true, regions: r, districts: d, stores: s, currentStore };
  }
  const regionIds = (
    await db
      .select({ id: userRegions.region_id })
      .from(userRegions)
      .where(and(tenantScope(userRegions, c), eq(userRegions.user_id, ctx.userId)))
  ).map((r) => r.id);
  const assignedDistrictIds = (
    await db
      .select({ id: userDistricts.district_id })
      .from(userDistricts)
      .where(and(tenantScope(userDistricts, c), eq(userDistricts.user_id, ctx.userId)))
  ).map((r) => r.id);
  const assignedStoreIds = (
    await db
      .select({ id: userStores.store_id })
      .from(userStores)
      .where(and(tenantScope(userStores, c), eq(userStores.user_id, ctx.userId)))
  ).map((r) => r.id);
  if (currentStore !== null) assignedStoreIds.push(currentStore);

  const visibleRegions = regionIds.length
    ? await db
        .select(regionCols)
        .from(regions)
        .where(
          and(tenantScope(regions, c), eq(regions.is_active, true), inArray(regions.id, regionIds)),
        )
        .orderBy(asc(regions.name))
    : [];
  const visibleDistricts =
    regionIds.length || assignedDistrictIds.length
      ? await db
          .select(districtCols)
          .from(districts)
          .where(
            and(
              tenantScope(districts, c),
              eq(districts.is_active, true),
              or(
                assignedDistrictIds.length ? inArray(districts.id, assignedDistrictIds) : undefined,
                regionIds.length ? inArray(districts.region_id, regionIds) : undefined,
              ),
            ),
          )
          .orderBy(asc(districts.name))
      : [];
  const districtIds = visibleDistricts.map((d) => d.id);
  const visibleStores =
    districtIds.length || assignedStoreIds.length
      ? await db
          .select(storeCols)
          .from(stores)
          .where(
            and(
              tenantScope(stores, c),
              eq(stores.is_active, true),
              or(
                assignedStoreIds.length ? inArray(stores.id, assignedStoreIds) : undefined,
                districtIds.length ? inArray(stores.district_id, districtIds) : undefined,
              ),
            ),
          )
          .orderBy(asc(stores.name))
      : [];
  return {
    company: false,
    regions: visibleRegions,
    districts: visibleDistricts,
    stores: visibleStores,
    currentStore,
  };
}

function defaultScope(visible: Visible): ScopeOptions['default'] {
  if (visible.company) return { level: 'company', id: null };
  const current = visible.stores.find((s) => s.id === visible.currentStore);
  const store = current ?? visible.stores[0];
  if (store) return { level: 'store', id: store.id };
  return null;
}

/** The scope bar's choices: GET /oneview/scopes. */
export async function scopeOptions(db: Executor, ctx: RequestContext): Promise<ScopeOptions> {
  const visible = await visibleTo(db, ctx);
  return {
    company: visible.company,
    regions: visible.regions,
    districts: visible.districts,
    stores: visible.stores.map(({ time_zone: _zone, ...store }) => store),
    default: defaultScope(visible),
  };
}

/** Whether the named region, district or store exists in the caller's company (else a 404). */
async function mustExist(db: Executor, ctx: RequestContext, query: ScopeQuery) {
  const table =
    query.level === 'region' ? regions : query.level === 'district' ? districts : stores;
  const label =
    query.level === 'region' ? 'Region' : query.level === 'district' ? 'District' : 'Store';
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(tenantScope(table, ctx.companyId), eq(table.id, query.id ?? 0)));
  if (!row) throw AppError.notFound(label);
}

/**
 * The scope of a widget request: the one asked for when the caller may see it (403 when not,
 * 404 when it is not of their company), else the caller's default scope.
 */
export async function resolveScope(
  db: Executor,
  ctx: RequestContext,
  query: ScopeQuery | null,
): Promise<WidgetScope> {
  const visible = await visibleTo(db, ctx);
  const asked = query ?? defaultScope(visible);
  const zoneOf = (storeIds: number[]) =>
    visible.stores.find((s) => storeIds.includes(s.id))?.time_zone ?? DEFAULT_TIMEZONE;
  if (!asked) {
    return {
      level: 'store',
      id: null,
      name: 'My figures',
      storeIds: [],
      timeZone: DEFAULT_TIMEZONE,
    };
  }
  if (asked.level === 'company') {
    if (!visible.company) throw AppError.forbidden(oneviewMessages.outsideScope);
    const storeIds = visible.stores.map((s) => s.id);
    return { level: 'company', id: null, name: 'Company', storeIds, timeZone: zoneOf(storeIds) };
  }
  const id = asked.id ?? 0;
  let name: string | undefined;
  let storeIds: number[] = [];
  if (asked.level === 'region') {
    name = visible.regions.find((r) => r.id === id)?.name;
    const districtIds = visible.districts.filter((d) => d.region_id === id).map((d) => d.id);
    storeIds = visible.stores
      .filter((s) => s.district_id !== null && districtIds.includes(s.district_id))
      .map((s) => s.id);
  } else if (asked.level === 'district') {
    name = visible.districts.find((d) => d.id === id)?.name;
    storeIds = visible.stores.filter((s) => s.district_id === id).map((s) => s.id);
  } else {
    name = visible.stores.find((s) => s.id === id)?.name;
    storeIds = name === undefined ? [] : [id];
  }
  if (name === undefined) {
    if (query) await mustExist(db, ctx, { level: asked.level, id });
    throw AppError.forbidden(oneviewMessages.outsideScope);
  }
  return { level: asked.level, id, name, storeIds, timeZone: zoneOf(storeIds) };
}

import { DEFAULT_TIMEZONE } from '@portal/contract/constants';
import { oneviewMessages, type ScopeOptions, type ScopeQuery } from '@portal/contract/oneview';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { WidgetScope } from '../../platform/widgets.ts';
import { assignedPlaceIdsOf } from '../assignments/api.ts';
import { placeExists, placesWithin } from '../organisation/api.ts';
import { personOf } from '../users/api.ts';

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
  const currentStore = (await personOf(db, c, ctx.userId))?.current_store ?? null;
  if (companyWide(ctx)) {
    return { company: true, ...(await placesWithin(db, c, 'company')), currentStore };
  }
  const assigned = await assignedPlaceIdsOf(db, c, ctx.userId);
  const storeIds = currentStore === null ? assigned.storeIds : [...assigned.storeIds, currentStore];
  return {
    company: false,
    ...(await placesWithin(db, c, { ...assigned, storeIds })),
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
  const label =
    query.level === 'region' ? 'Region' : query.level === 'district' ? 'District' : 'Store';
  const level = query.level === 'region' || query.level === 'district' ? query.level : 'store';
  if (!(await placeExists(db, ctx.companyId, level, query.id ?? 0))) throw AppError.notFound(label);
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

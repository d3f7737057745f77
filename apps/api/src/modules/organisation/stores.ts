import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  NO_REGION,
  UNNAMED_DISTRICT,
  type StoreLocation,
  type StoreReport,
  type StoresAll,
  type StoreTimeStatus,
} from '@portal/contract/resources/store-views';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { districts, regions, stores } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/** Store views for the shell and reports; always the caller's own company. */

const inCompanyDistrict = tenantJoin(districts, stores.company_id, stores.district_id);
const inCompanyRegion = tenantJoin(regions, districts.company_id, districts.region_id);

/** Every active store, grouped by district name (A-Z), stores without one last. */
export async function allStoresByDistrict(db: Executor, ctx: RequestContext): Promise<StoresAll> {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      unique_id: stores.unique_id,
      time_zone: stores.time_zone,
      district_id: stores.district_id,
      district_name: districts.name,
    })
    .from(stores)
    .leftJoin(districts, inCompanyDistrict)
    .where(and(tenantScope(stores, ctx.companyId), eq(stores.is_active, true)))
    .orderBy(sql`${districts.name} asc nulls last`, asc(stores.name), asc(stores.id));

  const groups = new Map<string, StoresAll['results'][number]>();
  for (const { district_name, ...store } of rows) {
    const district = district_name ?? UNNAMED_DISTRICT;
    const groupKey = store.district_id === null ? '' : String(store.district_id);
    let group = groups.get(groupKey);
    if (!group) {
      group = { district_id: store.district_id, district, stores: [] };
      groups.set(groupKey, group);
    }
    group.stores.push({ ...store, district: { name: district } });
  }
  return { results: [...groups.values()], total: rows.length };
}

/** Every active store with its address, district and region. */
export async function storeLocations(db: Executor, ctx: RequestContext): Promise<StoreLocation[]> {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      unique_id: stores.unique_id,
      address: stores.address,
      phone: stores.phone,
      time_zone: stores.time_zone,
      district_id: stores.district_id,
      district_name: districts.name,
      region_id: districts.region_id,
      region_name: regions.name,
    })
    .from(stores)
    .leftJoin(districts, inCompanyDistrict)
    .leftJoin(regions, inCompanyRegion)
    .where(and(tenantScope(stores, ctx.companyId), eq(stores.is_active, true)))
    .orderBy(asc(stores.name), asc(stores.id));
  return rows.map(({ district_name, region_name, ...row }) => ({
    ...row,
    district: { name: district_name ?? UNNAMED_DISTRICT },
    region: region_name === null ? null : { name: region_name },
  }));
}

const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * A store's wall clock at `now` and whether it is open. Hours that end before they start run past
 * midnight (18:00-02:00); equal opening and closing times mean open all day.
 */
export function storeClock(
  now: Date,
  store: { id: number; time_zone: string; opens_at: string | null; closes_at: string | null },
): StoreTimeStatus {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: store.time_zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
      timeZoneName: 'longOffset',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const localTime = `${parts.hour}:${parts.minute}:${parts.second}`;
  const offset = String(parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  let isOpen: boolean | null = null;
  if (store.opens_at && store.closes_at) {
    const current = minutesOf(localTime);
    const opens = minutesOf(store.opens_at);
    const closes = minutesOf(store.closes_at);
    isOpen =
      opens === closes
        ? true
        : opens < closes
          ? current >= opens && current < closes
          : current >= opens || current < closes;
  }
  return {
    store_id: store.id,
    time_zone: store.time_zone,
    local_date: `${parts.year}-${parts.month}-${parts.day}`,
    local_time: localTime,
    utc_offset: offset,
    weekday: String(parts.weekday),
    opens_at: store.opens_at,
    closes_at: store.closes_at,
    is_open: isOpen,
    status: isOpen === null ? 'hours_not_set' : isOpen ? 'open' : 'closed',
  };
}

/** Store counts, active and inactive, by district and by region. */
export async function storeReport(
  db: Executor,
  ctx: RequestContext,
  narrow: { region_id?: number | undefined; district_id?: number | undefined },
): Promise<StoreReport> {
  const rows = await db
    .select({
      district_id: stores.district_id,
      district_name: districts.name,
      region_id: districts.region_id,
      region_name: regions.name,
      total: count(),
      active: sql<number>`count(*) filter (where ${stores.is_active})`.mapWith(Number),
    })
    .from(stores)
    .leftJoin(districts, inCompanyDistrict)
    .leftJoin(regions, inCompanyRegion)
    .where(
      and(
        tenantScope(stores, ctx.companyId),
        narrow.region_id === undefined ? undefined : eq(districts.region_id, narrow.region_id),
        narrow.district_id === undefined ? undefined : eq(stores.district_id, narrow.district_id),
      ),
    )
    .groupBy(stores.district_id, districts.name, districts.region_id, regions.name)
    .orderBy(sql`${districts.name} asc nulls last`);

  const byRegion = new Map<string, StoreReport['by_region'][number]>();
  const report: StoreReport = { total: 0, active: 0, inactive: 0, by_region: [], by_district: [] };
  for (const row of rows) {
    const total = Number(row.total);
    const counts = { total, active: row.active, inactive: total - row.active };
    report.total += counts.total;
    report.active += counts.active;
    report.inactive += counts.inactive;
    report.by_district.push({
      district_id: row.district_id,
      name: row.district_name ?? UNNAMED_DISTRICT,
      region_id: row.region_id,
      ...counts,
    });
    const regionKey = row.region_id === null ? '' : String(row.region_id);
    const region = byRegion.get(regionKey) ?? {
      region_id: row.region_id,
      name: row.region_name ?? NO_REGION,
      total: 0,
      active: 0,
      inactive: 0,
    };
    region.total += counts.total;
    region.active += counts.active;
    region.inactive += counts.inactive;
    byRegion.set(regionKey, region);
  }
  report.by_region = [...byRegion.values()].sort(
    (a, b) =>
      Number(a.region_id === null) - Number(b.region_id === null) || a.name.localeCompare(b.name),
  );
  return report;
}

import { and, eq, inArray } from 'drizzle-orm';
import type { RateRow, Rates } from '@portal/contract/communications';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { orgTreeOf } from '../organisation/api.ts';
import { directory, type DirectoryPerson } from '../users/api.ts';
import { membersOf } from './lists.ts';
import { bulletinAcknowledgements, bulletins } from './schema.ts';

/**
 * What a bulletin is aimed at: empty place lists reach the whole company, empty roles every role;
 * the members of its recipient lists are reached besides (a bulletin aimed only at lists reaches
 * exactly their members).
 */
export interface Audience {
  region_ids: readonly number[];
  district_ids: readonly number[];
  store_ids: readonly number[];
  role_ids: readonly number[];
  list_ids: readonly number[];
}

export type OrgTree = Awaited<ReturnType<typeof orgTreeOf>>;

/**
 * The company's org tree, active people (a person belongs to their current store) and the members
 * of its recipient lists.
 */
export interface World {
  org: OrgTree;
  people: DirectoryPerson[];
  lists: Map<number, Set<number>>;
}

export async function worldOf(db: Executor, companyId: number): Promise<World> {
  const [org, people, lists] = await Promise.all([
    orgTreeOf(db, companyId),
    directory(db, companyId),
    membersOf(db, companyId),
  ]);
  return { org, people, lists };
}

/** The stores a bulletin's places cover (null: no place named, the whole company). */
function storesCovered(audience: Audience, org: OrgTree): Set<number> | null {
  if (!audience.region_ids.length && !audience.district_ids.length && !audience.store_ids.length)
    return null;
  const districtIds = new Set(audience.district_ids);
  for (const district of org.districts)
    if (district.region_id !== null && audience.region_ids.includes(district.region_id))
      districtIds.add(district.id);
  const storeIds = new Set(audience.store_ids);
  for (const store of org.stores)
    if (store.district_id !== null && districtIds.has(store.district_id)) storeIds.add(store.id);
  return storeIds;
}

/**
 * The people a bulletin reaches now (active ones): in one of its places (by current store) and of
 * one of its roles, or on one of its lists. Aimed at lists only, it reaches their members alone.
 */
export function recipientsOf(audience: Audience, world: World): DirectoryPerson[] {
  const covered = storesCovered(audience, world.org);
  const listed = new Set(audience.list_ids.flatMap((id) => [...(world.lists.get(id) ?? [])]));
  const broad = !audience.list_ids.length || audience.role_ids.length > 0 || covered !== null;
  return world.people.filter(
    (person) =>
      listed.has(person.id) ||
      (broad &&
        (!audience.role_ids.length || audience.role_ids.includes(person.role_id)) &&
        (covered === null || (person.store_id !== null && covered.has(person.store_id)))),
  );
}

/** Whether one person is among those a bulletin reaches. */
export const reaches = (audience: Audience, world: World, userId: number) =>
  recipientsOf(audience, world).some((person) => person.id === userId);

/** Per bulletin, who acknowledged its current version. */
export async function acknowledgersOf(
  db: Executor,
  companyId: number,
  bulletinIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const byBulletin = new Map<number, Set<number>>();
  if (!bulletinIds.length) return byBulletin;
  const rows = await db
    .select({
      bulletin_id: bulletinAcknowledgements.bulletin_id,
      user_id: bulletinAcknowledgements.user_id,
    })
    .from(bulletinAcknowledgements)
    .innerJoin(
      bulletins,
      and(
        tenantJoin(
          bulletins,
          bulletinAcknowledgements.company_id,
          bulletinAcknowledgements.bulletin_id,
        ),
        eq(bulletins.version, bulletinAcknowledgements.version),
      ),
    )
    .where(
      and(
        tenantScope(bulletinAcknowledgements, companyId),
        inArray(bulletinAcknowledgements.bulletin_id, [...bulletinIds]),
      ),
    );
  for (const row of rows) {
    const set = byBulletin.get(row.bulletin_id) ?? new Set<number>();
    set.add(row.user_id);
    byBulletin.set(row.bulletin_id, set);
  }
  return byBulletin;
}

const percent = (acknowledged: number, recipients: number) =>
  recipients ? Math.round((acknowledged / recipients) * 1000) / 10 : null;

/**
 * Acknowledgement of the current versions of `list` among the people each reaches, in total and
 * by region, district and store (a person counts at their current store, its district and region;
 * with several bulletins, each person and bulletin is one count).
 */
export async function ratesOf(
  db: Executor,
  companyId: number,
  list: readonly (Audience & { id: number })[],
): Promise<Rates> {
  const world = await worldOf(db, companyId);
  const acknowledgers = await acknowledgersOf(
    db,
    companyId,
    list.map((bulletin) => bulletin.id),
  );
  const tally = (rows: { id: number; name: string }[]) =>
    new Map(rows.map((row) => [row.id, { ...row, recipients: 0, acknowledged: 0 }]));
  const regionTally = tally(world.org.regions);
  const districtTally = tally(world.org.districts);
  const storeTally = tally(world.org.stores);
  const storeOf = new Map(world.org.stores.map((store) => [store.id, store]));
  const districtOf = new Map(world.org.districts.map((district) => [district.id, district]));
  let recipients = 0;
  let acknowledged = 0;
  for (const bulletin of list) {
    const done = acknowledgers.get(bulletin.id) ?? new Set<number>();
    for (const person of recipientsOf(bulletin, world)) {
      const hit = done.has(person.id) ? 1 : 0;
      recipients += 1;
      acknowledged += hit;
      const store = person.store_id === null ? undefined : storeOf.get(person.store_id);
      const district = store?.district_id == null ? undefined : districtOf.get(store.district_id);
      const places = [
        store && storeTally.get(store.id),
        district && districtTally.get(district.id),
        district?.region_id == null ? undefined : regionTally.get(district.region_id),
      ];
      for (const place of places) {
        if (!place) continue;
        place.recipients += 1;
        place.acknowledged += hit;
      }
    }
  }
  const rows = (
    map: Map<number, { id: number; name: string; recipients: number; acknowledged: number }>,
  ): RateRow[] =>
    [...map.values()]
      .filter((row) => row.recipients > 0)
      .map((row) => ({ ...row, rate: percent(row.acknowledged, row.recipients) }));
  return {
    bulletins: list.length,
    recipients,
    acknowledged,
    rate: percent(acknowledged, recipients),
    regions: rows(regionTally),
    districts: rows(districtTally),
    stores: rows(storeTally),
  };
}

import { and, eq, ne } from 'drizzle-orm';
import {
  userDistricts as userDistrictResource,
  userRegions as userRegionResource,
  userStores as userStoreResource,
  type AssignedStore,
} from '@portal/contract/resources/assignments';
import { UNNAMED_DISTRICT } from '@portal/contract/resources/store-views';
import type { Executor, Tx } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import {
  districtRelation,
  regionRelation,
  storeCardsOf,
  storeRelation,
} from '../organisation/api.ts';
import { assertMayActOn, userCompanyOf, userRelation } from '../users/api.ts';
import { userDistricts, userRegions, userStores } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Which stores, regions and districts a user works in is changed only by someone above them, or by
 * themselves (the rank rule, users/act-on.ts), for the user before and after the change.
 */
const assignedUserHooks = {
  async beforeCreate<T extends { user_id: number }>(input: T, ctx: RequestContext, tx: Tx) {
    await assertMayActOn(tx, ctx, input.user_id);
    return { ...input };
  },
  async beforeUpdate<T extends { user_id?: number }>(
    input: T,
    existing: Row,
    ctx: RequestContext,
    tx: Tx,
  ) {
    await assertMayActOn(tx, ctx, Number(existing.user_id), { includeDeleted: true });
    if (input.user_id !== undefined) await assertMayActOn(tx, ctx, input.user_id);
    return { ...input };
  },
  async beforeRemove(row: Row, ctx: RequestContext, tx: Tx) {
    await assertMayActOn(tx, ctx, Number(row.user_id), { includeDeleted: true });
  },
};

/** A user has one primary store: making one primary clears the flag on the others, in the same write. */
async function clearOtherPrimaries(tx: Tx, companyId: number, userId: number, keepId?: number) {
  await tx
    .update(userStores)
    .set({ is_primary: false })
    .where(
      and(
        tenantScope(userStores, companyId),
        eq(userStores.user_id, userId),
        eq(userStores.is_primary, true),
        keepId === undefined ? undefined : ne(userStores.id, keepId),
      ),
    );
}

export const userStoreService = createResourceService({
  definition: userStoreResource,
  table: userStores,
  tenantColumn: 'company_id',
  relations: {
    user: userRelation(),
    store: storeRelation(),
  },
  hooks: {
    async beforeCreate(input, ctx, tx) {
      await assignedUserHooks.beforeCreate(input, ctx, tx);
      if (input.is_primary) await clearOtherPrimaries(tx, ctx.companyId, input.user_id);
      return { ...input };
    },
    async beforeUpdate(input, existing, ctx, tx) {
      await assignedUserHooks.beforeUpdate(input, existing, ctx, tx);
      if (input.is_primary) {
        const userId = input.user_id ?? Number(existing.user_id);
        await clearOtherPrimaries(tx, Number(existing.company_id), userId, existing.id);
      }
      return { ...input };
    },
    beforeRemove: assignedUserHooks.beforeRemove,
  },
});

export const userRegionService = createResourceService({
  definition: userRegionResource,
  table: userRegions,
  tenantColumn: 'company_id',
  relations: {
    user: userRelation(),
    region: regionRelation(),
  },
  hooks: assignedUserHooks,
});

export const userDistrictService = createResourceService({
  definition: userDistrictResource,
  table: userDistricts,
  tenantColumn: 'company_id',
  relations: {
    user: userRelation(),
    district: districtRelation(),
  },
  hooks: assignedUserHooks,
});

/** The company of a user the caller may see: their own company's, or any for a super admin. */
async function visibleUserCompany(db: Executor, ctx: RequestContext, userId: number) {
  const companyId = await userCompanyOf(db, userId, isSuperAdmin(ctx) ? null : ctx.companyId);
  if (companyId === null) throw AppError.notFound('User');
  return companyId;
}

/** A user's stores for the store switcher: primary first, then by name. */
export async function storesOfUser(
  db: Executor,
  ctx: RequestContext,
  userId: number,
  onlyPrimary = false,
): Promise<AssignedStore[]> {
  const companyId = await visibleUserCompany(db, ctx, userId);
  const assigned = await db
    .select({
      id: userStores.id,
      store_id: userStores.store_id,
      is_primary: userStores.is_primary,
    })
    .from(userStores)
    .where(
      and(
        tenantScope(userStores, companyId),
        eq(userStores.user_id, userId),
        onlyPrimary ? eq(userStores.is_primary, true) : undefined,
      ),
    );
  // Ordered by store name (then id), the primary store first.
  const cards = await storeCardsOf(
    db,
    companyId,
    assigned.map((row) => row.store_id),
  );
  const rows = cards.flatMap(({ district, ...store }) =>
    assigned
      .filter((row) => row.store_id === store.id)
      .map((row) => ({
        ...row,
        store: { ...store, district: { name: district ?? UNNAMED_DISTRICT } },
      })),
  );
  return [...rows.filter((row) => row.is_primary), ...rows.filter((row) => !row.is_primary)];
}

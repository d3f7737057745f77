import { and, asc, eq, sql } from 'drizzle-orm';
import { storeSwitchMessages, type MyStore } from '@portal/contract/shell';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { userStores } from '../assignments/schema.ts';
import { districts, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/** The active stores the caller is assigned to, with their district, for the store switcher. */
export async function listMyStores(
  db: Executor,
  ctx: RequestContext,
  storeId?: number,
): Promise<MyStore[]> {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      unique_id: stores.unique_id,
      time_zone: stores.time_zone,
      district: districts.name,
    })
    .from(userStores)
    .innerJoin(stores, tenantJoin(stores, userStores.company_id, userStores.store_id))
    .leftJoin(districts, tenantJoin(districts, stores.company_id, stores.district_id))
    .where(
      and(
        tenantScope(userStores, ctx.companyId),
        eq(userStores.user_id, ctx.userId),
        eq(stores.is_active, true),
        storeId === undefined ? undefined : eq(stores.id, storeId),
      ),
    )
    .orderBy(asc(districts.name), asc(stores.name));
  return rows.map(({ district, ...store }) => ({
    ...store,
    district: district === null ? null : { name: district },
  }));
}

/**
 * Makes one of the caller's own stores their current store. The request may name the user and the
 * company (SPEC.md section 7 sends both); they must be the caller's own.
 */
export async function switchCurrentStore(
  db: Executor,
  ctx: RequestContext,
  request: { id?: number | undefined; company_id?: number | undefined; current_store: number },
): Promise<MyStore> {
  if (
    (request.id !== undefined && request.id !== ctx.userId) ||
    (request.company_id !== undefined && request.company_id !== ctx.companyId)
  ) {
    throw AppError.forbidden(storeSwitchMessages.notYou);
  }
  const [store] = await listMyStores(db, ctx, request.current_store);
  if (!store) throw AppError.forbidden(storeSwitchMessages.notYours);
  await db
    .update(users)
    .set({ current_store: store.id, updated_at: sql`now()` })
    .where(and(tenantScope(users, ctx.companyId), eq(users.id, ctx.userId)));
  return store;
}

import { storeSwitchMessages, type MyStore } from '@portal/contract/shell';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { assignedStoreIds } from '../assignments/api.ts';
import { storeCardsOf } from '../organisation/api.ts';
import { setCurrentStore } from '../users/api.ts';

/** The active stores the caller is assigned to, with their district, for the store switcher. */
export async function listMyStores(
  db: Executor,
  ctx: RequestContext,
  storeId?: number,
): Promise<MyStore[]> {
  const assigned = await assignedStoreIds(db, ctx.companyId, ctx.userId);
  const rows = await storeCardsOf(
    db,
    ctx.companyId,
    storeId === undefined ? assigned : assigned.filter((id) => id === storeId),
    { activeOnly: true, byDistrict: true },
  );
  return rows.map(({ district, is_active: _active, ...store }) => ({
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
  await setCurrentStore(db, ctx.companyId, ctx.userId, store.id);
  return store;
}

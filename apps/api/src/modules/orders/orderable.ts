import type { OrderableStore } from '@portal/contract/shop';
import { shopMessages } from '@portal/contract/shop';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOptions } from '../oneview/api.ts';

/**
 * The stores a user may order for (SPEC.md section 7, users related storesCanOrderFor): the active
 * stores of their scope, the one rule OneView and the reports follow. Company-wide roles (access
 * level 4) order for every store; everyone else for the stores of the regions and districts
 * assigned to them, the stores assigned to them and their current store.
 */
export async function storesCanOrderFor(
  db: Executor,
  ctx: RequestContext,
): Promise<OrderableStore[]> {
  const scope = await scopeOptions(db, ctx);
  return scope.stores.map((store) => ({
    id: store.id,
    name: store.name,
    district_id: store.district_id,
  }));
}

/** Refuses (403, with the message) an order for a store the caller may not order for. */
export async function assertMayOrderFor(db: Executor, ctx: RequestContext, storeId: number) {
  const stores = await storesCanOrderFor(db, ctx);
  if (!stores.some((store) => store.id === storeId))
    throw AppError.forbidden(shopMessages.notYourStore);
}

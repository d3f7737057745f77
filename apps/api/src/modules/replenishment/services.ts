import { and, asc, eq, isNull, or } from 'drizzle-orm';
import {
  replenishmentMessages as messages,
  staticAccessories as staticAccessoryResource,
  stockMinimums as stockMinimumResource,
  type ShopStaticAccessory,
} from '@portal/contract/resources/replenishment';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { productFactsOf } from '../catalog/api.ts';
import { assertMayOrderFor } from '../orders/api.ts';
import { staticAccessories, stockMinimums } from './schema.ts';

/** Refuses (400 on product_id) a static accessory that is not an accessory of the company. */
async function assertAccessory(tx: Tx, ctx: RequestContext, productId: number) {
  const product = (await productFactsOf(tx, ctx.companyId, [productId])).get(productId);
  if (product?.kind !== 'accessory')
    throw AppError.badRequest(messages.notAccessory, { product_id: [messages.notAccessory] });
}

const storeOf = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * /static-accessories: a store's row only by someone who may order for that store (403); a
 * company-wide row (no store) by anyone with the write permission.
 */
export const staticAccessoryService = createResourceService({
  definition: staticAccessoryResource,
  table: staticAccessories,
  tenantColumn: 'company_id',
  hooks: {
    authorize: async (_operation, { row }, ctx, tx) => {
      const storeId = storeOf(row?.store_id);
      if (storeId !== null) await assertMayOrderFor(tx, ctx, storeId);
    },
    beforeCreate: async (input, ctx, tx) => {
      await assertAccessory(tx, ctx, input.product_id);
      if (input.store_id) await assertMayOrderFor(tx, ctx, input.store_id);
      return { ...input };
    },
    beforeUpdate: async (input, _existing, ctx, tx) => {
      if (input.product_id !== undefined) await assertAccessory(tx, ctx, input.product_id);
      if (input.store_id) await assertMayOrderFor(tx, ctx, input.store_id);
      return { ...input };
    },
  },
});

/** /stock-minimums: only for stores the caller may order for (403 otherwise). */
export const stockMinimumService = createResourceService({
  definition: stockMinimumResource,
  table: stockMinimums,
  tenantColumn: 'company_id',
  hooks: {
    authorize: async (_operation, { row }, ctx, tx) => {
      const storeId = storeOf(row?.store_id);
      if (storeId !== null) await assertMayOrderFor(tx, ctx, storeId);
    },
    beforeCreate: async (input, ctx, tx) => {
      await assertMayOrderFor(tx, ctx, input.store_id);
      return { ...input };
    },
  },
});

/**
 * The static accessories of a store as the shop adds them to the accessories cart: the store's own
 * rows and the company-wide ones (a store's row wins for the same accessory), active products only.
 */
export async function staticAccessoriesFor(
  db: Executor,
  ctx: RequestContext,
  storeId: number,
): Promise<ShopStaticAccessory[]> {
  const rows = await db
    .select({
      product_id: staticAccessories.product_id,
      store_id: staticAccessories.store_id,
      quantity: staticAccessories.quantity,
    })
    .from(staticAccessories)
    .where(
      and(
        tenantScope(staticAccessories, ctx.companyId),
        or(isNull(staticAccessories.store_id), eq(staticAccessories.store_id, storeId)),
      ),
    )
    .orderBy(asc(staticAccessories.id));
  const quantities = new Map<number, number>();
  for (const row of rows)
    if (row.store_id !== null || !quantities.has(row.product_id))
      quantities.set(row.product_id, row.quantity);
  const facts = await productFactsOf(db, ctx.companyId, [...quantities.keys()]);
  return [...quantities].flatMap(([productId, quantity]) => {
    const product = facts.get(productId);
    if (!product?.is_active || product.kind !== 'accessory') return [];
    const { id, name, sku, price_cents, tax_bps } = product;
    return [{ id, name, sku, price_cents, tax_bps, quantity }];
  });
}

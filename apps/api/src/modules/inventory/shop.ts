import type { ProductKind } from '@portal/contract/resources/catalog';
import type { ShopProduct, ShopQuery } from '@portal/contract/shop';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { shopCatalogue } from '../catalog/api.ts';
import { reservedQuantities } from '../orders/api.ts';
import { warehouseStock } from './stock.ts';

/**
 * GET /shop/products and /shop/accessories: the catalogue's page with the warehouse's stock, less
 * what submitted orders hold (reserved until they ship, are canceled or go back to open).
 */
export async function shopPage(
  db: Executor,
  ctx: RequestContext,
  kind: ProductKind,
  query: ShopQuery,
): Promise<{ results: ShopProduct[]; total: number }> {
  const page = await shopCatalogue(db, ctx.companyId, kind, query);
  const ids = page.results.map((row) => row.id);
  const [stock, reserved] = await Promise.all([
    warehouseStock(db, ctx.companyId, ids),
    reservedQuantities(db, ctx.companyId, ids),
  ]);
  return {
    results: page.results.map((row) => {
      const held = reserved.get(row.id) ?? 0;
      return { ...row, in_stock: Math.max(0, (stock.get(row.id) ?? 0) - held), reserved: held };
    }),
    total: page.total,
  };
}

import type { ProductKind } from '@portal/contract/resources/catalog';
import type { ShopProduct, ShopQuery } from '@portal/contract/shop';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { shopCatalogue } from '../catalog/api.ts';
import { warehouseStock } from './stock.ts';

/** GET /shop/products and /shop/accessories: the catalogue's page with the warehouse's stock. */
export async function shopPage(
  db: Executor,
  ctx: RequestContext,
  kind: ProductKind,
  query: ShopQuery,
): Promise<{ results: ShopProduct[]; total: number }> {
  const page = await shopCatalogue(db, ctx.companyId, kind, query);
  const stock = await warehouseStock(
    db,
    ctx.companyId,
    page.results.map((row) => row.id),
  );
  return {
    results: page.results.map((row) => ({ ...row, in_stock: stock.get(row.id) ?? 0 })),
    total: page.total,
  };
}

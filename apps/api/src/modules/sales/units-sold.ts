import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { saleLines, saleReturns, sales } from './schema.ts';

/**
 * Per product, the units a store sold in the last `days` days (lines of sales completed in that
 * time, including those later returned) and the units returned to it in that time (returned
 * lines): the suggested order's demand is the difference.
 */
export async function unitsSoldAt(
  db: Executor,
  companyId: number,
  storeId: number,
  days: number,
): Promise<Map<number, { sold: number; returned: number }>> {
  const since = sql`now() - make_interval(days => ${days})`;
  const sold = await db
    .select({
      product_id: saleLines.product_id,
      n: sql<number>`coalesce(sum(${saleLines.quantity}), 0)::int`,
    })
    .from(saleLines)
    .innerJoin(sales, tenantJoin(sales, saleLines.company_id, saleLines.sale_id))
    .where(
      and(
        tenantScope(saleLines, companyId),
        eq(sales.store_id, storeId),
        inArray(sales.status, ['completed', 'returned']),
        gte(sales.completed_at, since),
      ),
    )
    .groupBy(saleLines.product_id);
  const returned = await db
    .select({
      product_id: saleLines.product_id,
      n: sql<number>`coalesce(sum(${saleLines.quantity}), 0)::int`,
    })
    .from(saleReturns)
    .innerJoin(saleLines, tenantJoin(saleLines, saleReturns.company_id, saleReturns.sale_line_id))
    .where(
      and(
        tenantScope(saleReturns, companyId),
        eq(saleReturns.store_id, storeId),
        gte(saleReturns.created_at, since),
      ),
    )
    .groupBy(saleLines.product_id);
  const result = new Map<number, { sold: number; returned: number }>();
  for (const row of sold) result.set(row.product_id, { sold: Number(row.n), returned: 0 });
  for (const row of returned) {
    const entry = result.get(row.product_id) ?? { sold: 0, returned: 0 };
    entry.returned = Number(row.n);
    result.set(row.product_id, entry);
  }
  return result;
}

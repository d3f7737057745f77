import { and, eq } from 'drizzle-orm';
import type { DemoContext } from '../../platform/module.ts';
import { tenantScope } from '../../db/columns.ts';
import { saleProductsOf } from '../catalog/api.ts';
import { stockRecords } from './schema.ts';

/**
 * Demo stock: the records the demo receipts made (the counted stock's mirror) get a unit cost of
 * 60 % of the product's price and a reorder point of 5 (10 to reorder), so the valuation and the
 * reorder flag show something.
 */
export async function seedStockDemo({ tx, companyId }: DemoContext) {
  const records = await tx
    .select({ id: stockRecords.id, product_id: stockRecords.product_id })
    .from(stockRecords)
    .where(tenantScope(stockRecords, companyId));
  const prices = await saleProductsOf(
    tx,
    companyId,
    records.map((record) => record.product_id),
  );
  for (const record of records)
    await tx
      .update(stockRecords)
      .set({
        cost_cents: Math.round((prices.get(record.product_id)?.price_cents ?? 0) * 0.6),
        reorder_point: 5,
        reorder_quantity: 10,
      })
      .where(and(tenantScope(stockRecords, companyId), eq(stockRecords.id, record.id)));
}

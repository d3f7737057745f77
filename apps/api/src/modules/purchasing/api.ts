// The purchasing module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries"):
// the counted (not serialised) stock a warehouse holds, which receipts fill.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { warehouseStock, warehouseStockMovements } from './schema.ts';

type Ctx = Pick<RequestContext, 'companyId'> & { userId: number | null };

/** How many counted units of a product a location holds, locked until the transaction ends. */
export async function lockCountedStock(
  tx: Tx,
  companyId: number,
  locationId: number,
  productId: number,
): Promise<number> {
  const [row] = await tx
    .select({ quantity: warehouseStock.quantity })
    .from(warehouseStock)
    .where(
      and(
        tenantScope(warehouseStock, companyId),
        eq(warehouseStock.location_id, locationId),
        eq(warehouseStock.product_id, productId),
      ),
    )
    .for('update');
  return row?.quantity ?? 0;
}

/**
 * Counted units leave a location: its quantity goes down by `quantity` and a movement (a negative
 * delta, the reason and who) is written, in the caller's transaction. Never below zero: when the
 * location holds fewer, nothing is written and the answer is false.
 */
export async function takeCountedStock(
  tx: Tx,
  ctx: Ctx,
  input: { location_id: number; product_id: number; quantity: number; reason: string },
): Promise<boolean> {
  const taken = await tx
    .update(warehouseStock)
    .set({
      quantity: sql`${warehouseStock.quantity} - ${input.quantity}`,
      updated_at: sql`now()`,
    })
    .where(
      and(
        tenantScope(warehouseStock, ctx.companyId),
        eq(warehouseStock.location_id, input.location_id),
        eq(warehouseStock.product_id, input.product_id),
        gte(warehouseStock.quantity, input.quantity),
      ),
    )
    .returning({ id: warehouseStock.id });
  if (!taken.length) return false;
  await tx.insert(warehouseStockMovements).values({
    company_id: ctx.companyId,
    location_id: input.location_id,
    product_id: input.product_id,
    delta: -input.quantity,
    reason: input.reason,
    user_id: ctx.userId,
  });
  return true;
}

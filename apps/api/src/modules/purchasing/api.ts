// The purchasing module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries"):
// the counted (not serialised) stock a warehouse holds, which receipts fill; suppliers' lead times.
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  warehouseStock,
  warehouseStockMovements,
} from './schema.ts';

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

/**
 * Counted units enter a location (a receipt's accepted units, the stock screens' movements and
 * uploads, issue 19): its quantity goes up by `quantity` (the row made when missing) and a movement
 * with the reason, the receipt if any, and who is written, in the caller's transaction. Answers the
 * quantity now held.
 */
export async function addCountedStock(
  tx: Tx,
  ctx: Ctx,
  input: {
    location_id: number;
    product_id: number;
    quantity: number;
    reason: string;
    receipt_id?: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(warehouseStock)
    .values({
      company_id: ctx.companyId,
      location_id: input.location_id,
      product_id: input.product_id,
      quantity: input.quantity,
    })
    .onConflictDoUpdate({
      target: [warehouseStock.company_id, warehouseStock.location_id, warehouseStock.product_id],
      set: {
        quantity: sql`${warehouseStock.quantity} + ${input.quantity}`,
        updated_at: sql`now()`,
      },
    })
    .returning({ quantity: warehouseStock.quantity });
  await tx.insert(warehouseStockMovements).values({
    company_id: ctx.companyId,
    location_id: input.location_id,
    product_id: input.product_id,
    delta: input.quantity,
    reason: input.reason,
    receipt_id: input.receipt_id ?? null,
    user_id: ctx.userId,
  });
  return row?.quantity ?? input.quantity;
}

/** The changes of a product's counted stock at a location, newest first (at most `limit`). */
export async function countedMovementsOf(
  db: Executor,
  companyId: number,
  locationId: number,
  productId: number,
  limit: number,
) {
  return db
    .select({
      id: warehouseStockMovements.id,
      delta: warehouseStockMovements.delta,
      reason: warehouseStockMovements.reason,
      receipt_id: warehouseStockMovements.receipt_id,
      user_id: warehouseStockMovements.user_id,
      created_at: warehouseStockMovements.created_at,
    })
    .from(warehouseStockMovements)
    .where(
      and(
        tenantScope(warehouseStockMovements, companyId),
        eq(warehouseStockMovements.product_id, productId),
        eq(warehouseStockMovements.location_id, locationId),
      ),
    )
    .orderBy(desc(warehouseStockMovements.id))
    .limit(limit);
}

/**
 * Per product, the lead time (days) of the supplier it is bought from: the supplier of its latest
 * purchase order that was not canceled. Products never ordered from a supplier are absent.
 */
export async function supplierLeadDays(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const unique = [...new Set(productIds)];
  if (!unique.length) return new Map();
  const rows = await db
    .selectDistinctOn([purchaseOrderLines.product_id], {
      product_id: purchaseOrderLines.product_id,
      lead: suppliers.lead_time_days,
    })
    .from(purchaseOrderLines)
    .innerJoin(
      purchaseOrders,
      tenantJoin(
        purchaseOrders,
        purchaseOrderLines.company_id,
        purchaseOrderLines.purchase_order_id,
      ),
    )
    .innerJoin(
      suppliers,
      tenantJoin(suppliers, purchaseOrders.company_id, purchaseOrders.supplier_id),
    )
    .where(
      and(
        tenantScope(purchaseOrderLines, companyId),
        inArray(purchaseOrderLines.product_id, unique),
        ne(purchaseOrders.status, 'canceled'),
      ),
    )
    .orderBy(purchaseOrderLines.product_id, desc(purchaseOrders.id));
  return new Map(rows.map((row) => [row.product_id, row.lead]));
}

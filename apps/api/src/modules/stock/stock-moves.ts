import { and, eq } from 'drizzle-orm';
import { stockMessages } from '@portal/contract/resources/stock';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantScope } from '../../db/columns.ts';
import { adjustmentReasonName, stockFactsOf } from '../catalog/api.ts';
import { isWarehouse, locationNamesOf } from '../inventory/api.ts';
import { addCountedStock, lockCountedStock, takeCountedStock } from '../purchasing/api.ts';
import { stockRecords } from './schema.ts';

/** The product must be a counted one of the company; the place one of its warehouses. */
export async function checkPlace(
  db: Executor,
  companyId: number,
  productId: number,
  locationId: number,
): Promise<{ product: string; location: string }> {
  const [facts, names, warehouse] = await Promise.all([
    stockFactsOf(db, companyId, [productId]),
    locationNamesOf(db, companyId, [locationId]),
    isWarehouse(db, companyId, locationId),
  ]);
  const product = facts.get(productId);
  if (!product)
    throw AppError.badRequest('Product not found', { product_id: ['Product not found'] });
  if (product.is_serialized) {
    const message = stockMessages.serialised(product.name);
    throw AppError.badRequest(message, { product_id: [message] });
  }
  if (!warehouse)
    throw AppError.badRequest(stockMessages.notWarehouse, {
      location_id: [stockMessages.notWarehouse],
    });
  return { product: product.name, location: names.get(locationId) ?? '' };
}

/** The company's record of this product at this warehouse, if any. */
export async function recordAt(
  db: Executor,
  companyId: number,
  locationId: number,
  productId: number,
) {
  const [row] = await db
    .select({ id: stockRecords.id })
    .from(stockRecords)
    .where(
      and(
        tenantScope(stockRecords, companyId),
        eq(stockRecords.location_id, locationId),
        eq(stockRecords.product_id, productId),
      ),
    );
  return row?.id ?? null;
}

/** The movement's reason as recorded: the adjustment reason's name, and the note after it. */
export async function reasonText(
  db: Executor,
  companyId: number,
  reasonId: number,
  note?: string | null,
): Promise<string> {
  const name = await adjustmentReasonName(db, companyId, reasonId);
  if (!name)
    throw AppError.badRequest(stockMessages.reasonMissing, {
      reason_id: [stockMessages.reasonMissing],
    });
  return note?.trim() ? `${name}: ${note.trim()}` : name;
}

/**
 * Moves counted units in or out of the record's warehouse with a reason, through purchasing's
 * counted stock (which the record's on_hand mirrors). Taking more than is on hand is a 409
 * naming what is there; nothing is written.
 */
export async function moveStock(
  tx: Tx,
  ctx: Pick<RequestContext, 'companyId' | 'userId'>,
  record: { location_id: number; product_id: number },
  move: { quantity: number; reason: string },
) {
  const target = {
    location_id: record.location_id,
    product_id: record.product_id,
    reason: move.reason,
  };
  if (move.quantity > 0) {
    await addCountedStock(tx, ctx, { ...target, quantity: move.quantity });
    return;
  }
  const taking = -move.quantity;
  if (!(await takeCountedStock(tx, ctx, { ...target, quantity: taking }))) {
    const onHand = await lockCountedStock(tx, ctx.companyId, record.location_id, record.product_id);
    throw AppError.conflict(stockMessages.wouldGoNegative(onHand, taking));
  }
}

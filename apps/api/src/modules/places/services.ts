import {
  customerWarehouses as customerWarehouseResource,
  internalInventory as internalInventoryResource,
} from '@portal/contract/resources/places';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantResource } from '../../platform/module.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { stockFactsOf } from '../catalog/api.ts';
import { isWarehouse, locationNamesOf, lockUnitsAt, setAsideUnits } from '../inventory/api.ts';
import { lockCountedStock, takeCountedStock } from '../purchasing/api.ts';
import { customerWarehouses, internalInventory } from './schema.ts';

export const customerWarehouseService = tenantResource(
  customerWarehouseResource,
  customerWarehouses,
);

const notAWarehouse = 'Choose one of your warehouses';

/** "iPhone 16 is tracked by serial number; set aside products counted by quantity only" */
export const serialisedRefused = (product: string) =>
  `${product} is tracked by serial number; internal inventory sets aside products counted by quantity only`;
/** "Dockside holds 1 of Rugged Case; 2 cannot be set aside" */
export const tooFewHeld = (warehouse: string, held: number, product: string, wanted: number) =>
  `${warehouse} holds ${held} of ${product}; ${wanted} cannot be set aside`;

type SetAside = typeof internalInventory.$inferSelect;

/**
 * The units leave the warehouse's stock, in the record's transaction: its counted stock first
 * (purchasing's warehouse_stock, a movement with a negative delta), then any units of the product
 * kept one by one at the warehouse (moved to the company's "Kept for internal use" location, one
 * movement each). Both are locked first, so of two requests for the last units one waits and then
 * finds too few. Fewer than asked: a 400 naming the quantity and the transaction rolls back.
 * A serialised product is refused: its units are set aside by serial, not by a count.
 */
async function takeOutOfStock(tx: Tx, ctx: RequestContext, row: SetAside) {
  const product = (await stockFactsOf(tx, ctx.companyId, [row.product_id])).get(row.product_id);
  const productName = product?.name ?? `Product #${row.product_id}`;
  if (product?.is_serialized) {
    const message = serialisedRefused(productName);
    throw AppError.badRequest(message, { product_id: [message] });
  }
  const counted = await lockCountedStock(tx, ctx.companyId, row.warehouse_id, row.product_id);
  const units =
    counted >= row.quantity
      ? []
      : await lockUnitsAt(
          tx,
          ctx.companyId,
          row.warehouse_id,
          row.product_id,
          row.quantity - counted,
        );
  const held = counted + units.length;
  if (held < row.quantity) {
    const names = await locationNamesOf(tx, ctx.companyId, [row.warehouse_id]);
    const message = tooFewHeld(
      names.get(row.warehouse_id) ?? 'The warehouse',
      held,
      productName,
      row.quantity,
    );
    throw AppError.badRequest(message, { quantity: [message] });
  }
  const reason = `Internal inventory #${row.id}: ${row.purpose}`;
  const fromCounted = Math.min(counted, row.quantity);
  if (fromCounted > 0) {
    const taken = await takeCountedStock(tx, ctx, {
      location_id: row.warehouse_id,
      product_id: row.product_id,
      quantity: fromCounted,
      reason,
    });
    // Locked above, so it cannot have gone down meanwhile; a refusal here is a bug, not input.
    if (!taken) throw new Error('internal inventory: counted stock changed while locked');
  }
  await setAsideUnits(tx, ctx, units, reason);
}

/**
 * Internal inventory: the warehouse must be one of the company's warehouses (not a store's
 * location), the product one of its products (the engine's reference check); who set it aside is
 * the caller. Creating one takes the quantity out of the warehouse's stock in the same
 * transaction (takeOutOfStock). Rows are kept as written (no update or delete route).
 */
export const internalInventoryService = createResourceService({
  definition: internalInventoryResource,
  table: internalInventory,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      if (!(await isWarehouse(tx, ctx.companyId, input.warehouse_id)))
        throw AppError.badRequest(notAWarehouse, { warehouse_id: [notAWarehouse] });
      return { ...input, created_by: ctx.userId };
    },
    afterWrite: async (row, _input, ctx, tx) => {
      await takeOutOfStock(tx, ctx, row as unknown as SetAside);
    },
  },
});

import { and, eq } from 'drizzle-orm';
import { inventoryStock, stockMessages, stockMoveSchema } from '@portal/contract/resources/stock';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { lockCountedStock } from '../purchasing/api.ts';
import { stockRoutes } from './routes.ts';
import { stockRecords } from './schema.ts';
import { checkPlace, moveStock, reasonText, recordAt } from './stock-moves.ts';

async function reread(tx: Tx, companyId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(stockRecords)
    .where(and(tenantScope(stockRecords, companyId), eq(stockRecords.id, id)));
  if (!row) throw AppError.notFound('Stock record');
  return row as unknown as Row;
}

/**
 * Stock records on the engine: create checks the product (counted, the company's) and the
 * warehouse and starts from what the warehouse already holds; a second record of the same pair is
 * a 409. Edits change the reorder point, reorder quantity and cost only. `move` is the one way
 * the quantity changes.
 */
export const stockService = createResourceService({
  definition: inventoryStock,
  table: stockRecords,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const names = await checkPlace(tx, ctx.companyId, input.product_id, input.location_id);
      if (await recordAt(tx, ctx.companyId, input.location_id, input.product_id))
        throw AppError.conflict(stockMessages.recordExists(names.product, names.location));
      const onHand = await lockCountedStock(tx, ctx.companyId, input.location_id, input.product_id);
      return { ...input, on_hand: onHand, created_by: ctx.userId };
    },
    // A record goes only once its warehouse holds none of the product (the history stays).
    beforeRemove: async (row) => {
      if (Number(row.on_hand) > 0)
        throw AppError.conflict(stockMessages.stillOnHand(Number(row.on_hand)));
    },
  },
  actions: {
    move: async (row, input, { ctx, tx }) => {
      const move = stockMoveSchema.parse(input);
      const reason = await reasonText(tx, ctx.companyId, move.reason_id, move.note);
      await moveStock(
        tx,
        ctx,
        { location_id: Number(row.location_id), product_id: Number(row.product_id) },
        { quantity: move.quantity, reason },
      );
      return reread(tx, ctx.companyId, row.id);
    },
  },
  routes: (app, db) => stockRoutes(app, db),
});

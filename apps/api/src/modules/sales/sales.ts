import { and, asc, eq, sql } from 'drizzle-orm';
import {
  completeSaleBody,
  dollars,
  sales as saleResource,
  salesMessages,
} from '@portal/contract/resources/sales';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeTaxBps } from '../billing/api.ts';
import { lockStoreUnits, sellStoreQuantities, sellStoreUnits } from '../inventory/api.ts';
import { assertAddOnCustomer, assertRingUp, saleKindOf } from './addons.ts';
import {
  productsOfLines,
  quantitiesOfLines,
  soldOnSaleLine,
  unitsOfLines,
} from './product-lines.ts';
import { assertMaySell } from './settings.ts';
import { saleLines, sales } from './schema.ts';
import { salesCenterRoutes } from './center.ts';

/**
 * The catalogue price of each line and the store's tax (taxInfo); a serialised product needs one
 * unit's serial (an IMEI for a device), anything else none. 400 on the line's field otherwise.
 */
async function priceLines(
  lines: Record<string, unknown>[],
  ctx: RequestContext,
  tx: Tx,
  companyId: number,
  saleId: number,
) {
  const products = await productsOfLines(tx, companyId, lines);
  const [sale] = await tx
    .select({ store_id: sales.store_id })
    .from(sales)
    .where(and(tenantScope(sales, companyId), eq(sales.id, saleId)));
  const taxBps = sale ? await storeTaxBps(tx, companyId, sale.store_id) : 0;
  return products.map((product) => ({ unit_price_cents: product.price_cents, tax_bps: taxBps }));
}

const linesOf = (tx: Tx, ctx: RequestContext, saleId: number) =>
  tx
    .select()
    .from(saleLines)
    .where(and(tenantScope(saleLines, ctx.companyId), eq(saleLines.sale_id, saleId)))
    .orderBy(asc(saleLines.id));

/**
 * Takes payment: the payments must add up to the total; serialised units and the units of lines
 * sold by quantity (accessories) leave the store's stock in the same transaction (a quantity over
 * the store's stock: 409 naming the item and what is left, nothing written).
 */
async function completeSale(row: Row, input: Record<string, unknown>, ctx: RequestContext, tx: Tx) {
  const { payments } = completeSaleBody.parse(input);
  const storeId = Number(row.store_id);
  await assertMaySell(tx, ctx, storeId);
  const total = Number(row.total_cents);
  const paid = payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
  if (paid !== total)
    throw AppError.badRequest(salesMessages.paymentsMismatch(dollars(paid), dollars(total)), {
      payments: [salesMessages.paymentsMismatch(dollars(paid), dollars(total))],
    });
  const lines = await linesOf(tx, ctx, row.id);
  // Rules added while the sale was held count too (and an add-on's line must still be active).
  await assertRingUp(tx, ctx, row, lines);
  await sellStoreUnits(tx, ctx, storeId, unitsOfLines(lines), `Sold on sale #${String(row.id)}`);
  await sellStoreQuantities(
    tx,
    ctx,
    storeId,
    await quantitiesOfLines(tx, ctx.companyId, lines, (lineId) => soldOnSaleLine(row.id, lineId)),
  );
  const [updated] = await tx
    .update(sales)
    .set({
      status: 'completed',
      payments,
      paid_cents: paid,
      completed_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(and(tenantScope(sales, ctx.companyId), eq(sales.id, row.id)))
    .returning();
  if (!updated) throw AppError.notFound('Sale');
  await recordHistory(tx, ctx, {
    companyId: ctx.companyId,
    resource: saleResource.name,
    recordId: row.id,
    action: 'transition',
    from: 'held',
    to: 'completed',
    note: payments.map((p) => `${p.method} ${dollars(p.amount_cents)}`).join(', '),
  });
  return updated as unknown as Row;
}

/**
 * A sale at the counter: held (several at once), priced by the server, completed by its payments.
 * Units on held sales are checked at every save (in this store, unsold) and leave stock at payment.
 */
export const saleService = createResourceService({
  definition: saleResource,
  table: sales,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await assertMaySell(tx, ctx, input.store_id);
      return { ...input, ...(await saleKindOf(tx, ctx, input)), created_by: ctx.userId };
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      await assertMaySell(tx, ctx, input.store_id ?? Number(existing.store_id));
      assertAddOnCustomer(input, existing);
      return { ...input };
    },
    afterWrite: async (row, _input, ctx, tx) => {
      const lines = await linesOf(tx, ctx, row.id);
      await assertRingUp(tx, ctx, row, lines);
      await lockStoreUnits(tx, ctx, Number(row.store_id), unitsOfLines(lines));
    },
  },
  lines: { table: saleLines, parentColumn: 'sale_id', price: priceLines },
  actions: {
    complete: async (row, input, { ctx, tx }) => completeSale(row, input, ctx, tx),
  },
  routes: salesCenterRoutes,
});

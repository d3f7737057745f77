import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  saleReturns as returnResource,
  sales as saleResource,
  salesMessages,
} from '@portal/contract/resources/sales';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { readSetting } from '../../platform/settings.ts';
import { tenantScope } from '../../db/columns.ts';
import { returnUnit } from '../inventory/api.ts';
import { saleLines, saleReturns, sales } from './schema.ts';
import { remorseDaysSetting, restockingFeeSetting } from './settings.ts';

type ReturnInput = z.output<typeof returnResource.create>;

/** Where a returned unit goes by type: remorse back to the shelf, failures to defective. */
const destinationOf = { bre: 'store', doa: 'defective', obf: 'defective' } as const;

/** sbr: a unit of the store's unsold stock goes back to the vendor; nothing is refunded. */
async function stockBalanceReturn(tx: Tx, ctx: RequestContext, input: ReturnInput) {
  const serial = input.serial?.trim();
  if (!input.store_id || !serial)
    throw AppError.badRequest(salesMessages.returnSbrNoSale, {
      serial: [salesMessages.returnSbrNoSale],
    });
  await returnUnit(tx, ctx, {
    serial,
    field: 'serial',
    from: { store_id: input.store_id },
    to: 'vendor',
    store_id: input.store_id,
    reason: `Stock balance return: ${input.reason}`,
  });
  return {
    type: input.type,
    store_id: input.store_id,
    sale_id: null,
    sale_line_id: null,
    serial,
    unit_destination: 'vendor',
    reason: input.reason,
    refund_cents: 0,
    override_reason: null,
    created_by: ctx.userId,
  };
}

/**
 * bre, doa, obf: one line of a completed sale comes back. Within the store's remorse window
 * (inherited setting) anyone with write_sale_returns records it; past it a manager
 * (override_sale_returns) with a reason. The refund is the line's total less the store's restocking
 * fee on a buyer's remorse return (inherited setting), never more than what is left of what was
 * paid; a unit goes back to the store's stock (bre) or to the defective location (doa, obf); the
 * sale becomes returned when every line came back.
 */
async function customerReturn(tx: Tx, ctx: RequestContext, input: ReturnInput) {
  const type = input.type === 'sbr' ? 'bre' : input.type;
  if (!input.sale_id || !input.sale_line_id)
    throw AppError.badRequest(salesMessages.returnLineMissing, {
      sale_line_id: [salesMessages.returnLineMissing],
    });
  const [sale] = await tx
    .select()
    .from(sales)
    .where(and(tenantScope(sales, ctx.companyId), eq(sales.id, input.sale_id)))
    .for('update');
  if (!sale) throw AppError.notFound('Sale');
  if (sale.status !== 'completed' || !sale.completed_at)
    throw AppError.conflict(salesMessages.returnNotCompleted);
  const [line] = await tx
    .select()
    .from(saleLines)
    .where(
      and(
        tenantScope(saleLines, ctx.companyId),
        eq(saleLines.sale_id, sale.id),
        eq(saleLines.id, input.sale_line_id),
      ),
    );
  if (!line)
    throw AppError.badRequest(salesMessages.returnLineMissing, {
      sale_line_id: [salesMessages.returnLineMissing],
    });
  if (line.returned) throw AppError.conflict(salesMessages.returnLineReturned);

  const days = await readSetting(tx, ctx, remorseDaysSetting, sale.store_id);
  const ageDays = (Date.now() - new Date(sale.completed_at).getTime()) / 86_400_000;
  const override = input.override_reason?.trim() || null;
  const late = ageDays > days;
  if (late && !override)
    throw AppError.badRequest(salesMessages.returnPastWindow(days), {
      override_reason: [salesMessages.returnPastWindow(days)],
    });
  if (late && !hasPermission(ctx, 'override_sale_returns'))
    throw AppError.forbidden(salesMessages.returnOverrideForbidden);

  // Buyer's remorse keeps the store's restocking fee; a defective unit is refunded in full.
  const feePercent =
    type === 'bre' ? await readSetting(tx, ctx, restockingFeeSetting, sale.store_id) : 0;
  const refund = line.total_cents - Math.round((line.total_cents * feePercent) / 100);
  if (sale.refunded_cents + refund > sale.paid_cents)
    throw AppError.badRequest(salesMessages.returnTooMuch, {
      sale_line_id: [salesMessages.returnTooMuch],
    });
  const destination = line.serial ? destinationOf[type] : null;
  if (line.serial)
    await returnUnit(tx, ctx, {
      serial: line.serial,
      field: 'sale_line_id',
      from: 'sold',
      to: destinationOf[type],
      store_id: sale.store_id,
      reason: `Return (${type}) of sale #${String(sale.id)}`,
    });
  await tx
    .update(saleLines)
    .set({ returned: true, updated_at: sql`now()` })
    .where(and(tenantScope(saleLines, ctx.companyId), eq(saleLines.id, line.id)));
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(saleLines)
    .where(
      and(
        tenantScope(saleLines, ctx.companyId),
        eq(saleLines.sale_id, sale.id),
        eq(saleLines.returned, false),
      ),
    );
  const allBack = Number(left?.n ?? 0) === 0;
  await tx
    .update(sales)
    .set({
      refunded_cents: sale.refunded_cents + refund,
      ...(allBack ? { status: 'returned' } : {}),
      updated_at: sql`now()`,
    })
    .where(and(tenantScope(sales, ctx.companyId), eq(sales.id, sale.id)));
  if (allBack)
    await recordHistory(tx, ctx, {
      companyId: ctx.companyId,
      resource: saleResource.name,
      recordId: sale.id,
      action: 'transition',
      from: 'completed',
      to: 'returned',
      note: input.reason,
    });
  return {
    type,
    store_id: sale.store_id,
    sale_id: sale.id,
    sale_line_id: line.id,
    serial: line.serial,
    unit_destination: destination,
    reason: input.reason,
    refund_cents: refund,
    override_reason: late ? override : null,
    overridden_by: late ? ctx.userId : null,
    created_by: ctx.userId,
  };
}

/** Returns and refunds by type (SPEC.md section 3), recorded once with their stock moves. */
export const saleReturnService = createResourceService({
  definition: returnResource,
  table: saleReturns,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: (input, ctx, tx) =>
      input.type === 'sbr' ? stockBalanceReturn(tx, ctx, input) : customerReturn(tx, ctx, input),
  },
});

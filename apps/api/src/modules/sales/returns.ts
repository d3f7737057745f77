import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  activations as activationResource,
  saleReturns as returnResource,
  sales as saleResource,
  salesMessages,
} from '@portal/contract/resources/sales';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { readSetting } from '../../platform/settings.ts';
import { tenantScope } from '../../db/columns.ts';
import { returnSoldUnits, returnUnit, unitPlace } from '../inventory/api.ts';
import { erasePin } from './activations.ts';
import { soldOnLine } from './invoices.ts';
import { soldOnSaleLine } from './product-lines.ts';
import { activations, rmaLines, saleLines, saleReturns, sales } from './schema.ts';
import { remorseDaysSetting, restockingFeeSetting } from './settings.ts';

type ReturnInput = z.output<typeof returnResource.create>;

/**
 * The units of a line sold by quantity that a DOA or OBF return sent to the defective location,
 * kept for its RMA line (written after the return's row, in the same transaction).
 */
const defectiveUnits = new WeakMap<Tx, string[]>();

/** Where a returned unit goes by type: remorse back to the shelf, failures to defective. */
const destinationOf = { bre: 'store', doa: 'defective', obf: 'defective' } as const;

/** sbr: a unit of the store's unsold stock goes back to the vendor; nothing is refunded. */
async function stockBalanceReturn(tx: Tx, ctx: RequestContext, input: ReturnInput) {
  if (input.exchange)
    throw AppError.badRequest(salesMessages.returnExchangeNeedsSale, {
      exchange: [salesMessages.returnExchangeNeedsSale],
    });
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
    exchange: false,
    exchange_sale_id: null,
    activation_id: null,
    cancel_date: null,
    box_contents: input.box_contents,
    created_by: ctx.userId,
  };
}

/**
 * Past the store's remorse window (the carrier's rule when it has one, else the general one):
 * a reason and a manager (override_sale_returns), else 400/403.
 */
async function windowOverride(
  tx: Tx,
  ctx: RequestContext,
  input: ReturnInput,
  place: { storeId: number; carrier: string | null },
  since: string,
) {
  const days = await readSetting(tx, ctx, remorseDaysSetting, place.storeId, place.carrier);
  const ageDays = (Date.now() - new Date(since).getTime()) / 86_400_000;
  const override = input.override_reason?.trim() || null;
  const late = ageDays > days;
  if (late && !override)
    throw AppError.badRequest(salesMessages.returnPastWindow(days), {
      override_reason: [salesMessages.returnPastWindow(days)],
    });
  if (late && !hasPermission(ctx, 'override_sale_returns'))
    throw AppError.forbidden(salesMessages.returnOverrideForbidden);
  return { override_reason: late ? override : null, overridden_by: late ? ctx.userId : null };
}

/**
 * An exchange (the customer takes another unit instead of money): at most one per receipt, a 409
 * naming the first otherwise (the sale row is locked, and a partial unique index backs it); the
 * replacement sale, when named, is another sale of the same store.
 */
async function assertExchange(
  tx: Tx,
  ctx: RequestContext,
  input: ReturnInput,
  sale: { id: number; store_id: number },
) {
  const [earlier] = await tx
    .select({ id: saleReturns.id })
    .from(saleReturns)
    .where(
      and(
        tenantScope(saleReturns, ctx.companyId),
        eq(saleReturns.sale_id, sale.id),
        eq(saleReturns.exchange, true),
      ),
    )
    .limit(1);
  if (earlier) throw AppError.conflict(salesMessages.returnSecondExchange(earlier.id));
  const replacementId = input.exchange_sale_id ?? null;
  if (replacementId === null) return { id: null, total_cents: null };
  if (replacementId === sale.id)
    throw AppError.badRequest(salesMessages.returnExchangeSameSale, {
      exchange_sale_id: [salesMessages.returnExchangeSameSale],
    });
  const [replacement] = await tx
    .select({ store_id: sales.store_id, total_cents: sales.total_cents, status: sales.status })
    .from(sales)
    .where(and(tenantScope(sales, ctx.companyId), eq(sales.id, replacementId)));
  if (!replacement)
    throw AppError.badRequest('Replacement sale not found', {
      exchange_sale_id: ['Replacement sale not found'],
    });
  if (replacement.store_id !== sale.store_id)
    throw AppError.badRequest(salesMessages.returnExchangeOtherStore, {
      exchange_sale_id: [salesMessages.returnExchangeOtherStore],
    });
  if (replacement.status === 'voided')
    throw AppError.badRequest(salesMessages.returnExchangeVoided, {
      exchange_sale_id: [salesMessages.returnExchangeVoided],
    });
  return { id: replacementId, total_cents: replacement.total_cents };
}

/**
 * An exchange's price difference in cents, on the server: the replacement's total less the
 * returned line's (tax included on both). Positive: the customer pays it; negative: it is refunded.
 * No replacement named: nothing to settle yet.
 */
const exchangeDifference = (replacementTotal: number | null, lineTotal: number) =>
  replacementTotal === null ? 0 : replacementTotal - lineTotal;

/**
 * A returned activation (bre, doa, obf): its line is canceled on `cancel_date` (required: not in
 * the future, not before the activation), its transfer PIN erased, its device back to the store's
 * stock or to the defective location. Activations carry no price here: nothing is refunded.
 */
async function activationReturn(tx: Tx, ctx: RequestContext, input: ReturnInput) {
  const type = input.type === 'sbr' ? 'bre' : input.type;
  if (input.sale_id || input.sale_line_id)
    throw AppError.badRequest(salesMessages.returnOneThing, {
      activation_id: [salesMessages.returnOneThing],
    });
  if (input.exchange)
    throw AppError.badRequest(salesMessages.returnExchangeNeedsSale, {
      exchange: [salesMessages.returnExchangeNeedsSale],
    });
  const [activation] = await tx
    .select()
    .from(activations)
    .where(
      and(tenantScope(activations, ctx.companyId), eq(activations.id, input.activation_id ?? 0)),
    )
    .for('update');
  if (!activation) throw AppError.notFound('Activation');
  if (activation.status === 'canceled')
    throw AppError.conflict(salesMessages.returnActivationCanceled);
  const cancelDate = input.cancel_date ?? null;
  if (!cancelDate)
    throw AppError.badRequest(salesMessages.cancelDateRequired, {
      cancel_date: [salesMessages.cancelDateRequired],
    });
  if (cancelDate > new Date().toISOString().slice(0, 10))
    throw AppError.badRequest(salesMessages.cancelDateFuture, {
      cancel_date: [salesMessages.cancelDateFuture],
    });
  if (cancelDate < new Date(activation.created_at).toISOString().slice(0, 10))
    throw AppError.badRequest(salesMessages.cancelDateBeforeSale, {
      cancel_date: [salesMessages.cancelDateBeforeSale],
    });
  const override = await windowOverride(
    tx,
    ctx,
    input,
    { storeId: activation.store_id, carrier: activation.carrier },
    activation.created_at,
  );
  await returnUnit(tx, ctx, {
    serial: activation.imei,
    field: 'activation_id',
    from: 'sold',
    to: destinationOf[type],
    store_id: activation.store_id,
    reason: `Return (${type}) of activation #${String(activation.id)}`,
  });
  await tx
    .update(activations)
    .set({ status: 'canceled', canceled_at: `${cancelDate}T00:00:00Z`, updated_at: sql`now()` })
    .where(and(tenantScope(activations, ctx.companyId), eq(activations.id, activation.id)));
  await erasePin(tx, ctx, activation.id, 'The activation was returned');
  await recordHistory(tx, ctx, {
    companyId: ctx.companyId,
    resource: activationResource.name,
    recordId: activation.id,
    action: 'transition',
    from: activation.status,
    to: 'canceled',
    note: `Returned (${type}), canceled on ${cancelDate}: ${input.reason}`,
  });
  return {
    type,
    store_id: activation.store_id,
    sale_id: null,
    sale_line_id: null,
    activation_id: activation.id,
    serial: activation.imei,
    unit_destination: destinationOf[type],
    reason: input.reason,
    refund_cents: 0,
    exchange: false,
    exchange_sale_id: null,
    cancel_date: cancelDate,
    box_contents: input.box_contents,
    ...override,
    created_by: ctx.userId,
  };
}

/** The carrier of an activation (a feature add-on sale's line), or null. */
async function carrierOf(tx: Tx, ctx: RequestContext, activationId: number | null) {
  if (activationId === null) return null;
  const [row] = await tx
    .select({ carrier: activations.carrier })
    .from(activations)
    .where(and(tenantScope(activations, ctx.companyId), eq(activations.id, activationId)));
  return row?.carrier ?? null;
}

/**
 * bre, doa, obf: one line of a completed sale comes back. Within the store's remorse window
 * (inherited setting, the carrier's own for a feature add-on's line) anyone with write_sale_returns records it; past it a manager
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
  const replacement = input.exchange ? await assertExchange(tx, ctx, input, sale) : null;
  const difference = exchangeDifference(replacement?.total_cents ?? null, line.total_cents);

  // A feature add-on's lines are its activation's carrier's; a plain sale's lines have no carrier.
  const carrier = await carrierOf(tx, ctx, sale.activation_id);
  const override = await windowOverride(
    tx,
    ctx,
    input,
    { storeId: sale.store_id, carrier },
    sale.completed_at,
  );

  // Buyer's remorse keeps the store's restocking fee (the carrier's, when it has one); a defective
  // unit is refunded in full; an exchange refunds nothing (the line's value goes to the replacement).
  const feePercent =
    type === 'bre' ? await readSetting(tx, ctx, restockingFeeSetting, sale.store_id, carrier) : 0;
  const refund = input.exchange
    ? 0
    : line.total_cents - Math.round((line.total_cents * feePercent) / 100);
  // A cheaper replacement: the difference goes back to the customer, counted against what was paid.
  const paidBack = refund + Math.max(0, -difference);
  if (sale.refunded_cents + paidBack > sale.paid_cents)
    throw AppError.badRequest(salesMessages.returnTooMuch, {
      sale_line_id: [salesMessages.returnTooMuch],
    });
  let destination: string | null = line.serial ? destinationOf[type] : null;
  if (line.serial)
    await returnUnit(tx, ctx, {
      serial: line.serial,
      field: 'sale_line_id',
      from: 'sold',
      to: destinationOf[type],
      store_id: sale.store_id,
      reason: `Return (${type}) of sale #${String(sale.id)}`,
    });
  else {
    // A line sold by quantity (an accessory): the units it took come back, found by the reason
    // of their sale (at the counter, or on an imported invoice); none for a service.
    const units = await returnSoldUnits(tx, ctx, {
      storeId: sale.store_id,
      reasons: [
        soldOnSaleLine(sale.id, line.id),
        ...(sale.invoice_number ? [soldOnLine(sale.invoice_number, line.id)] : []),
      ],
      reason: `Return (${type}) of sale #${String(sale.id)} (line #${String(line.id)})`,
      limit: line.quantity,
      to: destinationOf[type],
    });
    if (units.length) destination = destinationOf[type];
    if (units.length && destination === 'defective')
      defectiveUnits.set(
        tx,
        units.map((unit) => unit.serial),
      );
  }
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
      refunded_cents: sale.refunded_cents + paidBack,
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
    exchange: input.exchange,
    exchange_sale_id: replacement?.id ?? null,
    exchange_difference_cents: difference,
    activation_id: null,
    cancel_date: null,
    box_contents: input.box_contents,
    ...override,
    created_by: ctx.userId,
  };
}

/**
 * A DOA or OBF unit now at the defective location gets its RMA line (open), in the return's
 * transaction, so the warehouse sees what to send back to the vendor.
 */
async function openRmaLine(row: Row, ctx: RequestContext, tx: Tx) {
  const byQuantity = defectiveUnits.get(tx);
  defectiveUnits.delete(tx);
  const serial = typeof row.serial === 'string' ? row.serial : byQuantity?.join(', ');
  if (row.unit_destination !== 'defective' || !serial) return;
  const [unit] = await tx
    .select({ product_id: saleLines.product_id })
    .from(saleLines)
    .where(
      and(tenantScope(saleLines, ctx.companyId), eq(saleLines.id, Number(row.sale_line_id ?? 0))),
    );
  const productId = unit?.product_id ?? (await unitPlace(tx, ctx.companyId, serial))?.product_id;
  if (productId === undefined) throw new Error(`sales: no product for unit ${serial}`);
  const count = byQuantity && byQuantity.length > 1 ? ` (${String(byQuantity.length)} units)` : '';
  await tx.insert(rmaLines).values({
    company_id: ctx.companyId,
    return_id: row.id,
    store_id: Number(row.store_id),
    product_id: productId,
    serial,
    reason: `${String(row.type).toUpperCase()}${count}: ${String(row.reason)}`,
  });
}

/** Returns and refunds by type (SPEC.md section 3), recorded once with their stock moves. */
export const saleReturnService = createResourceService({
  definition: returnResource,
  table: saleReturns,
  tenantColumn: 'company_id',
  // Spelled out: inside a subquery drizzle would leave the outer columns unqualified.
  computed: {
    rma_id: sql<
      number | null
    >`(select r.id from rma_lines r where r.company_id = "sale_returns"."company_id" and r.return_id = "sale_returns"."id")`,
    rma_status: sql<
      string | null
    >`(select r.status from rma_lines r where r.company_id = "sale_returns"."company_id" and r.return_id = "sale_returns"."id")`,
  },
  hooks: {
    beforeCreate: (input, ctx, tx) =>
      input.type === 'sbr'
        ? stockBalanceReturn(tx, ctx, input)
        : input.activation_id
          ? activationReturn(tx, ctx, input)
          : customerReturn(tx, ctx, input),
    afterWrite: (row, _input, ctx, tx) => openRmaLine(row, ctx, tx),
  },
});

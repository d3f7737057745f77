import { and, eq } from 'drizzle-orm';
import type { FieldErrors } from '@portal/contract/envelope';
import { serviceKinds } from '@portal/contract/resources/catalog';
import { salesMessages } from '@portal/contract/resources/sales';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { saleProductsOf } from '../catalog/api.ts';
import { activationItemsOf, assertCompanions, saleItemsOf, type SaleItem } from './dependencies.ts';
import { activations } from './schema.ts';

/*
 * Feature add-ons (SPEC.md /features-addons-sale, /feature-add-on): plans and features (products
 * of kind plan or feature) added to a customer's existing line, with no device. An add-on is a sale
 * of kind 'feature_addon' linked to its line (activation_id): the sale engine prices, taxes, holds
 * and takes payment for it as for a simple sale.
 */

const lineError = (message: string): AppError =>
  AppError.badRequest(message, { activation_id: [message] });

/** The line an add-on goes on: this company's, not canceled, the customer's when one is named. */
async function addOnLine(tx: Tx, ctx: RequestContext, activationId: number) {
  const [line] = await tx
    .select()
    .from(activations)
    .where(and(tenantScope(activations, ctx.companyId), eq(activations.id, activationId)));
  if (!line) throw lineError('Line not found');
  if (line.status === 'canceled') throw lineError(salesMessages.addOnLineCanceled);
  return line;
}

/**
 * A new sale's kind and customer: with a line it is a feature add-on and its customer is the
 * line's (naming another customer is a 400).
 */
export async function saleKindOf(
  tx: Tx,
  ctx: RequestContext,
  input: { activation_id?: number | null; customer_id?: number | null },
) {
  if (!input.activation_id) return { kind: 'sale', activation_id: null };
  const line = await addOnLine(tx, ctx, input.activation_id);
  if (input.customer_id && input.customer_id !== line.customer_id)
    throw lineError(salesMessages.addOnOtherCustomer);
  return { kind: 'feature_addon', activation_id: line.id, customer_id: line.customer_id };
}

/** An add-on keeps its line's customer. */
export function assertAddOnCustomer(input: { customer_id?: number | null }, existing: Row): void {
  if (existing.kind !== 'feature_addon' || input.customer_id === undefined) return;
  if (input.customer_id !== existing.customer_id)
    throw AppError.badRequest(salesMessages.addOnOtherCustomer, {
      customer_id: [salesMessages.addOnOtherCustomer],
    });
}

const isService = (kind: string | undefined) =>
  (serviceKinds as readonly string[]).includes(kind ?? '');

/**
 * What a ring-up holds for the sale dependencies: the sale's lines and, on an add-on, its line's
 * device, SIM, plan and features (a feature sold on a line goes with that line's plan). An add-on
 * sells plans and features only (400 on the line), on a line still active.
 */
export async function ringUpItems(
  tx: Tx,
  ctx: RequestContext,
  sale: Row,
  lines: { product_id: number }[],
): Promise<SaleItem[]> {
  const items = await saleItemsOf(tx, ctx, lines);
  if (sale.kind !== 'feature_addon') return items;
  const products = await saleProductsOf(
    tx,
    ctx.companyId,
    lines.map((line) => line.product_id),
  );
  const errors: FieldErrors = {};
  lines.forEach((line, index) => {
    if (!isService(products.get(line.product_id)?.kind))
      errors[`lines.${String(index)}.product_id`] = [salesMessages.addOnServicesOnly];
  });
  if (Object.keys(errors).length)
    throw AppError.badRequest(salesMessages.addOnServicesOnly, errors);
  const line = await addOnLine(tx, ctx, Number(sale.activation_id));
  return [...items, ...(await activationItemsOf(tx, ctx, line))];
}

/** Refuses (400) a ring-up missing a companion, counting an add-on's line. */
export async function assertRingUp(
  tx: Tx,
  ctx: RequestContext,
  sale: Row,
  lines: { product_id: number }[],
) {
  await assertCompanions(tx, ctx, await ringUpItems(tx, ctx, sale, lines), 'sale');
}

import { and, eq } from 'drizzle-orm';
import type {
  SuggestedLine,
  SuggestedOrder,
  SuggestedOrderQuery,
} from '@portal/contract/resources/replenishment';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { readSetting } from '../../platform/settings.ts';
import { tenantScope } from '../../db/columns.ts';
import { orderingFactsOf } from '../catalog/api.ts';
import { storeUnitCounts } from '../inventory/api.ts';
import { assertMayOrderFor, storeOrderIds, storeOrderedQuantities } from '../orders/api.ts';
import { supplierLeadDays } from '../purchasing/api.ts';
import { storeService } from '../organisation/api.ts';
import { unitsSoldAt } from '../sales/api.ts';
import { stockMinimums } from './schema.ts';
import { defaultLeadDaysSetting, salesDaysSetting } from './settings.ts';

/** Orders whose shipped units sit in their in-transit location (not yet all received). */
const shippedStatuses = ['shipped', 'under_review'] as const;
/** Orders whose lines are ordered but not shipped yet. */
const onOrderStatuses = ['open', 'submitted', 'pending_shipment'] as const;

/**
 * The target a store aims at for one product: the larger of its minimum and the units it sells
 * in the lead time, ceil(net sold / sales days x lead days), in whole units (integer arithmetic).
 */
export function targetUnits(minimum: number, netSold: number, salesDays: number, lead: number) {
  const demand = Math.max(0, netSold) * lead;
  return Math.max(minimum, Math.floor((demand + salesDays - 1) / salesDays));
}

/**
 * GET /suggested-order: per product of the kind, what the store should order now. The store must
 * be the caller's company's (404) and one they may order for (403). Products listed: those with a
 * minimum at the store or sold there in the window; the suggestion is max(minimum, ceil(average
 * daily sales x lead days)) - on hand - in transit - on order, never below 0. Lead days: the
 * product's, else the lead time of the supplier of its latest purchase order, else the default.
 */
export async function suggestedOrder(
  db: Database,
  ctx: RequestContext,
  query: SuggestedOrderQuery,
): Promise<SuggestedOrder> {
  const store = await storeService.get(db, ctx, query.store_id);
  await assertMayOrderFor(db, ctx, query.store_id);
  const companyId = Number(store.company_id);
  const storeId = query.store_id;
  const [salesDays, defaultLead] = await Promise.all([
    readSetting(db, { companyId }, salesDaysSetting, storeId),
    readSetting(db, { companyId }, defaultLeadDaysSetting, storeId),
  ]);
  const minimumRows = await db
    .select({ product_id: stockMinimums.product_id, min: stockMinimums.min_quantity })
    .from(stockMinimums)
    .where(and(tenantScope(stockMinimums, companyId), eq(stockMinimums.store_id, storeId)));
  const minimums = new Map(minimumRows.map((row) => [row.product_id, row.min]));
  const sold = await unitsSoldAt(db, companyId, storeId, salesDays);
  const shipped = await storeOrderIds(db, companyId, storeId, shippedStatuses);
  const { onHand, inTransit } = await storeUnitCounts(db, companyId, storeId, shipped);
  const onOrder = await storeOrderedQuantities(db, companyId, storeId, onOrderStatuses);
  const facts = await orderingFactsOf(db, companyId, [...minimums.keys(), ...sold.keys()]);
  const supplierLead = await supplierLeadDays(db, companyId, [...facts.keys()]);

  const lines: SuggestedLine[] = [];
  for (const product of facts.values()) {
    if (!product.is_active || product.kind !== query.kind) continue;
    const minimum = minimums.get(product.id) ?? 0;
    const { sold: out = 0, returned = 0 } = sold.get(product.id) ?? {};
    // The product's own lead days, else its supplier's lead time, else the company's default.
    const lead = product.lead_days ?? supplierLead.get(product.id) ?? defaultLead;
    const target = targetUnits(minimum, out - returned, salesDays, lead);
    const have =
      (onHand.get(product.id) ?? 0) +
      (inTransit.get(product.id) ?? 0) +
      (onOrder.get(product.id) ?? 0);
    lines.push({
      product_id: product.id,
      product_name: product.name,
      sku: product.sku,
      price_cents: product.price_cents,
      tax_bps: product.tax_bps,
      minimum,
      sold: out,
      returned,
      average_daily: Math.round((Math.max(0, out - returned) / salesDays) * 100) / 100,
      lead_days: lead,
      target,
      on_hand: onHand.get(product.id) ?? 0,
      in_transit: inTransit.get(product.id) ?? 0,
      on_order: onOrder.get(product.id) ?? 0,
      suggested: Math.max(0, target - have),
    });
  }
  lines.sort((a, b) => b.suggested - a.suggested || a.product_name.localeCompare(b.product_name));
  return {
    store_id: storeId,
    store_name: String(store.name),
    kind: query.kind,
    sales_days: salesDays,
    lines,
  };
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  APPROVAL_LIMIT_SETTING,
  APPROVAL_TIERS_SETTING,
  approvalTiersSchema,
  type ApprovalTier,
  DEFAULT_APPROVAL_LIMIT_CENTS,
  purchaseOrders as purchaseOrderResource,
  purchasingMessages as messages,
  suppliers as supplierResource,
  vendors as vendorResource,
} from '@portal/contract/resources/purchasing';
import { dollars } from '@portal/contract/resources/sales';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantResource } from '../../platform/module.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { defineSetting, readSetting } from '../../platform/settings.ts';
import { tenantScope } from '../../db/columns.ts';
import { isWarehouse, locationNamesOf } from '../inventory/api.ts';
import { namesOf } from '../users/api.ts';
import {
  purchaseOrderApprovals,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  vendors,
} from './schema.ts';

export const supplierService = tenantResource(supplierResource, suppliers);
export const vendorService = tenantResource(vendorResource, vendors);

/** Above this total (cents), a purchase order needs someone holding approve_purchase_orders. */
export const approvalLimitSetting = defineSetting({
  key: APPROVAL_LIMIT_SETTING,
  label: 'Purchase orders above this amount (cents) need approval',
  schema: z.number().int().min(0).max(1_000_000_000),
  default: DEFAULT_APPROVAL_LIMIT_CENTS,
});

export const approvalLimitOf = (db: Executor, ctx: Pick<RequestContext, 'companyId'>) =>
  readSetting(db, ctx, approvalLimitSetting);

/** The company's approval tiers (ascending); none means the single limit above. */
export const approvalTiersSetting = defineSetting<ApprovalTier[]>({
  key: APPROVAL_TIERS_SETTING,
  label: 'Approval tiers: above an amount (cents), the rank that may approve',
  schema: approvalTiersSchema,
  default: [],
});

/**
 * The approval rule of the company: with tiers, the limit is the lowest tier's start and an order
 * falls in the highest tier it is above; without, the single limit and no tier.
 */
export async function approvalRuleOf(db: Executor, ctx: Pick<RequestContext, 'companyId'>) {
  const tiers = await readSetting(db, ctx, approvalTiersSetting);
  if (!tiers.length) return { limit: await approvalLimitOf(db, ctx), tiers };
  return { limit: tiers[0]?.from_cents ?? 0, tiers };
}

/** The tier a total falls in: the highest one whose start it is above (null: none). */
export const tierOf = (tiers: readonly ApprovalTier[], total: number): ApprovalTier | null =>
  tiers.filter((tier) => total > tier.from_cents).at(-1) ?? null;

async function assertWarehouse(db: Executor, companyId: number, id: unknown) {
  if (typeof id === 'number' && !(await isWarehouse(db, companyId, id)))
    throw AppError.badRequest('Choose one of your warehouses', {
      warehouse_id: ['Choose one of your warehouses'],
    });
}

/**
 * A purchase order: lines priced by the buyer's agreed unit cost (whole cents, validated by the
 * contract), the receiving warehouse checked, approval above the company's limit, history.
 */
export const purchaseOrderService = createResourceService({
  definition: purchaseOrderResource,
  table: purchaseOrders,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await assertWarehouse(tx, ctx.companyId, input.warehouse_id);
      const { lines: _lines, ...values } = input;
      return { ...values, created_by: ctx.userId };
    },
    beforeUpdate: async (input, _existing, ctx, tx) => {
      await assertWarehouse(tx, ctx.companyId, input.warehouse_id);
      const { lines: _lines, ...values } = input;
      return values;
    },
    /**
     * The approval limit on each row and whether the row is above it (then a draft is submitted
     * for approval: Approve from a draft above it answers 409), and the warehouse's name.
     */
    decorate: async (rows, ctx, db) => {
      if (!rows.length) return;
      const { limit, tiers } = await approvalRuleOf(db, ctx);
      const approvals = await approvalsOf(
        db,
        ctx.companyId,
        rows.map((row) => row.id),
      );
      const warehouses = await locationNamesOf(
        db,
        ctx.companyId,
        rows.map((row) => Number(row.warehouse_id)),
      );
      for (const row of rows) {
        const needs = Number(row.total_cents) > limit;
        row.approval_limit_cents = limit;
        row.needs_approval = needs;
        row.approval_tier = tierOf(tiers, Number(row.total_cents));
        row.approvals = approvals.get(row.id) ?? [];
        row.warehouse_name = warehouses.get(Number(row.warehouse_id)) ?? null;
      }
    },
  },
  lines: {
    table: purchaseOrderLines,
    parentColumn: 'purchase_order_id',
    // The agreed unit cost is the buyer's (the contract takes whole, non-negative cents).
    price: async (lines) =>
      lines.map((line) => ({ unit_price_cents: Number(line.unit_cost_cents ?? 0) })),
  },
  onTransition: (row, from, ctx, tx) => approvalRules(row, from, ctx, tx),
});

/** The approvals of these orders, oldest first, with the approver's name. */
async function approvalsOf(db: Executor, companyId: number, orderIds: number[]) {
  const byOrder = new Map<number, Row[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select({
      id: purchaseOrderApprovals.id,
      purchase_order_id: purchaseOrderApprovals.purchase_order_id,
      approved_by: purchaseOrderApprovals.approved_by,
      approver_access_level: purchaseOrderApprovals.approver_access_level,
      tier_label: purchaseOrderApprovals.tier_label,
      tier_from_cents: purchaseOrderApprovals.tier_from_cents,
      required_access_level: purchaseOrderApprovals.required_access_level,
      total_cents: purchaseOrderApprovals.total_cents,
      created_at: purchaseOrderApprovals.created_at,
    })
    .from(purchaseOrderApprovals)
    .where(
      and(
        tenantScope(purchaseOrderApprovals, companyId),
        inArray(purchaseOrderApprovals.purchase_order_id, orderIds),
      ),
    )
    .orderBy(asc(purchaseOrderApprovals.id));
  const names = await namesOf(
    db,
    companyId,
    rows.flatMap((row) => (row.approved_by === null ? [] : [row.approved_by])),
  );
  for (const row of rows) {
    const list = byOrder.get(row.purchase_order_id) ?? [];
    const name = row.approved_by === null ? null : (names.get(row.approved_by) ?? null);
    list.push({ ...row, approved_by_name: name });
    byOrder.set(row.purchase_order_id, list);
  }
  return byOrder;
}

/**
 * Approving. Without tiers: at or under the limit from a draft, above it by an approver (the
 * transition's permission). With tiers: above the lowest tier, a draft is submitted first and the
 * approver's rank (access level) must reach the tier the total falls in (403 naming it); nobody
 * approves an order they created unless their rank reaches the top tier (the company's highest
 * approvers have nobody above them). Who approved, at which tier, is recorded.
 */
async function approvalRules(row: Row, from: string, ctx: RequestContext, tx: Tx) {
  if (row.status !== 'approved') return;
  const { limit, tiers } = await approvalRuleOf(tx, ctx);
  const total = Number(row.total_cents);
  if (from === 'draft' && total > limit)
    throw AppError.conflict(messages.needsApproval(dollars(limit)));
  const tier = tierOf(tiers, total);
  if (tier && !isSuperAdmin(ctx)) {
    if (ctx.accessLevel < tier.min_access_level)
      throw AppError.forbidden(
        messages.tierNeedsApprover(dollars(tier.from_cents), tier.label, tier.min_access_level),
      );
    const top = Math.max(...tiers.map((t) => t.min_access_level));
    if (row.created_by === ctx.userId && ctx.accessLevel < top)
      throw AppError.forbidden(messages.ownOrder);
  }
  await tx.insert(purchaseOrderApprovals).values({
    company_id: ctx.companyId,
    purchase_order_id: row.id,
    approved_by: ctx.userId,
    approver_access_level: ctx.accessLevel,
    tier_label: tier?.label ?? null,
    tier_from_cents: tier?.from_cents ?? null,
    required_access_level: tier?.min_access_level ?? null,
    total_cents: total,
  });
  const [updated] = await tx
    .update(purchaseOrders)
    .set({ approved_by: ctx.userId, approved_at: sql`now()` })
    .where(and(tenantScope(purchaseOrders, ctx.companyId), eq(purchaseOrders.id, row.id)))
    .returning({
      approved_by: purchaseOrders.approved_by,
      approved_at: purchaseOrders.approved_at,
    });
  row.approved_by = updated?.approved_by ?? ctx.userId;
  row.approved_at = updated?.approved_at ?? null;
}

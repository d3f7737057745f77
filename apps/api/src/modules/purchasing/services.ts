import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  APPROVAL_LIMIT_SETTING,
  DEFAULT_APPROVAL_LIMIT_CENTS,
  purchaseOrders as purchaseOrderResource,
  purchasingMessages as messages,
  suppliers as supplierResource,
  vendors as vendorResource,
} from '@portal/contract/resources/purchasing';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantResource } from '../../platform/module.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { defineSetting, readSetting } from '../../platform/settings.ts';
import { tenantScope } from '../../db/columns.ts';
import { isWarehouse, locationNamesOf } from '../inventory/api.ts';
import { purchaseOrderLines, purchaseOrders, suppliers, vendors } from './schema.ts';

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

export const formatCents = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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
      const limit = await approvalLimitOf(db, ctx);
      const warehouses = await locationNamesOf(
        db,
        ctx.companyId,
        rows.map((row) => Number(row.warehouse_id)),
      );
      for (const row of rows) {
        const needs = Number(row.total_cents) > limit;
        row.approval_limit_cents = limit;
        row.needs_approval = needs;
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

/** Approving: at or under the limit from a draft, or by an approver; who and when are kept. */
async function approvalRules(row: Row, from: string, ctx: RequestContext, tx: Tx) {
  if (row.status !== 'approved') return;
  if (from === 'draft') {
    const limit = await approvalLimitOf(tx, ctx);
    if (Number(row.total_cents) > limit)
      throw AppError.conflict(messages.needsApproval(formatCents(limit)));
  }
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

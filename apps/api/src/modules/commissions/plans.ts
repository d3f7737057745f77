import { and, eq, ne, sql } from 'drizzle-orm';
import {
  commissionCarrierRates as carrierRateResource,
  commissionMessages,
  commissionPlans as planResource,
} from '@portal/contract/resources/commissions';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { commissionCarrierRates, commissionPlans, commissionRuleVersions } from './schema.ts';

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** A plan as it would be saved: a quota goes with its rate; a percentage is at most 100%. */
async function checkPlan(tx: Tx, ctx: RequestContext, plan: Record<string, unknown>, id?: number) {
  const quota = numberOrNull(plan.quota_units);
  const above = numberOrNull(plan.rate_above_quota);
  if (quota !== null && above === null)
    throw AppError.badRequest(commissionMessages.quotaRateNeeded, {
      rate_above_quota: [commissionMessages.quotaRateNeeded],
    });
  if (quota === null && above !== null)
    throw AppError.badRequest(commissionMessages.quotaRateWithoutQuota, {
      quota_units: [commissionMessages.quotaRateWithoutQuota],
    });
  if (plan.rate_type === 'percent')
    for (const field of ['rate', 'rate_above_quota'] as const)
      if ((numberOrNull(plan[field]) ?? 0) > 10_000)
        throw AppError.badRequest(commissionMessages.percentTooHigh, {
          [field]: [commissionMessages.percentTooHigh],
        });
  const [twin] = await tx
    .select({ id: commissionPlans.id })
    .from(commissionPlans)
    .where(
      and(
        tenantScope(commissionPlans, ctx.companyId),
        eq(commissionPlans.role_id, Number(plan.role_id)),
        eq(commissionPlans.category, String(plan.category)),
        id === undefined ? undefined : ne(commissionPlans.id, id),
      ),
    )
    .limit(1);
  if (twin) throw AppError.conflict(commissionMessages.planDuplicate);
}

/**
 * Every save of a plan writes its rule as a new version (never changed afterwards) and points the
 * plan at it: commission lines keep the version they were computed under.
 */
async function writeVersion(row: Row, ctx: RequestContext, tx: Tx) {
  const version = Number(row.version) + 1;
  const [written] = await tx
    .insert(commissionRuleVersions)
    .values({
      company_id: ctx.companyId,
      plan_id: row.id,
      version,
      role_id: Number(row.role_id),
      category: String(row.category),
      rate_type: String(row.rate_type),
      rate: Number(row.rate),
      quota_units: numberOrNull(row.quota_units),
      rate_above_quota: numberOrNull(row.rate_above_quota),
      created_by: ctx.userId,
    })
    .returning({ id: commissionRuleVersions.id });
  if (!written) throw new Error('commissions: no rule version written');
  await tx
    .update(commissionPlans)
    .set({ version, version_id: written.id, updated_at: sql`now()` })
    .where(and(tenantScope(commissionPlans, ctx.companyId), eq(commissionPlans.id, row.id)));
  // The reply is built from `row`: kept in step with what was written.
  row.version = version;
  row.version_id = written.id;
}

/** Commission plans (/commission-plans): one per role and category, versioned at every save. */
export const commissionPlanService = createResourceService({
  definition: planResource,
  table: commissionPlans,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      const values = { ...input, quota_units: input.quota_units ?? null };
      await checkPlan(tx, ctx, { ...values, rate_above_quota: input.rate_above_quota ?? null });
      return values;
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      await checkPlan(tx, ctx, { ...existing, ...input }, existing.id);
      return { ...input };
    },
    afterWrite: async (row, _input, ctx, tx) => writeVersion(row, ctx, tx),
  },
});

/** What carriers pay per activation (/commission-carrier-rates). */
export const carrierRateService = createResourceService({
  definition: carrierRateResource,
  table: commissionCarrierRates,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: (input) => Promise.resolve({ ...input, plan: input.plan || null }),
    beforeUpdate: (input) =>
      Promise.resolve(
        input.plan === undefined ? { ...input } : { ...input, plan: input.plan || null },
      ),
  },
});

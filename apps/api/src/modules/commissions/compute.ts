import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import {
  commissionMessages,
  type CommissionCategory,
  type SourceKind,
} from '@portal/contract/resources/commissions';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { localDate } from '../../platform/datasets.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantScope } from '../../db/columns.ts';
import { commissionBillPaymentsBetween } from '../billpay/api.ts';
import { storePlacesOf } from '../organisation/api.ts';
import { commissionReturnsBetween, commissionSourcesBetween } from '../sales/api.ts';
import { directory, roleIdOf } from '../users/api.ts';
import {
  carrierStatementLines,
  commissionLines,
  commissionPeriods,
  commissionPlans,
} from './schema.ts';

/** A month's bounds, [from, to) in UTC: periods are calendar months of the company. */
export function periodBounds(period: string) {
  const [year, month] = period.split('-').map(Number);
  const from = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
  const to = new Date(Date.UTC(year ?? 1970, month ?? 1, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

/**
 * What to read for a month: its UTC bounds widened by a day each side, since a store's local
 * month starts up to 14 hours before UTC's and ends up to 12 after; `inPeriod` then keeps what
 * falls in the month on its store's wall clock.
 */
function periodWindow(period: string) {
  const { from, to } = periodBounds(period);
  const day = 86_400_000;
  return {
    from: new Date(Date.parse(from) - day).toISOString(),
    to: new Date(Date.parse(to) + day).toISOString(),
  };
}

/** The month of an instant, `YYYY-MM`, on the wall clock of `timeZone` (a store's; UTC if none). */
export const periodOf = (at: Date | string, timeZone = 'UTC') =>
  localDate(new Date(at).toISOString(), timeZone).slice(0, 7);

/**
 * The month of an instant at a store: a sale at 23:30 on the 31st, local time, is that month's
 * even when it is already the 1st in UTC (the sales reports' local dates are the same).
 */
async function storeMonths(db: Executor, companyId: number, storeIds: (number | null)[]) {
  const ids = [...new Set(storeIds.filter((id): id is number => id !== null))];
  const zones = new Map((await storePlacesOf(db, companyId, ids)).map((s) => [s.id, s.time_zone]));
  return (at: string, storeId: number | null) =>
    periodOf(at, (storeId === null ? undefined : zones.get(storeId)) ?? 'UTC');
}

type PeriodRow = typeof commissionPeriods.$inferSelect;

/** The period's row, made open when missing, locked for the caller's transaction; 409 when closed. */
export async function openPeriod(tx: Tx, ctx: RequestContext, period: string): Promise<PeriodRow> {
  await tx
    .insert(commissionPeriods)
    .values({ company_id: ctx.companyId, period })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(commissionPeriods)
    .where(and(tenantScope(commissionPeriods, ctx.companyId), eq(commissionPeriods.period, period)))
    .for('update');
  if (!row) throw new Error('commissions: the period row is missing');
  if (row.status === 'closed') throw AppError.conflict(commissionMessages.periodClosed(period));
  return row;
}

/**
 * Which category a source earns in: activations; a device sold is an upgrade; accessories; bill
 * payments and prepaid sales.
 */
const categoryOf = (item: string): CommissionCategory | null =>
  item === 'activation'
    ? 'activation'
    : item === 'device'
      ? 'upgrade'
      : item === 'accessory'
        ? 'accessory'
        : item === 'bill_pay'
          ? 'bill_pay'
          : null;

interface Rule {
  plan_id: number;
  version_id: number;
  rate_type: string;
  rate: number;
  quota_units: number | null;
  rate_above_quota: number | null;
}

/**
 * What `units` units earn after `before` units of the month under the same plan: the units up to
 * the quota at `rate`, those above it at `rate_above_quota`; a flat rate is cents per unit, a
 * percentage (basis points) applies to each unit's share of the net.
 */
export function earning(rule: Rule, before: number, units: number, netCents: number) {
  const quota = rule.quota_units ?? Number.POSITIVE_INFINITY;
  const atBase = Math.max(0, Math.min(units, quota - before));
  const above = units - atBase;
  const aboveRate = rule.rate_above_quota ?? rule.rate;
  if (rule.rate_type === 'flat') return atBase * rule.rate + above * aboveRate;
  const share = (n: number) => (units ? (netCents * n) / units : 0);
  return Math.round((share(atBase) * rule.rate + share(above) * aboveRate) / 10_000);
}

interface Wanted {
  employee_id: number;
  store_id: number | null;
  plan_id: number;
  rule_version_id: number;
  category: string;
  source_kind: SourceKind;
  source_id: number;
  kind: 'earned' | 'returned' | 'chargeback';
  units: number;
  basis_cents: number;
  amount_cents: number;
  occurred_at: string;
}

/** The employees' roles (active people from the directory, anyone else one by one). */
async function rolesOf(db: Executor, companyId: number, ids: number[]) {
  const roles = new Map((await directory(db, companyId)).map((p) => [p.id, p.role_id]));
  for (const id of ids)
    if (!roles.has(id)) {
      const role = await roleIdOf(db, companyId, id);
      if (role !== null) roles.set(id, role);
    }
  return roles;
}

/** Reversals (a return, a chargeback) of what a source earned, net of earlier reversals. */
async function reversalsOf(
  tx: Tx,
  ctx: RequestContext,
  sources: { source_kind: SourceKind; source_id: number; at: string }[],
  kind: 'returned' | 'chargeback',
): Promise<Wanted[]> {
  if (!sources.length) return [];
  const lines = await tx
    .select()
    .from(commissionLines)
    .where(
      and(
        tenantScope(commissionLines, ctx.companyId),
        sql`(${commissionLines.source_kind}, ${commissionLines.source_id}) in (${sql.join(
          sources.map((s) => sql`(${s.source_kind}, ${s.source_id})`),
          sql`, `,
        )})`,
      ),
    );
  const wanted: Wanted[] = [];
  for (const source of sources) {
    const mine = lines.filter(
      (l) => l.source_kind === source.source_kind && l.source_id === source.source_id,
    );
    for (const earned of mine.filter((l) => l.kind === 'earned')) {
      // A chargeback takes back what is left after a return; a return takes back the earning.
      const already =
        kind === 'chargeback'
          ? mine
              .filter((l) => l.plan_id === earned.plan_id && l.kind === 'returned')
              .reduce((sum, l) => sum + l.amount_cents, 0)
          : 0;
      const amount = -(earned.amount_cents + already);
      if (amount === 0) continue;
      wanted.push({
        employee_id: earned.employee_id,
        store_id: earned.store_id,
        plan_id: earned.plan_id,
        rule_version_id: earned.rule_version_id,
        category: earned.category,
        source_kind: source.source_kind,
        source_id: source.source_id,
        kind,
        units: kind === 'returned' || already === 0 ? -earned.units : 0,
        basis_cents: -earned.basis_cents,
        amount_cents: amount,
        occurred_at: source.at,
      });
    }
  }
  return wanted;
}

/** Writes lines by (plan, source, kind): the same rows again on a recompute. */
async function upsertLines(tx: Tx, ctx: RequestContext, periodId: number, wanted: Wanted[]) {
  const ids: number[] = [];
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const rows = await tx
      .insert(commissionLines)
      .values(chunk.map((w) => ({ ...w, company_id: ctx.companyId, period_id: periodId })))
      .onConflictDoUpdate({
        target: [
          commissionLines.company_id,
          commissionLines.plan_id,
          commissionLines.source_kind,
          commissionLines.source_id,
          commissionLines.kind,
        ],
        set: {
          period_id: periodId,
          employee_id: sql`excluded.employee_id`,
          store_id: sql`excluded.store_id`,
          rule_version_id: sql`excluded.rule_version_id`,
          category: sql`excluded.category`,
          units: sql`excluded.units`,
          basis_cents: sql`excluded.basis_cents`,
          amount_cents: sql`excluded.amount_cents`,
          occurred_at: sql`excluded.occurred_at`,
        },
      })
      .returning({ id: commissionLines.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Confirmed chargebacks dated in [from, to), by activation. */
async function chargebacksBetween(tx: Tx, ctx: RequestContext, from: string, to: string) {
  const rows = await tx
    .selectDistinctOn([carrierStatementLines.activation_id], {
      activation_id: carrierStatementLines.activation_id,
      at: carrierStatementLines.chargeback_at,
    })
    .from(carrierStatementLines)
    .where(
      and(
        tenantScope(carrierStatementLines, ctx.companyId),
        eq(carrierStatementLines.chargeback, true),
        gte(carrierStatementLines.chargeback_at, from),
        lt(carrierStatementLines.chargeback_at, to),
      ),
    )
    .orderBy(carrierStatementLines.activation_id, carrierStatementLines.chargeback_at);
  return rows.flatMap((r) =>
    r.activation_id === null || r.at === null
      ? []
      : [{ source_kind: 'activation' as const, source_id: r.activation_id, at: r.at }],
  );
}

/**
 * Computes (or recomputes) a month's commission lines in one transaction: each sale line and
 * activation of the month earns under the active plan of its seller's role and category (the
 * plan's current rule version; the monthly quota counted per employee and plan in the order of
 * sale), and so does each bill payment the provider accepted (category bill_pay, for the
 * cashier who took it); returns of the month reverse what their source earned; confirmed
 * chargebacks of the month take back what is left. A month is its store's local calendar month. Rows are upserted by (plan, source, kind) and rows no longer
 * wanted removed, so computing twice changes nothing. A closed period is refused (409).
 */
export async function computePeriod(db: Database, ctx: RequestContext, period: string) {
  return db.transaction(async (tx) => {
    const row = await openPeriod(tx, ctx, period);
    const { from, to } = periodWindow(period);
    const read = [
      ...(await commissionSourcesBetween(tx, ctx.companyId, from, to)),
      ...(await commissionBillPaymentsBetween(tx, ctx.companyId, from, to)).map((bill) => ({
        source_kind: 'bill_payment' as const,
        source_id: bill.id,
        employee_id: bill.employee_id,
        store_id: bill.store_id,
        item: 'bill_pay',
        units: 1,
        net_cents: bill.amount_cents,
        occurred_at: bill.occurred_at,
      })),
    ];
    const monthOf = await storeMonths(
      tx,
      ctx.companyId,
      read.map((s) => s.store_id),
    );
    const sources = read.filter((s) => monthOf(s.occurred_at, s.store_id) === period);
    const plans = await tx
      .select()
      .from(commissionPlans)
      .where(and(tenantScope(commissionPlans, ctx.companyId), eq(commissionPlans.is_active, true)));
    const planOf = new Map(plans.map((p) => [`${String(p.role_id)}:${p.category}`, p]));
    const roles = await rolesOf(tx, ctx.companyId, [...new Set(sources.map((s) => s.employee_id))]);
    const counted = new Map<string, number>();
    const earned: Wanted[] = [];
    const ordered = [...sources].sort(
      (a, b) =>
        a.occurred_at.localeCompare(b.occurred_at) ||
        a.source_kind.localeCompare(b.source_kind) ||
        a.source_id - b.source_id,
    );
    for (const source of ordered) {
      const category = categoryOf(source.item);
      const role = roles.get(source.employee_id);
      const plan =
        category && role !== undefined ? planOf.get(`${String(role)}:${category}`) : null;
      if (!plan || plan.version_id === null || !category) continue;
      const key = `${String(source.employee_id)}:${String(plan.id)}`;
      const before = counted.get(key) ?? 0;
      counted.set(key, before + source.units);
      earned.push({
        employee_id: source.employee_id,
        store_id: source.store_id,
        plan_id: plan.id,
        rule_version_id: plan.version_id,
        category,
        source_kind: source.source_kind,
        source_id: source.source_id,
        kind: 'earned',
        units: source.units,
        basis_cents: source.net_cents,
        amount_cents: earning(
          { ...plan, plan_id: plan.id, version_id: plan.version_id },
          before,
          source.units,
          source.net_cents,
        ),
        occurred_at: source.occurred_at,
      });
    }
    const kept = await upsertLines(tx, ctx, row.id, earned);
    // A reversal is the month's when it falls in the month at the store of what it reverses.
    const ofMonth = async (wanted: Wanted[]) => {
      const month = await storeMonths(
        tx,
        ctx.companyId,
        wanted.map((w) => w.store_id),
      );
      return wanted.filter((w) => month(w.occurred_at, w.store_id) === period);
    };
    const returned = await reversalsOf(
      tx,
      ctx,
      await commissionReturnsBetween(tx, ctx.companyId, from, to),
      'returned',
    );
    kept.push(...(await upsertLines(tx, ctx, row.id, await ofMonth(returned))));
    const charged = await reversalsOf(
      tx,
      ctx,
      await chargebacksBetween(tx, ctx, from, to),
      'chargeback',
    );
    kept.push(...(await upsertLines(tx, ctx, row.id, await ofMonth(charged))));
    await tx
      .delete(commissionLines)
      .where(
        and(
          tenantScope(commissionLines, ctx.companyId),
          eq(commissionLines.period_id, row.id),
          kept.length ? notInArray(commissionLines.id, kept) : undefined,
        ),
      );
    await tx
      .update(commissionPeriods)
      .set({ computed_at: sql`now()`, updated_at: sql`now()` })
      .where(and(tenantScope(commissionPeriods, ctx.companyId), eq(commissionPeriods.id, row.id)));
    return kept.length;
  });
}

/**
 * A confirmed chargeback of these activations, now: the lines taking back their commissions go in
 * the current month at their store (409 when it is closed); its recompute writes the same rows.
 */
export async function reverseForChargeback(
  tx: Tx,
  ctx: RequestContext,
  activationIds: number[],
  at: string,
) {
  if (!activationIds.length) return;
  const wanted = await reversalsOf(
    tx,
    ctx,
    activationIds.map((id) => ({ source_kind: 'activation' as const, source_id: id, at })),
    'chargeback',
  );
  const monthOf = await storeMonths(
    tx,
    ctx.companyId,
    wanted.map((w) => w.store_id),
  );
  const byMonth = new Map<string, Wanted[]>();
  for (const w of wanted) {
    const month = monthOf(w.occurred_at, w.store_id);
    byMonth.set(month, [...(byMonth.get(month) ?? []), w]);
  }
  for (const [period, lines] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
    const row = await openPeriod(tx, ctx, period);
    await upsertLines(tx, ctx, row.id, lines);
  }
}

/** Closes a month: its lines are frozen (computing it again is a 409). */
export async function closePeriod(db: Database, ctx: RequestContext, period: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(commissionPeriods)
      .where(
        and(tenantScope(commissionPeriods, ctx.companyId), eq(commissionPeriods.period, period)),
      )
      .for('update');
    if (!row || row.computed_at === null)
      throw AppError.badRequest(commissionMessages.periodNotFound(period), {
        period: [commissionMessages.periodNotFound(period)],
      });
    if (row.status === 'closed')
      throw AppError.conflict(commissionMessages.periodAlreadyClosed(period));
    await tx
      .update(commissionPeriods)
      .set({
        status: 'closed',
        closed_at: sql`now()`,
        closed_by: ctx.userId,
        updated_at: sql`now()`,
      })
      .where(and(tenantScope(commissionPeriods, ctx.companyId), eq(commissionPeriods.id, row.id)));
  });
}

/** The company's periods, newest first, with their line counts and totals. */
export async function listPeriods(db: Executor, ctx: RequestContext) {
  const rows = await db
    .select({
      period: commissionPeriods.period,
      status: commissionPeriods.status,
      computed_at: commissionPeriods.computed_at,
      closed_at: commissionPeriods.closed_at,
      lines: sql<number>`(select count(*)::int from ${commissionLines} where ${and(
        tenantScope(commissionLines, commissionPeriods.company_id),
        eq(commissionLines.period_id, commissionPeriods.id),
      )})`,
      total_cents: sql<number>`(select coalesce(sum(${commissionLines.amount_cents}), 0)::int from ${commissionLines} where ${and(
        tenantScope(commissionLines, commissionPeriods.company_id),
        eq(commissionLines.period_id, commissionPeriods.id),
      )})`,
    })
    .from(commissionPeriods)
    .where(tenantScope(commissionPeriods, ctx.companyId))
    .orderBy(sql`${commissionPeriods.period} desc`);
  return rows.map((r) => ({
    ...r,
    status: r.status === 'closed' ? ('closed' as const) : ('open' as const),
    lines: Number(r.lines),
    total_cents: Number(r.total_cents),
  }));
}

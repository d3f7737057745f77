import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CommissionLine, CommissionStatement } from '@portal/contract/resources/commissions';
import { commissionCategory, lineKinds, sourceKinds } from '@portal/contract/resources/commissions';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { baseRoleOf, mayActOn } from '../access/api.ts';
import { billPaymentLabelsOf } from '../billpay/api.ts';
import { resolveScope } from '../oneview/api.ts';
import { placeNameOf } from '../organisation/api.ts';
import { commissionSourceLabelsOf } from '../sales/api.ts';
import { namesOf, roleIdOf } from '../users/api.ts';
import {
  commissionLines,
  commissionPeriods,
  commissionPlans,
  commissionRuleVersions,
} from './schema.ts';

type Status = CommissionStatement['status'];

/** The lines of a period matching `where`, oldest first, with names. */
async function linesWhere(
  db: Executor,
  ctx: RequestContext,
  period: string,
  where: SQL | undefined,
): Promise<{ status: Status; lines: CommissionLine[] }> {
  const [row] = await db
    .select({ id: commissionPeriods.id, status: commissionPeriods.status })
    .from(commissionPeriods)
    .where(
      and(tenantScope(commissionPeriods, ctx.companyId), eq(commissionPeriods.period, period)),
    );
  if (!row) return { status: 'not_computed', lines: [] };
  const rows = await db
    .select({
      line: commissionLines,
      plan_name: commissionPlans.name,
      rule_version: commissionRuleVersions.version,
      store_name: placeNameOf('store', commissionLines.company_id, commissionLines.store_id),
    })
    .from(commissionLines)
    .innerJoin(
      commissionPlans,
      and(
        tenantScope(commissionPlans, commissionLines.company_id),
        eq(commissionPlans.id, commissionLines.plan_id),
      ),
    )
    .innerJoin(
      commissionRuleVersions,
      and(
        tenantScope(commissionRuleVersions, commissionLines.company_id),
        eq(commissionRuleVersions.id, commissionLines.rule_version_id),
      ),
    )
    .where(
      and(
        tenantScope(commissionLines, ctx.companyId),
        eq(commissionLines.period_id, row.id),
        where,
      ),
    )
    .orderBy(asc(commissionLines.occurred_at), asc(commissionLines.id));
  const names = await namesOf(db, ctx.companyId, [...new Set(rows.map((r) => r.line.employee_id))]);
  const idsOf = (kind: string) =>
    rows.flatMap((r) => (r.line.source_kind === kind ? [r.line.source_id] : []));
  const sourceLabels = await commissionSourceLabelsOf(db, ctx.companyId, {
    activation: idsOf('activation'),
    sale_line: idsOf('sale_line'),
  });
  const billLabels = await billPaymentLabelsOf(db, ctx.companyId, idsOf('bill_payment'));
  const labelOf = (kind: string, id: number) =>
    (kind === 'bill_payment'
      ? billLabels
      : kind === 'activation'
        ? sourceLabels.activation
        : sourceLabels.sale_line
    ).get(id) ?? `#${String(id)}`;
  return {
    status: row.status === 'closed' ? 'closed' : 'open',
    lines: rows.map(({ line, plan_name, rule_version, store_name }) => ({
      id: line.id,
      period,
      employee_id: line.employee_id,
      employee_name: names.get(line.employee_id) ?? `#${String(line.employee_id)}`,
      store_id: line.store_id,
      store_name,
      plan_id: line.plan_id,
      plan_name,
      rule_version_id: line.rule_version_id,
      rule_version,
      category: commissionCategory.parse(line.category),
      source_kind: sourceKinds.find((k) => k === line.source_kind) ?? 'sale_line',
      source_id: line.source_id,
      source_label: labelOf(line.source_kind, line.source_id),
      kind: lineKinds.find((k) => k === line.kind) ?? 'earned',
      units: line.units,
      basis_cents: line.basis_cents,
      amount_cents: line.amount_cents,
      occurred_at: line.occurred_at,
    })),
  };
}

function statementOf(
  period: string,
  scope: string,
  found: { status: Status; lines: CommissionLine[] },
): CommissionStatement {
  const byEmployee = new Map<number, { name: string; lines: number; total: number }>();
  for (const line of found.lines) {
    const entry = byEmployee.get(line.employee_id) ?? {
      name: line.employee_name,
      lines: 0,
      total: 0,
    };
    entry.lines += 1;
    entry.total += line.amount_cents;
    byEmployee.set(line.employee_id, entry);
  }
  return {
    period,
    status: found.status,
    scope,
    lines: found.lines,
    employees: [...byEmployee.entries()]
      .map(([id, e]) => ({
        employee_id: id,
        employee_name: e.name,
        lines: e.lines,
        total_cents: e.total,
      }))
      .sort((a, b) => a.employee_name.localeCompare(b.employee_name)),
    total_cents: found.lines.reduce((sum, line) => sum + line.amount_cents, 0),
  };
}

/** The caller's own statement for a month. */
export async function myStatement(db: Executor, ctx: RequestContext, period: string) {
  return statementOf(
    period,
    'My commissions',
    await linesWhere(db, ctx, period, eq(commissionLines.employee_id, ctx.userId)),
  );
}

/**
 * A manager's statement: the lines made at the stores of the scope asked for (one the caller may
 * see: OneView's scope rule), of the caller and of the people strictly below them (the rank rule).
 */
export async function scopeStatement(
  db: Executor,
  ctx: RequestContext,
  query: {
    period: string;
    level?: 'company' | 'region' | 'district' | 'store' | undefined;
    id?: number | undefined;
  },
) {
  const scope = await resolveScope(
    db,
    ctx,
    query.level ? { level: query.level, id: query.id } : null,
  );
  if (!scope.storeIds.length)
    return statementOf(query.period, scope.name, { status: 'not_computed', lines: [] });
  const found = await linesWhere(
    db,
    ctx,
    query.period,
    inArray(commissionLines.store_id, scope.storeIds),
  );
  const allowed = new Map<number, boolean>();
  const baseRoles = new Map<number, string>();
  for (const employeeId of new Set(found.lines.map((l) => l.employee_id))) {
    const roleId = await roleIdOf(db, ctx.companyId, employeeId);
    let base = roleId === null ? '' : baseRoles.get(roleId);
    if (base === undefined && roleId !== null) {
      base = (await baseRoleOf(db, ctx.companyId, roleId)) ?? '';
      baseRoles.set(roleId, base);
    }
    allowed.set(
      employeeId,
      mayActOn(ctx, { id: employeeId, company_id: ctx.companyId, base_role: base ?? '' }),
    );
  }
  return statementOf(query.period, scope.name, {
    status: found.status,
    lines: found.lines.filter((l) => allowed.get(l.employee_id) === true),
  });
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const money = (cents: number) => (cents / 100).toFixed(2);

/** A statement as a CSV file: one row per line, then the total. */
export function statementCsv(statement: CommissionStatement) {
  const header = [
    'period',
    'employee',
    'store',
    'plan',
    'rule_version',
    'category',
    'source',
    'source_id',
    'kind',
    'units',
    'basis',
    'amount',
    'date',
    'source_label',
  ];
  const rows = statement.lines.map((l) => [
    l.period,
    l.employee_name,
    l.store_name,
    l.plan_name,
    l.rule_version,
    l.category,
    l.source_kind,
    l.source_id,
    l.kind,
    l.units,
    money(l.basis_cents),
    money(l.amount_cents),
    l.occurred_at.slice(0, 10),
    l.source_label,
  ]);
  rows.push([
    'Total',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    money(statement.total_cents),
    '',
    '',
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

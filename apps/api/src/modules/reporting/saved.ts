import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  reportingMessages,
  type ChartGroupBy,
  type ChartSave,
  type ChartType,
  type SavedChart,
} from '@portal/contract/reporting';
import type { ScopeLevel } from '@portal/contract/oneview';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantScope } from '../../db/columns.ts';
import { companyRolesAndStores, namesOf, roleIdOf } from '../users/api.ts';
import { checkQuery, type DatasetRegistry } from './charts.ts';
import { reportingCharts } from './schema.ts';

type ChartRow = typeof reportingCharts.$inferSelect;

/** What the caller may see: their own charts and those shared with their role. */
async function visibleCondition(db: Executor, ctx: RequestContext) {
  const roleId = await roleIdOf(db, ctx.companyId, ctx.userId);
  return or(
    eq(reportingCharts.owner_id, ctx.userId),
    roleId === null ? undefined : sql`${roleId} = any(${reportingCharts.shared_role_ids})`,
  );
}

async function present(db: Executor, ctx: RequestContext, rows: ChartRow[]): Promise<SavedChart[]> {
  const owners = await namesOf(db, ctx.companyId, [...new Set(rows.map((r) => r.owner_id))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    dataset: r.dataset,
    measure: r.measure,
    group_by: r.group_by as ChartGroupBy,
    filters: r.filters,
    chart_type: r.chart_type as ChartType,
    scope_level: r.scope_level as ScopeLevel | null,
    scope_id: r.scope_id,
    days: r.days,
    shared_role_ids: r.shared_role_ids,
    owner_id: r.owner_id,
    owner_name: owners.get(r.owner_id) ?? '',
    mine: r.owner_id === ctx.userId,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export async function listCharts(db: Executor, ctx: RequestContext): Promise<SavedChart[]> {
  const rows = await db
    .select()
    .from(reportingCharts)
    .where(and(tenantScope(reportingCharts, ctx.companyId), await visibleCondition(db, ctx)))
    .orderBy(desc(reportingCharts.updated_at), desc(reportingCharts.id));
  return present(db, ctx, rows);
}

/** One chart the caller may see (404 otherwise: another company's, or not shared with them). */
export async function getChart(db: Executor, ctx: RequestContext, id: number): Promise<SavedChart> {
  const [row] = await db
    .select()
    .from(reportingCharts)
    .where(
      and(
        tenantScope(reportingCharts, ctx.companyId),
        eq(reportingCharts.id, id),
        await visibleCondition(db, ctx),
      ),
    );
  if (!row) throw AppError.notFound('Chart');
  const [chart] = await present(db, ctx, [row]);
  if (!chart) throw AppError.notFound('Chart');
  return chart;
}

async function checkSave(reg: DatasetRegistry, db: Executor, ctx: RequestContext, body: ChartSave) {
  checkQuery(reg, ctx, body);
  if (body.shared_role_ids.length) {
    const { roles } = await companyRolesAndStores(db, ctx);
    const known = new Set(roles.map((r) => r.id));
    if (body.shared_role_ids.some((id) => !known.has(id)))
      throw AppError.badRequest(reportingMessages.unknownRole, {
        shared_role_ids: [reportingMessages.unknownRole],
      });
  }
  return {
    name: body.name,
    dataset: body.dataset,
    measure: body.measure,
    group_by: body.group_by,
    filters: body.filters,
    chart_type: body.chart_type,
    scope_level: body.scope_level,
    scope_id: body.scope_level === 'company' ? null : body.scope_id,
    days: body.days,
    shared_role_ids: [...new Set(body.shared_role_ids)],
  };
}

export async function createChart(
  reg: DatasetRegistry,
  db: Executor,
  ctx: RequestContext,
  body: ChartSave,
): Promise<SavedChart> {
  const values = await checkSave(reg, db, ctx, body);
  const [row] = await db
    .insert(reportingCharts)
    .values({ company_id: ctx.companyId, owner_id: ctx.userId, ...values })
    .returning({ id: reportingCharts.id });
  if (!row) throw new Error('chart insert returned nothing');
  return getChart(db, ctx, row.id);
}

/** The caller's own chart (403 when it is only shared with them, 404 when they cannot see it). */
async function ownChart(db: Executor, ctx: RequestContext, id: number) {
  const chart = await getChart(db, ctx, id);
  if (!chart.mine) throw AppError.forbidden(reportingMessages.notOwner);
  return chart;
}

export async function updateChart(
  reg: DatasetRegistry,
  db: Executor,
  ctx: RequestContext,
  id: number,
  body: ChartSave,
): Promise<SavedChart> {
  await ownChart(db, ctx, id);
  const values = await checkSave(reg, db, ctx, body);
  await db
    .update(reportingCharts)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(and(tenantScope(reportingCharts, ctx.companyId), eq(reportingCharts.id, id)));
  return getChart(db, ctx, id);
}

export async function deleteChart(db: Executor, ctx: RequestContext, id: number) {
  await ownChart(db, ctx, id);
  await db
    .delete(reportingCharts)
    .where(and(tenantScope(reportingCharts, ctx.companyId), eq(reportingCharts.id, id)));
}

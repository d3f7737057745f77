import { chartWidgetKey } from '@portal/contract/oneview';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { defineWidget, type WidgetSource } from '../../platform/widgets.ts';
import { tenantScope } from '../../db/columns.ts';
import { roleIdOf } from '../users/api.ts';
import { reportingCharts } from './schema.ts';

/**
 * Saved charts as OneView widgets (`chart.{id}`): every chart of the company is known, so a
 * company layout may hold one its editor did not write; each is shown to whom the chart is (its
 * author, the roles it is shared with). The figures come from GET /reporting/charts/{id}/data.
 */
export const chartWidgets: WidgetSource = {
  async widgets(db: Executor, ctx: RequestContext) {
    const charts = await db
      .select({
        id: reportingCharts.id,
        name: reportingCharts.name,
        owner_id: reportingCharts.owner_id,
        shared_role_ids: reportingCharts.shared_role_ids,
      })
      .from(reportingCharts)
      .where(tenantScope(reportingCharts, ctx.companyId));
    if (!charts.length) return [];
    const roleId = await roleIdOf(db, ctx.companyId, ctx.userId);
    return charts.map((chart) =>
      defineWidget({
        key: chartWidgetKey(chart.id),
        title: chart.name,
        description: 'A saved chart, for the scope bar’s scope',
        kind: 'chart',
        subject: 'scope',
        permission: 'read_reporting',
        w: 6,
        h: 7,
        shown:
          chart.owner_id === ctx.userId ||
          (roleId !== null && chart.shared_role_ids.includes(roleId)),
        rows: () => Promise.resolve([]),
      }),
    );
  },
};

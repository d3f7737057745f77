import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdParams } from '@portal/contract/list-query';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { optionalScopeQuerySchema } from '@portal/contract/oneview';
import {
  chartQuerySchema,
  chartResultSchema,
  chartSaveSchema,
  dailySnapshotQuerySchema,
  dailySnapshotSchema,
  datasetSchema,
  orgChartSchema,
  POWERBI_REPORT_ID,
  powerBiEmbedSchema,
  reportingMessages,
  savedChartSchema,
} from '@portal/contract/reporting';
import { callerOf } from '../../platform/access.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { catalogueOf, mayUse, runChart, type DatasetRegistry } from './charts.ts';
import { organisationChart } from './org.ts';
import { powerBiEmbed } from './powerbi.ts';
import { dailySnapshot } from './snapshot.ts';
import { createChart, deleteChart, getChart, listCharts, updateChart } from './saved.ts';

const errors = errorReplies(400, 403, 404, 460, 502);
const tags = ['Reporting'];
const idParam = pathIdParams(9);

/** Charts over the modules' datasets, saved charts, the organisation chart and Power BI. */
export function reportingRoutes(
  app: FastifyInstance,
  { db, config }: ModuleContext,
  reg: DatasetRegistry,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/reporting/datasets', {
    schema: {
      tags,
      summary: 'The datasets the caller may chart: measures, group-bys and filters of each',
      response: { 200: replySchema(listDataSchema(datasetSchema)), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const results = reg.all.filter((d) => mayUse(ctx, d)).map(catalogueOf);
      return ok('', { results, total: results.length });
    },
  });

  r.post('/reporting/charts/run', {
    schema: {
      tags,
      summary: "A chart's figures for the caller's scope (nothing is saved)",
      body: chartQuerySchema,
      response: { 200: replySchema(chartResultSchema), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) => ok('', await runChart(reg, db, callerOf(request), request.body)),
  });

  r.get('/reporting/charts', {
    schema: {
      tags,
      summary: "Saved charts: the caller's and those shared with their role",
      response: { 200: replySchema(listDataSchema(savedChartSchema)), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) => {
      const results = await listCharts(db, callerOf(request));
      return ok('', { results, total: results.length });
    },
  });

  r.post('/reporting/charts', {
    schema: {
      tags,
      summary: 'Save a chart (and share it with roles)',
      body: chartSaveSchema,
      response: { 200: replySchema(savedChartSchema), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) =>
      ok(reportingMessages.chartSaved, await createChart(reg, db, callerOf(request), request.body)),
  });

  r.get('/reporting/charts/:id', {
    schema: {
      tags,
      summary: 'One saved chart the caller may see',
      params: idParam,
      response: { 200: replySchema(savedChartSchema), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) => ok('', await getChart(db, callerOf(request), request.params.id)),
  });

  r.get('/reporting/charts/:id/data', {
    schema: {
      tags,
      summary:
        "A saved chart's figures for its scope, or for another the caller may see (level, id: OneView's scope bar)",
      params: idParam,
      querystring: optionalScopeQuerySchema,
      response: { 200: replySchema(chartResultSchema), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const chart = await getChart(db, ctx, request.params.id);
      const { level, id } = request.query;
      const scope = level === undefined ? {} : { scope_level: level, scope_id: id ?? null };
      return ok(
        '',
        await runChart(reg, db, ctx, chartQuerySchema.parse({ ...queryOf(chart), ...scope })),
      );
    },
  });

  r.put('/reporting/charts/:id', {
    schema: {
      tags,
      summary: "Change one of the caller's charts",
      params: idParam,
      body: chartSaveSchema,
      response: { 200: replySchema(savedChartSchema), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) =>
      ok(
        reportingMessages.chartUpdated,
        await updateChart(reg, db, callerOf(request), request.params.id, request.body),
      ),
  });

  r.delete('/reporting/charts/:id', {
    schema: {
      tags,
      summary: "Delete one of the caller's charts",
      params: idParam,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'read_reporting' },
    handler: async (request) => {
      await deleteChart(db, callerOf(request), request.params.id);
      return ok(reportingMessages.chartDeleted, null);
    },
  });

  r.get('/organization-chart', {
    schema: {
      tags,
      summary: 'Regions, districts, stores and people (with supervisors) the caller may see',
      response: { 200: replySchema(orgChartSchema), ...errors },
    },
    config: { access: 'read_users' },
    handler: async (request) => ok('', await organisationChart(db, callerOf(request))),
  });

  r.get('/daily-snapshot', {
    schema: {
      tags,
      summary: "One day of a store or a district's stores: staff, hours, late, absent, breaks",
      querystring: dailySnapshotQuerySchema,
      response: { 200: replySchema(dailySnapshotSchema), ...errors },
    },
    config: { access: 'read_hr_timecards' },
    handler: async (request) =>
      ok('', await dailySnapshot(reg, db, callerOf(request), request.query)),
  });

  r.get('/reporting/pbi/:reportId/embed', {
    schema: {
      tags,
      summary:
        "A Power BI report's embed token, with the caller's store scope as effective identity",
      params: z.object({
        reportId: z.string().regex(POWERBI_REPORT_ID, 'must be a Power BI report id'),
      }),
      response: { 200: replySchema(powerBiEmbedSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await powerBiEmbed(config, db, callerOf(request), request.params.reportId)),
  });
}

const queryOf = ({
  dataset,
  measure,
  group_by,
  filters,
  chart_type,
  scope_level,
  scope_id,
  days,
}: z.infer<typeof savedChartSchema>) => ({
  dataset,
  measure,
  group_by,
  filters,
  chart_type,
  scope_level,
  scope_id,
  days,
});

import { listDataSchema } from '@portal/contract/envelope';
import {
  chartWidgetKey,
  oneviewLayoutSchema,
  scopeOptionsSchema,
  type ScopeLevel,
} from '@portal/contract/oneview';
import {
  chartResultSchema,
  dailySnapshotSchema,
  type DailySnapshotQuery,
  datasetSchema,
  orgChartSchema,
  powerBiEmbedSchema,
  savedChartSchema,
  type ChartQueryInput,
  type ChartSaveInput,
} from '@portal/contract/reporting';
import { roleSchema } from '@portal/contract/resources/access';
import { z } from 'zod';
import { api, ignoreData } from '../../platform/api.ts';

export const reportingKeys = {
  all: ['reporting'] as const,
  datasets: ['reporting', 'datasets'] as const,
  charts: ['reporting', 'charts'] as const,
  chart: (id: number) => ['reporting', 'charts', id] as const,
  chartData: (id: number, scope?: ChartScope) =>
    ['reporting', 'charts', id, 'data', scope ?? 'own'] as const,
  run: (query: ChartQueryInput) => ['reporting', 'run', query] as const,
  scopes: ['reporting', 'scopes'] as const,
  roles: ['reporting', 'roles'] as const,
  orgChart: ['reporting', 'org-chart'] as const,
  powerBi: (reportId: string) => ['reporting', 'pbi', reportId] as const,
};

/** A scope to chart for: OneView's scope bar. */
export interface ChartScope {
  level: ScopeLevel;
  id: number | null;
}

const roleNameSchema = roleSchema.pick({ id: true, name: true, is_active: true });

/** Reporting's calls (apps/api modules/reporting). */
export const reportingApi = {
  datasets: (signal?: AbortSignal) =>
    api.get('/reporting/datasets', listDataSchema(datasetSchema), { signal }),
  run: (query: ChartQueryInput, signal?: AbortSignal) =>
    api.post('/reporting/charts/run', query, chartResultSchema, { signal }),
  charts: (signal?: AbortSignal) =>
    api.get('/reporting/charts', listDataSchema(savedChartSchema), { signal }),
  chart: (id: number, signal?: AbortSignal) =>
    api.get(`/reporting/charts/${id}`, savedChartSchema, { signal }),
  /** A saved chart's figures for its own scope, or for another (OneView's scope bar). */
  chartData: (id: number, signal?: AbortSignal, scope?: ChartScope) =>
    api.get(`/reporting/charts/${id}/data`, chartResultSchema, {
      signal,
      ...(scope ? { query: { level: scope.level, id: scope.id } } : {}),
    }),
  /** Adds the chart below the caller's OneView (their layout becomes personal). */
  pin: (id: number) =>
    api.post('/oneview/layout/widgets', { widget_key: chartWidgetKey(id) }, oneviewLayoutSchema),
  create: (body: ChartSaveInput) => api.post('/reporting/charts', body, savedChartSchema),
  update: (id: number, body: ChartSaveInput) =>
    api.put(`/reporting/charts/${id}`, body, savedChartSchema),
  remove: (id: number) => api.delete(`/reporting/charts/${id}`, ignoreData),
  scopes: (signal?: AbortSignal) => api.get('/oneview/scopes', scopeOptionsSchema, { signal }),
  roles: (signal?: AbortSignal) =>
    api.get('/roles', listDataSchema(z.looseObject(roleNameSchema.shape)), {
      signal,
      query: { perPage: 100 },
    }),
  snapshot: (query: DailySnapshotQuery, signal?: AbortSignal) =>
    api.get('/daily-snapshot', dailySnapshotSchema, { signal, query }),
  orgChart: (signal?: AbortSignal) => api.get('/organization-chart', orgChartSchema, { signal }),
  powerBi: (reportId: string, signal?: AbortSignal) =>
    api.get(`/reporting/pbi/${encodeURIComponent(reportId)}/embed`, powerBiEmbedSchema, {
      signal,
    }),
};

import type { ServerDataset } from '../../platform/datasets.ts';
import { defineModule } from '../../platform/module.ts';
import { datasetRegistry } from './charts.ts';
import { reportingRoutes } from './routes.ts';
import { chartWidgets } from './widgets.ts';

/**
 * Reporting: charts over the datasets other modules declare (their descriptors' `datasets`, which
 * src/modules.ts collects and hands over here, so this module imports none of them), saved and
 * shared charts, the organisation chart and Power BI embedding. Its saved charts are OneView
 * widgets too (`widgetSources`, handed to OneView by src/modules.ts).
 */
export const createReportingModule = (datasets: readonly ServerDataset[]) => {
  const registry = datasetRegistry(datasets);
  return defineModule({
    name: 'reporting',
    permissions: ['read_reporting'],
    routes: (api, ctx) => reportingRoutes(api, ctx, registry),
    widgetSources: [chartWidgets],
    sidebar: [
      {
        name: 'Charts',
        route: '/reporting/charts',
        icon: 'dashboard',
        permission: 'read_reporting',
        order: 800,
      },
      {
        name: 'My Reports',
        route: '/user-reporting',
        icon: 'dashboard',
        permission: 'read_reporting',
        order: 801,
      },
      {
        name: 'Daily Snapshot',
        route: '/daily-snapshot',
        icon: 'dashboard',
        permission: 'read_hr_timecards',
        order: 802,
      },
      {
        name: 'Organization Chart',
        route: '/organization-chart',
        icon: 'people',
        permission: 'read_users',
        order: 803,
      },
    ],
  });
};

import type { ReactNode } from 'react';
import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';

const PowerBiReportPage = lazyScreen(() => import('./PowerBiReportPage.tsx'), 'PowerBiReportPage');
const ChartsListPage = lazyScreen(() => import('./ChartsListPage.tsx'), 'ChartsListPage');
const UserReportingPage = lazyScreen(() => import('./ChartsListPage.tsx'), 'UserReportingPage');
const ChartBuilderPage = lazyScreen(() => import('./ChartBuilderPage.tsx'), 'ChartBuilderPage');
const SavedReportPage = lazyScreen(() => import('./SavedReportPage.tsx'), 'SavedReportPage');
const DailySnapshotPage = lazyScreen(() => import('./DailySnapshotPage.tsx'), 'DailySnapshotPage');
const OrgChartPage = lazyScreen(() => import('./OrgChartPage.tsx'), 'OrgChartPage');

const reporting = (element: ReactNode) => (
  <RequirePermission permission="read_reporting">{element}</RequirePermission>
);

/** Reporting (issue 15): charts, saved reports, the organisation chart and Power BI reports. */
export const reportingFeature = defineFeature({
  name: 'reporting',
  signedInRoutes: [
    { path: '/reporting/pbi/:reportId', element: <PowerBiReportPage /> },
    { path: '/reporting/charts', element: reporting(<ChartsListPage />) },
    { path: '/reporting/charts/new', element: reporting(<ChartBuilderPage />) },
    { path: '/reporting/charts/:id/edit', element: reporting(<ChartBuilderPage />) },
    { path: '/user-reporting', element: reporting(<UserReportingPage />) },
    { path: '/user-reporting/:id', element: reporting(<SavedReportPage />) },
    {
      path: '/daily-snapshot',
      element: (
        <RequirePermission permission="read_hr_timecards">
          <DailySnapshotPage />
        </RequirePermission>
      ),
    },
    {
      path: '/organization-chart',
      element: (
        <RequirePermission permission="read_users">
          <OrgChartPage />
        </RequirePermission>
      ),
    },
  ],
});

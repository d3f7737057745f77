import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const PowerBiReportPage = lazyScreen(() => import('./PowerBiReportPage.tsx'), 'PowerBiReportPage');

/** Power BI reports (issue 4). */
export const reportingFeature = defineFeature({
  name: 'reporting',
  signedInRoutes: [{ path: '/reporting/pbi/:reportId', element: <PowerBiReportPage /> }],
});

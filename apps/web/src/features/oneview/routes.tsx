import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';

// The page's first requests start beside the download of its code (oneview-api.ts).
const OneViewPage = lazyScreen(() => {
  void import('./oneview-api.ts').then(({ prefetchOneview }) => prefetchOneview());
  return import('./OneViewPage.tsx');
}, 'OneViewPage');
const WidgetListPage = lazyScreen(() => import('./WidgetListPage.tsx'), 'WidgetListPage');
const OneViewAdminPanelPage = lazyScreen(
  () => import('./AdminPanelPages.tsx'),
  'OneViewAdminPanelPage',
);
const CompanyWidgetsPage = lazyScreen(() => import('./AdminPanelPages.tsx'), 'CompanyWidgetsPage');

/** OneView, the home dashboard, and its admin panel (issue 15). */
export const oneviewFeature = defineFeature({
  name: 'oneview',
  signedInRoutes: [
    { path: '/oneview', element: <OneViewPage /> },
    { path: '/oneview/list/:key', element: <WidgetListPage /> },
    {
      path: '/oneview-admin-panel',
      element: (
        <RequirePermission permission="write_oneview">
          <OneViewAdminPanelPage />
        </RequirePermission>
      ),
    },
    {
      path: '/oneview-admin-panel/company-widgets',
      element: (
        <RequirePermission permission="write_oneview">
          <CompanyWidgetsPage />
        </RequirePermission>
      ),
    },
  ],
});

import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';

const MenuManagementPage = lazyScreen(
  () => import('./MenuManagementPage.tsx'),
  'MenuManagementPage',
);

/** The side menu's management screen (issue 4). */
export const navigationFeature = defineFeature({
  name: 'navigation',
  signedInRoutes: [
    {
      path: '/drag',
      element: (
        <RequirePermission permission="write_sidebar_items">
          <MenuManagementPage />
        </RequirePermission>
      ),
    },
  ],
});

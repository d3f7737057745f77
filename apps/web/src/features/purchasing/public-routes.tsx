import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { purchasingPaths } from './paths.ts';

const PublicDiscrepancyPage = lazyScreen(
  () => import('./PublicDiscrepancyPage.tsx'),
  'PublicDiscrepancyPage',
);

/** The supplier's view of a receipt discrepancy, reached through its secure public link. */
export const purchasingPublicRoutes: RouteObject[] = [
  { path: purchasingPaths.publicDiscrepancy, element: <PublicDiscrepancyPage /> },
];

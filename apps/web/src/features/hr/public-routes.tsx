import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const KioskPage = lazyScreen(() => import('../hr-kiosk/KioskPage.tsx'), 'KioskPage');

/** HR screens outside the signed-in frame: the store kiosk (no staff session on it). */
export const hrPublicRoutes: RouteObject[] = [{ path: '/kiosk', element: <KioskPage /> }];

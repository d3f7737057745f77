// The screens outside the signed-in frame (SPEC.md section 2, public routes), each feature's
// public-routes.tsx. They are kept apart from the features' signed-in route tables (app/features.ts)
// so the sign-in page's first load carries none of those; a feature with public screens adds one
// line here.
import type { RouteObject } from 'react-router';
import { authPublicRoutes } from '../features/auth/public-routes.tsx';
import { contactPublicRoutes } from '../features/contact/public-routes.tsx';
import { hrPublicRoutes } from '../features/hr/public-routes.tsx';
import { purchasingPublicRoutes } from '../features/purchasing/public-routes.tsx';
import { ticketsPublicRoutes } from '../features/tickets/public-routes.tsx';

export const publicRoutes: readonly RouteObject[] = [
  ...authPublicRoutes,
  ...hrPublicRoutes,
  ...contactPublicRoutes,
  ...ticketsPublicRoutes,
  ...purchasingPublicRoutes,
];

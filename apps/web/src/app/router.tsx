import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { lazyScreen } from '../platform/lazy-screen.ts';
// A few hundred bytes of components the entry already has: not worth a round trip of its own.
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { features } from './features.ts';

const SignedInFrame = lazyScreen(() => import('./frame/SignedInFrame.tsx'), 'SignedInFrame');
const HomeRedirect = lazyScreen(() => import('./HomeRedirect.tsx'), 'HomeRedirect');
const UnauthorizedPage = lazyScreen(() => import('./UnauthorizedPage.tsx'), 'UnauthorizedPage');

/** Routes open to everyone (SPEC.md section 2, public routes): each feature's (app/features.ts). */
const publicRoutes: RouteObject[] = features.flatMap((feature) => feature.publicRoutes ?? []);

/**
 * Routes inside the signed-in frame: the shell's own, then each feature's (app/features.ts); a
 * path with no screen falls through to the not-found page.
 */
const signedInRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
  // The shell's own screens (issue 4).
  { path: '/unauth', element: <UnauthorizedPage /> },
  ...features.flatMap((feature) => feature.signedInRoutes ?? []),
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        element: <RequireAuth />,
        children: [{ element: <SignedInFrame />, children: signedInRoutes }],
      },
    ],
  },
]);

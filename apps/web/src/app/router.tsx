import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { LOGIN_PATH } from '../platform/api.ts';
import { lazyScreen } from './lazy-screen.ts';
// A few hundred bytes of components the entry already has: not worth a round trip of its own.
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

const LoginPage = lazyScreen(() => import('../features/auth/LoginPage.tsx'), 'LoginPage');
const SignedInFrame = lazyScreen(() => import('./frame/SignedInFrame.tsx'), 'SignedInFrame');
const HomeRedirect = lazyScreen(() => import('./HomeRedirect.tsx'), 'HomeRedirect');

/** Routes open to everyone (SPEC.md section 2, public routes). */
const publicRoutes: RouteObject[] = [{ path: LOGIN_PATH, element: <LoginPage /> }];

/**
 * Routes inside the signed-in frame. A feature adds its screens here; a path with no screen falls
 * through to the not-found page.
 */
const signedInRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
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

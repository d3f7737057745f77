import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { useSession } from '../features/auth/session.ts';
import { lazyScreen } from '../platform/lazy-screen.ts';
import { PageLoader } from '../platform/PageLoader.tsx';
// A few hundred bytes of components the entry already has: not worth a round trip of its own.
import { NotFoundPage } from './NotFoundPage.tsx';
import { publicRoutes } from './public-routes.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

const loadFrame = () => import('./frame/SignedInFrame.tsx');
const loadHomeRedirect = () => import('./HomeRedirect.tsx');
const loadShellSettings = () => import('../features/shell/useShellSettings.ts');
const SignedInFrame = lazyScreen(loadFrame, 'SignedInFrame');
const HomeRedirect = lazyScreen(loadHomeRedirect, 'HomeRedirect');
const UnauthorizedPage = lazyScreen(() => import('./UnauthorizedPage.tsx'), 'UnauthorizedPage');

const SIGNED_IN_FRAME = 'signed-in-frame';

/**
 * Routes inside the signed-in frame: the shell's own, then each feature's (app/features.ts), then
 * not-found for a path with no screen. They are a chunk of their own, loaded on the first path the
 * routes already known do not match (or match only by a parameter), so the sign-in page's first
 * load does not carry a few hundred route definitions it never uses. The frame starts with no
 * child at all, `/` included: nothing inside it renders before every route is known, so a menu
 * click right after sign-in is never raced by the home redirect.
 */
let signedInRoutes: Promise<RouteObject[]> | undefined;
const loadSignedInRoutes = () =>
  (signedInRoutes ??= import('./features.ts').then(({ features }) => [
    { index: true, element: <HomeRedirect /> },
    { path: '/unauth', element: <UnauthorizedPage /> },
    ...features.flatMap((feature) => feature.signedInRoutes),
    { path: '*', element: <NotFoundPage /> },
  ]));
let signedInRoutesPatched = false;

export const router = createBrowserRouter(
  [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        ...publicRoutes,
        {
          element: <RequireAuth />,
          children: [{ id: SIGNED_IN_FRAME, element: <SignedInFrame />, children: [] }],
        },
      ],
    },
  ],
  {
    async patchRoutesOnNavigation({ patch, signal }) {
      if (signedInRoutesPatched) return;
      // Signed in, the frame and the home redirect are fetched beside the route tables rather than
      // one after the other (each would otherwise wait for the one that renders it), and so are
      // the shell settings both of them read.
      if (useSession.getState().userId) {
        void loadFrame();
        void loadHomeRedirect();
        void loadShellSettings().then(({ prefetchShellSettings }) => prefetchShellSettings());
      }
      const routes = await loadSignedInRoutes();
      // A navigation overtaken by another one patches nothing; the next one does.
      if (signedInRoutesPatched || signal.aborted) return;
      patch(SIGNED_IN_FRAME, routes);
      signedInRoutesPatched = true;
    },
  },
);

import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { useSession } from '../features/auth/session.ts';
import { lazyScreen } from '../platform/lazy-screen.ts';
import { PageLoader } from '../platform/PageLoader.tsx';
// A few hundred bytes of components the entry already has: not worth a round trip of its own.
import { NotFoundPage } from './NotFoundPage.tsx';
import type { FeatureRouteTable } from './features.ts';
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
 * Routes inside the signed-in frame: the shell's own (the home redirect, /unauth and not-found for
 * a path with no screen), then each feature's (app/features.ts), patched in the first time a path
 * under one of the feature's first segments is visited. The list of features is a chunk of its
 * own, loaded on the first signed-in path, so the sign-in page's first load carries none of it;
 * each feature's table is another, so a visit to /oneview carries only OneView's routes. The frame
 * starts with no child at all, `/` included: nothing inside it renders before the shell's routes
 * and the first path's feature routes are known.
 */
const shellRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
  { path: '/unauth', element: <UnauthorizedPage /> },
  { path: '*', element: <NotFoundPage /> },
];
let shellRoutesPatched = false;
const loadFeatureList = () => import('./features.ts');
const patchedTables = new Set<FeatureRouteTable>();

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
    async patchRoutesOnNavigation({ path, patch, signal }) {
      // Signed in, the frame and the home redirect are fetched beside the route tables rather than
      // one after the other (each would otherwise wait for the one that renders it), and so are
      // the shell settings both of them read and the landing page's routes `/` goes on to.
      if (!shellRoutesPatched && useSession.getState().userId) {
        void loadFrame();
        void loadHomeRedirect();
        void loadShellSettings().then(({ prefetchShellSettings }) => prefetchShellSettings());
        if (path === '/')
          void loadFeatureList().then(({ preloadLandingRoutes }) =>
            preloadLandingRoutes(useSession.getState().homeScreen),
          );
      }
      const loaded = await (await loadFeatureList()).loadRouteTables(path);
      // A navigation overtaken by another one patches nothing; the next one does.
      if (signal.aborted) return;
      if (!shellRoutesPatched) patch(SIGNED_IN_FRAME, shellRoutes);
      shellRoutesPatched = true;
      for (const { table, feature } of loaded) {
        if (patchedTables.has(table)) continue;
        patch(SIGNED_IN_FRAME, feature.signedInRoutes);
        patchedTables.add(table);
      }
    },
  },
);

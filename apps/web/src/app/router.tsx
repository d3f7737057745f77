import { lotusResources } from '@portal/contract/lotus';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes.tsx';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { hrPublicRoutes, hrRoutes } from '../features/hr/routes.tsx';
import { LOGIN_PATH } from '../platform/api.ts';
import { lazyScreen } from '../platform/lazy-screen.ts';
// A few hundred bytes of components the entry already has: not worth a round trip of its own.
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RequirePermission } from '../features/auth/RequirePermission.tsx';
import { RouteError } from './RouteError.tsx';

const LoginPage = lazyScreen(() => import('../features/auth/LoginPage.tsx'), 'LoginPage');
const authScreen = {
  ForgotPasswordPage: lazyScreen(
    () => import('../features/auth/ForgotPasswordPage.tsx'),
    'ForgotPasswordPage',
  ),
  ResetPasswordPage: lazyScreen(
    () => import('../features/auth/ResetPasswordPage.tsx'),
    'ResetPasswordPage',
  ),
  LockedPage: lazyScreen(() => import('../features/auth/LockedPage.tsx'), 'LockedPage'),
  SignupPage: lazyScreen(() => import('../features/auth/SignupPage.tsx'), 'SignupPage'),
  DevMailboxPage: lazyScreen(() => import('../features/auth/DevMailboxPage.tsx'), 'DevMailboxPage'),
  AccountPage: lazyScreen(() => import('../features/auth/AccountPage.tsx'), 'AccountPage'),
  MobilePinPage: lazyScreen(() => import('../features/auth/MobilePinPage.tsx'), 'MobilePinPage'),
};
const SignedInFrame = lazyScreen(() => import('./frame/SignedInFrame.tsx'), 'SignedInFrame');
const HomeRedirect = lazyScreen(() => import('./HomeRedirect.tsx'), 'HomeRedirect');
const UnauthorizedPage = lazyScreen(() => import('./UnauthorizedPage.tsx'), 'UnauthorizedPage');
const MenuManagementPage = lazyScreen(
  () => import('../features/navigation/MenuManagementPage.tsx'),
  'MenuManagementPage',
);
const EmbedPage = lazyScreen(() => import('../features/embeds/EmbedPage.tsx'), 'EmbedPage');
const LotusResourcePage = lazyScreen(
  () => import('../features/embeds/EmbedPage.tsx'),
  'LotusResourcePage',
);
const EmbedNewPage = lazyScreen(
  () => import('../features/embeds/EmbedNewPage.tsx'),
  'EmbedNewPage',
);
const PowerBiReportPage = lazyScreen(
  () => import('../features/reporting/PowerBiReportPage.tsx'),
  'PowerBiReportPage',
);

/** Routes open to everyone (SPEC.md section 2, public routes). */
const publicRoutes: RouteObject[] = [
  { path: LOGIN_PATH, element: <LoginPage /> },
  // Sign-in issue: forgot/reset password, lock screen, sign-up, and the dev mailbox.
  { path: '/forgot-password', element: <authScreen.ForgotPasswordPage /> },
  { path: '/reset-password', element: <authScreen.ResetPasswordPage /> },
  { path: '/locked', element: <authScreen.LockedPage /> },
  { path: '/signup', element: <authScreen.SignupPage /> },
  { path: '/dev/mailbox', element: <authScreen.DevMailboxPage /> },
  // HR: the store kiosk.
  ...hrPublicRoutes,
];

/**
 * Routes inside the signed-in frame. A feature adds its screens here; a path with no screen falls
 * through to the not-found page.
 */
const signedInRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
  // The shell's own screens (issue 4).
  { path: '/unauth', element: <UnauthorizedPage /> },
  {
    path: '/drag',
    element: (
      <RequirePermission permission="write_sidebar_items">
        <MenuManagementPage />
      </RequirePermission>
    ),
  },
  { path: '/e/:slug', element: <EmbedPage /> },
  {
    path: '/embed/new',
    element: (
      <RequirePermission permission="write_embeds">
        <EmbedNewPage />
      </RequirePermission>
    ),
  },
  { path: '/reporting/pbi/:reportId', element: <PowerBiReportPage /> },
  ...lotusResources.map((resource) => ({ path: resource.route, element: <LotusResourcePage /> })),
  // Sign-in issue: the user menu's Edit Account and Mobile pin update.
  { path: '/account', element: <authScreen.AccountPage /> },
  { path: '/mobile-pin-update', element: <authScreen.MobilePinPage /> },
  // HR (issues 6 and 7).
  ...hrRoutes,
  // The engine's admin and settings screens (issue 5).
  ...adminRoutes,
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

import { defineFeature } from '../../platform/feature.ts';
import { LOGIN_PATH } from '../../platform/api.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const LoginPage = lazyScreen(() => import('./LoginPage.tsx'), 'LoginPage');
const ForgotPasswordPage = lazyScreen(
  () => import('./ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(() => import('./ResetPasswordPage.tsx'), 'ResetPasswordPage');
const LockedPage = lazyScreen(() => import('./LockedPage.tsx'), 'LockedPage');
const SignupPage = lazyScreen(() => import('./SignupPage.tsx'), 'SignupPage');
const DevMailboxPage = lazyScreen(() => import('./DevMailboxPage.tsx'), 'DevMailboxPage');
const AccountPage = lazyScreen(() => import('./AccountPage.tsx'), 'AccountPage');
const MobilePinPage = lazyScreen(() => import('./MobilePinPage.tsx'), 'MobilePinPage');

/** Sign-in (SPEC.md section 2, public routes) and the user menu's Edit Account and Mobile pin. */
export const authFeature = defineFeature({
  name: 'auth',
  publicRoutes: [
    { path: LOGIN_PATH, element: <LoginPage /> },
    // Forgot/reset password, lock screen, sign-up, and the dev mailbox.
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    { path: '/locked', element: <LockedPage /> },
    { path: '/signup', element: <SignupPage /> },
    { path: '/dev/mailbox', element: <DevMailboxPage /> },
  ],
  signedInRoutes: [
    { path: '/account', element: <AccountPage /> },
    { path: '/mobile-pin-update', element: <MobilePinPage /> },
  ],
});

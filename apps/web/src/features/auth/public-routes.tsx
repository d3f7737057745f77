import type { RouteObject } from 'react-router';
import { LOGIN_PATH } from '../../platform/api.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { loadLoginPage } from './login-page-chunk.ts';

const LoginPage = lazyScreen(loadLoginPage, 'LoginPage');
const ForgotPasswordPage = lazyScreen(
  () => import('./ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(() => import('./ResetPasswordPage.tsx'), 'ResetPasswordPage');
const LockedPage = lazyScreen(() => import('./LockedPage.tsx'), 'LockedPage');
const SignupPage = lazyScreen(() => import('./SignupPage.tsx'), 'SignupPage');
const DevMailboxPage = lazyScreen(() => import('./DevMailboxPage.tsx'), 'DevMailboxPage');

/** Sign-in, forgotten and reset passwords, the lock screen, sign-up and the dev mailbox. */
export const authPublicRoutes: RouteObject[] = [
  { path: LOGIN_PATH, element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/locked', element: <LockedPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/dev/mailbox', element: <DevMailboxPage /> },
];

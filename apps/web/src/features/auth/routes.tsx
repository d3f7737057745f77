import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const AccountPage = lazyScreen(() => import('./AccountPage.tsx'), 'AccountPage');
const MobilePinPage = lazyScreen(() => import('./MobilePinPage.tsx'), 'MobilePinPage');

/** Sign-in (SPEC.md section 2, public routes) and the user menu's Edit Account and Mobile pin. */
export const authFeature = defineFeature({
  name: 'auth',
  signedInRoutes: [
    { path: '/account', element: <AccountPage /> },
    { path: '/mobile-pin-update', element: <MobilePinPage /> },
  ],
});

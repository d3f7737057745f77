import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const NotificationsPage = lazyScreen(() => import('./NotificationsPage.tsx'), 'NotificationsPage');
const NotificationPage = lazyScreen(() => import('./NotificationsPage.tsx'), 'NotificationPage');
const ControlNotificationsPage = lazyScreen(
  () => import('./ControlNotificationsPage.tsx'),
  'ControlNotificationsPage',
);

/** The signed-in user's notifications and their control settings (issue 18). */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  signedInRoutes: [
    { path: '/notifications', element: <NotificationsPage /> },
    { path: '/notifications/:id', element: <NotificationPage /> },
    { path: '/user/control-notifications', element: <ControlNotificationsPage /> },
  ],
});

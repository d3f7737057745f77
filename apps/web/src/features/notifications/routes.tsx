import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const NotificationsPage = lazyScreen(() => import('./NotificationsPage.tsx'), 'NotificationsPage');
const NotificationPage = lazyScreen(() => import('./NotificationsPage.tsx'), 'NotificationPage');
const ControlNotificationsPage = lazyScreen(
  () => import('./ControlNotificationsPage.tsx'),
  'ControlNotificationsPage',
);
const MailReportsPage = lazyScreen(() => import('./MessageReportsPage.tsx'), 'MailReportsPage');
const SmsReportsPage = lazyScreen(() => import('./MessageReportsPage.tsx'), 'SmsReportsPage');

/**
 * The signed-in user's notifications and their control settings (issue 18); the company's mail
 * and SMS delivery log for its admins (/mail-reports, /sms-reports).
 */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  signedInRoutes: [
    { path: '/notifications', element: <NotificationsPage /> },
    { path: '/notifications/:id', element: <NotificationPage /> },
    { path: '/user/control-notifications', element: <ControlNotificationsPage /> },
    { path: '/mail-reports', element: <MailReportsPage /> },
    { path: '/sms-reports', element: <SmsReportsPage /> },
  ],
});

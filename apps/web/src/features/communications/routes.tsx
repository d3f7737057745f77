import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { communicationPaths } from './paths.ts';

const BulletinBoardPage = lazyScreen(() => import('./BulletinBoardPage.tsx'), 'BulletinBoardPage');
const CommunicationDashboardPage = lazyScreen(
  () => import('./CommunicationDashboardPage.tsx'),
  'CommunicationDashboardPage',
);

const CommunicationSettingsPage = lazyScreen(
  () => import('./CommunicationSettingsPage.tsx'),
  'CommunicationSettingsPage',
);

const CommunicationNotificationsPage = lazyScreen(
  () => import('./CommunicationNotificationsPage.tsx'),
  'CommunicationNotificationsPage',
);
const CommunicationNotificationDetailPage = lazyScreen(
  () => import('./CommunicationNotificationsPage.tsx'),
  'CommunicationNotificationDetailPage',
);

/**
 * Communications (issue 18 item 7): bulletins on the engine (/communications/list-page, new,
 * edit, view with versions and rates), the bulletin board, the Communication Center dashboard,
 * bulletin templates (/communications/templates) and recipient lists (/lists).
 */
export const communicationsFeature = defineFeature({
  name: 'communications',
  signedInRoutes: [
    { path: communicationPaths.dashboard, element: <CommunicationDashboardPage /> },
    { path: communicationPaths.board, element: <BulletinBoardPage /> },
    { path: communicationPaths.settings, element: <CommunicationSettingsPage /> },
    {
      path: communicationPaths.notificationsList,
      element: <CommunicationNotificationsPage />,
    },
    {
      path: communicationPaths.notifications,
      element: <CommunicationNotificationDetailPage />,
    },
    ...resourceRoutes(
      communicationPaths.bulletins,
      async () => (await import('./communications-screens.tsx')).bulletinScreens,
    ),
    ...resourceRoutes(
      communicationPaths.templates,
      async () => (await import('./template-screens.tsx')).templateScreens,
    ),
    ...resourceRoutes(
      communicationPaths.lists,
      async () => (await import('./list-screens.tsx')).listScreens,
    ),
  ],
});

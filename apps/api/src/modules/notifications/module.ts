import { defineModule } from '../../platform/module.ts';
import { deliveryJob } from './deliver.ts';
import { notificationRoutes } from './routes.ts';

/**
 * Notifications (issue 18): each user's list and the bell, live over the server-sent events;
 * /user/control-notifications; mail and SMS queued by `notify()` (api.ts) and sent by a job.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: (api, { db }) => notificationRoutes(api, db),
  jobs: ({ config }) => [deliveryJob(config)],
  sidebar: [
    {
      name: 'Notifications',
      route: '/notifications',
      icon: 'notifications',
      permission: null,
      order: 853,
    },
  ],
});

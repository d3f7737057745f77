import { MESSAGE_REPORTS_PERMISSION } from '@portal/contract/message-reports';
import { defineModule } from '../../platform/module.ts';
import { deliveryJob } from './deliver.ts';
import { messageReportRoutes, smsStatusRoute } from './reports.ts';
import { notificationRoutes } from './routes.ts';

/**
 * Notifications (issue 18): each user's list and the bell, live over the server-sent events;
 * /user/control-notifications; mail and SMS queued by `notify()` (api.ts) and sent by a job; the
 * delivery log of every company mail and SMS (/mail-reports, /sms-reports) and the SMS
 * provider's delivery reports.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: async (api, { db, config }) => {
    notificationRoutes(api, db);
    messageReportRoutes(api, db);
    await smsStatusRoute(api, db, config);
  },
  jobs: ({ config }) => [deliveryJob(config)],
  sidebar: [
    {
      name: 'Notifications',
      route: '/notifications',
      icon: 'notifications',
      permission: null,
      order: 853,
    },
    {
      name: 'Mail Reports',
      route: '/mail-reports',
      icon: 'mail',
      permission: MESSAGE_REPORTS_PERMISSION,
      order: 990,
    },
    {
      name: 'SMS Reports',
      route: '/sms-reports',
      icon: 'sms',
      permission: MESSAGE_REPORTS_PERMISSION,
      order: 991,
    },
  ],
});

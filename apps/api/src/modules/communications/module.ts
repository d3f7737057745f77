import { defineModule } from '../../platform/module.ts';
import { seedCommunicationsDemo } from './demo.ts';
import { bulletinEscalationJob } from './escalation.ts';
import { recipientListService } from './lists.ts';
import { communicationRoutes } from './routes.ts';
import { bulletinService } from './services.ts';
import { bulletinTemplateService } from './templates.ts';
import { communicationsWidgets } from './widgets.ts';

/**
 * Communications (issue 18 item 7): bulletins aimed at regions, districts, stores and roles, each
 * person's acknowledgement naming the version (a material edit asks everyone again), the bulletin
 * board, acknowledgement rates by region, district and store, and the escalation to each late
 * person's manager after the bulletin's `escalate_after_days`; recipient lists a bulletin can be
 * aimed at (/lists) and bulletin templates (/communications/templates).
 */
export const communicationsModule = defineModule({
  name: 'communications',
  resources: [bulletinService, recipientListService, bulletinTemplateService],
  routes: (api, { db }) => communicationRoutes(api, db),
  jobs: () => [bulletinEscalationJob()],
  demo: ({ tx, companyId }) => seedCommunicationsDemo(tx, companyId),
  sidebar: [
    {
      name: 'Bulletin Board',
      route: '/communications/bulletin-board',
      icon: 'campaign',
      permission: null,
      order: 860,
    },
    {
      name: 'Communication Center',
      route: '/communications/dashboard',
      icon: 'forum',
      permission: 'read_bulletins',
      order: 861,
    },
    {
      name: 'Bulletins',
      route: '/communications/list-page',
      icon: 'article',
      permission: 'read_bulletins',
      order: 862,
    },
    {
      name: 'Bulletin Templates',
      route: '/communications/templates',
      icon: 'description',
      permission: 'read_bulletin_templates',
      order: 863,
    },
    {
      name: 'Lists',
      route: '/lists',
      icon: 'groups',
      permission: 'read_recipient_lists',
      order: 864,
    },
    {
      name: 'Communication Settings',
      route: '/communications/settings',
      icon: 'settings',
      permission: 'can_edit_own_company_settings',
      order: 865,
    },
    {
      name: 'Communication Notifications',
      route: '/communications/notifications',
      icon: 'notifications',
      permission: 'read_bulletins',
      order: 866,
    },
  ],
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: communicationsWidgets,
});

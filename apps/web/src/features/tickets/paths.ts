import { standardPaths, type ResourcePaths } from '../../platform/resources/paths.ts';

/** SPEC.md's task pages: `new` and `edit/{numeric id}` for the settings' lists. */
const settingsPaths = (list: string): ResourcePaths => ({
  list,
  create: `${list}/new`,
  edit: `${list}/edit/:id`,
  view: `${list}/:id`,
});

export const ticketPaths = {
  tickets: standardPaths('/task-center'),
  types: settingsPaths('/task-tickets/type'),
  priorities: settingsPaths('/task-tickets/priority'),
  templates: settingsPaths('/ticket-templates'),
  settings: '/task-tickets/settings',
  dashboard: '/ticket-center/dashboard',
  slaTracker: '/sla-tracker',
  newFromTemplate: '/task-tickets/new-from-template',
  /** a ticket without a template (the task center's form) */
  custom: '/task-tickets/custom',
  fromTemplate: (id: number | string) => `/task-tickets/new/${id}`,
  publicCenter: '/public/ticket-center',
  /** call-center staff outside the company (a reduced frame, public-routes.tsx) */
  external: '/external/ticket-center',
  externalTicket: (id: number | string) => `/external/ticket-center/${id}`,
} as const;

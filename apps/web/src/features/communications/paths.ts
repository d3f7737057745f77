import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** SPEC.md's /communications pages this feature builds. */
export const communicationPaths = {
  bulletins: {
    list: '/communications/list-page',
    create: '/communications/new',
    edit: '/communications/edit/:id',
    view: '/communications/view/:id',
  } satisfies ResourcePaths,
  templates: {
    list: '/communications/templates',
    create: '/communications/templates/new',
    edit: '/communications/templates/edit/:id',
    view: '/communications/templates/view/:id',
  } satisfies ResourcePaths,
  lists: {
    list: '/lists',
    create: '/lists/new',
    edit: '/lists/edit/:id',
    view: '/lists/view/:id',
  } satisfies ResourcePaths,
  dashboard: '/communications/dashboard',
  board: '/communications/bulletin-board',
  settings: '/communications/settings',
  notificationsList: '/communications/notifications',
  notifications: '/communications/notifications/:id',
} as const;

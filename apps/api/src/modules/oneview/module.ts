import { defineModule } from '../../platform/module.ts';
import type { ServerWidget, WidgetSource } from '../../platform/widgets.ts';
import { weeklyDigestJob } from './digest.ts';
import { oneviewRoutes } from './routes.ts';
import { widgetRegistry } from './widgets.ts';

/**
 * OneView, the home dashboard. It shows the widgets other modules declare (their descriptors'
 * `widgets`), and those their `widgetSources` make from records (saved charts), which src/modules.ts
 * collects and hands over here, so this module imports none of them.
 */
export const createOneviewModule = (
  widgets: readonly ServerWidget[],
  sources: readonly WidgetSource[] = [],
) => {
  const registry = widgetRegistry(widgets, sources);
  return defineModule({
    name: 'oneview',
    permissions: ['write_oneview'],
    // OneView first in the menu (SPEC.md section 2: the sidebar's OneView mode needs it there), and
    // the OneView Admin Panel for who may edit it. Widgets need no rows: each mode shows its
    // built-in layout until the company saves one.
    sidebar: [
      { name: 'OneView', route: '/oneview', icon: 'dashboard', permission: null, order: 0 },
      {
        name: 'OneView Admin Panel',
        route: '/oneview-admin-panel',
        icon: 'dashboard',
        permission: 'write_oneview',
        order: 900,
      },
    ],
    routes: (api, { db, uploads, apiPrefix }) =>
      oneviewRoutes(api, db, uploads, apiPrefix, registry),
    // The weekly digest of each manager's dashboard (digest.ts).
    jobs: ({ config }) => [weeklyDigestJob(registry, config.appUrl)],
  });
};

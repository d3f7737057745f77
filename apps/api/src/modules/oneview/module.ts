import { defineModule } from '../../platform/module.ts';
import type { ServerWidget } from '../../platform/widgets.ts';
import { oneviewRoutes } from './routes.ts';
import { widgetRegistry } from './widgets.ts';

/**
 * OneView, the home dashboard. It shows the widgets other modules declare (their descriptors'
 * `widgets`), which src/modules.ts collects and hands over here, so this module imports none of them.
 */
export const createOneviewModule = (widgets: readonly ServerWidget[]) => {
  const registry = widgetRegistry(widgets);
  return defineModule({
    name: 'oneview',
    routes: (api, { db, uploads, apiPrefix }) =>
      oneviewRoutes(api, db, uploads, apiPrefix, registry),
  });
};

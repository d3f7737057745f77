import { defineModule } from '../../platform/module.ts';
import { timeoffWidgets } from './widgets.ts';
import { timeoffRoutes } from './routes.ts';

export const timeoffModule = defineModule({
  name: 'timeoff',
  routes: (api, { db }) => timeoffRoutes(api, db),
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: timeoffWidgets,
});

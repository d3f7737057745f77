import { defineModule } from '../../platform/module.ts';
import { hrDashboardWidgets } from './widgets.ts';
import { hrDashboardRoutes } from './routes.ts';

export const hrDashboardModule = defineModule({
  name: 'hr-dashboard',
  permissions: ['read_hr_dashboard'],
  routes: (api, { db }) => hrDashboardRoutes(api, db),
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: hrDashboardWidgets,
});

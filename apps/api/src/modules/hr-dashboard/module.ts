import { defineModule } from '../../platform/module.ts';
import { hrDashboardRoutes } from './routes.ts';

export const hrDashboardModule = defineModule({
  name: 'hr-dashboard',
  routes: (api, { db }) => hrDashboardRoutes(api, db),
});

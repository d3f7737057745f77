import { defineModule } from '../../platform/module.ts';
import { timesheetRoutes } from './routes.ts';

export const timesheetsModule = defineModule({
  name: 'timesheets',
  routes: (api, { db }) => timesheetRoutes(api, db),
});

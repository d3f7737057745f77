import { defineModule } from '../../platform/module.ts';
import { correctionRequested } from '../hr/hooks.ts';
import { queueAutoClockoutCorrection } from './corrections.ts';
import { timesheetRoutes } from './routes.ts';
import { timesheetWidgets } from './widgets.ts';

export const timesheetsModule = defineModule({
  name: 'timesheets',
  permissions: ['read_hr_timesheets', 'write_hr_timesheets'],
  routes: (api, { db }) => timesheetRoutes(api, db),
  // An auto clock-out correction request queues its correction here, in the request's transaction.
  connect: () => correctionRequested.register('timesheets', queueAutoClockoutCorrection),
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: timesheetWidgets,
});

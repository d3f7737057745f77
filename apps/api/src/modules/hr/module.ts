import { defineModule } from '../../platform/module.ts';
import { autoClockoutJob } from './auto-clockout.ts';
import { hrRoutes } from './routes.ts';

export const hrModule = defineModule({
  name: 'hr',
  routes: (api, { db, uploads }) => hrRoutes(api, db, uploads),
  // HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: 0 turns the auto clock-out off.
  jobs: ({ config }) => {
    const every = config.HR_AUTO_CLOCKOUT_INTERVAL_SECONDS;
    return every > 0 ? [autoClockoutJob(every)] : [];
  },
});

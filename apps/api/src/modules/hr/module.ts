import { defineModule } from '../../platform/module.ts';
import { autoClockoutJob } from './auto-clockout.ts';
import { seedHrDemo } from './demo.ts';
import { hrDatasets } from './datasets.ts';
import { hrRoutes } from './routes.ts';
import { attachEmployeeRecords } from './employees.ts';
import { userCreated, usersImported } from '../users/hooks.ts';

export const hrModule = defineModule({
  name: 'hr',
  permissions: [
    'is_clockin_pop_up_required',
    'write_hr_clockin',
    'write_hr_clockin_web',
    'read_hr_settings',
    'write_hr_settings',
    'read_hr_timecards',
    'read_employees',
    'write_employees',
    'read_hr_reports',
  ],
  routes: (api, { db, uploads }) => hrRoutes(api, db, uploads),
  // One person, one record: a user created under Users (or imported) is an employee at once.
  connect: () => {
    userCreated.register('hr', (tx, user) =>
      attachEmployeeRecords(tx, user.companyId, [user.userId]),
    );
    usersImported.register('hr', (tx, companyId, imported) =>
      attachEmployeeRecords(
        tx,
        companyId,
        imported.map((person) => person.userId),
      ),
    );
  },
  demo: ({ tx, companyId }) => seedHrDemo(tx, companyId),
  /** Its reporting datasets (modules/reporting charts them). */
  datasets: hrDatasets,
  // HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: 0 turns the auto clock-out off.
  jobs: ({ config }) => {
    const every = config.HR_AUTO_CLOCKOUT_INTERVAL_SECONDS;
    return every > 0 ? [autoClockoutJob(every)] : [];
  },
});

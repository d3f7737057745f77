import { defineModule } from '../../platform/module.ts';
import { roleRemoving } from '../access/hooks.ts';
import { refuseHeldRole } from './role-holders.ts';
import { userRoutes } from './routes.ts';
import { securityEventRoutes } from './security-events.ts';
import { userService } from './services.ts';
import { usersDatasets } from './datasets.ts';

export const usersModule = defineModule({
  name: 'users',
  resources: [userService],
  routes: (api, { db }) => {
    userRoutes(api, db);
    securityEventRoutes(api, db);
  },
  connect: () => roleRemoving.register('users', refuseHeldRole),
  /** Its reporting datasets (modules/reporting charts them). */
  datasets: usersDatasets,
});

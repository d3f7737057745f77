import { defineModule } from '../../platform/module.ts';
import { usersImported } from '../users/hooks.ts';
import { assignImportedStores } from './imported.ts';
import { assignmentRoutes } from './routes.ts';
import { userStoreService, userRegionService, userDistrictService } from './services.ts';

export const assignmentsModule = defineModule({
  name: 'assignments',
  resources: [userStoreService, userRegionService, userDistrictService],
  routes: (api, { db }) => assignmentRoutes(api, db),
  connect: () => usersImported.register('assignments', assignImportedStores),
});

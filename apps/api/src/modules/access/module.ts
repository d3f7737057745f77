import { defineModule } from '../../platform/module.ts';
import { accessRoutes } from './routes.ts';
import { roleService, permissionGroupService } from './services.ts';

export const accessModule = defineModule({
  name: 'access',
  resources: [roleService, permissionGroupService],
  routes: (api, { db }) => accessRoutes(api, db),
});

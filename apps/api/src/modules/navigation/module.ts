import { defineModule } from '../../platform/module.ts';
import { navigationRoutes } from './routes.ts';
import { navigationSidebar } from './sidebar-defaults.ts';
import { sidebarItemService, requiredFieldService, embedService } from './services.ts';

export const navigationModule = defineModule({
  name: 'navigation',
  resources: [sidebarItemService, requiredFieldService, embedService],
  routes: (api, { db }) => navigationRoutes(api, db),
  sidebar: navigationSidebar,
});

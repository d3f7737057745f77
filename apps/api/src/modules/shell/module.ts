import { defineModule } from '../../platform/module.ts';
import { shellRoutes } from './routes.ts';

export const shellModule = defineModule({
  name: 'shell',
  permissions: ['can_access_lotus_resources'],
  routes: (api, { db }) => shellRoutes(api, db),
});

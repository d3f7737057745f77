import { defineModule } from '../../platform/module.ts';
import { shellRoutes } from './routes.ts';

export const shellModule = defineModule({
  name: 'shell',
  routes: (api, { db }) => shellRoutes(api, db),
});

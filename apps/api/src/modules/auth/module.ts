import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './routes.ts';

export const authModule = defineModule({
  name: 'auth',
  routes: (api, { db, config }) => authRoutes(api, db, config),
});

import { defineModule } from '../../platform/module.ts';
import { userRoutes } from './routes.ts';
import { userService } from './services.ts';

export const usersModule = defineModule({
  name: 'users',
  resources: [userService],
  routes: (api, { db }) => userRoutes(api, db),
});

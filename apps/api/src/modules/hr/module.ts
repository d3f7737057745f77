import { defineModule } from '../../platform/module.ts';
import { hrRoutes } from './routes.ts';

export const hrModule = defineModule({
  name: 'hr',
  routes: (api, { db, uploads, config }) => hrRoutes(api, db, uploads, config),
});

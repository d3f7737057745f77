import { defineModule } from '../../platform/module.ts';
import { mailRoutes } from './routes.ts';

export const mailModule = defineModule({
  name: 'mail',
  routes: (api, { db, config }) => mailRoutes(api, db, config),
});

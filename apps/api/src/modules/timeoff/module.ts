import { defineModule } from '../../platform/module.ts';
import { timeoffRoutes } from './routes.ts';

export const timeoffModule = defineModule({
  name: 'timeoff',
  routes: (api, { db }) => timeoffRoutes(api, db),
});

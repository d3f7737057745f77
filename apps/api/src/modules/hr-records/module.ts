import { defineModule } from '../../platform/module.ts';
import { recordRoutes } from './routes.ts';

export const hrRecordsModule = defineModule({
  name: 'hr-records',
  routes: (api, { db, uploads }) => recordRoutes(api, db, uploads),
});

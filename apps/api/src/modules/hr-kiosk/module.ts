import { defineModule } from '../../platform/module.ts';
import { kioskRoutes } from './routes.ts';

export const hrKioskModule = defineModule({
  name: 'hr-kiosk',
  routes: (api, { db }) => kioskRoutes(api, db),
});

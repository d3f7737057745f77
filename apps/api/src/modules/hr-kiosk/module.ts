import { defineModule } from '../../platform/module.ts';
import { kioskService } from './kiosk.ts';
import { kioskRoutes } from './routes.ts';

export const hrKioskModule = defineModule({
  name: 'hr-kiosk',
  resources: [kioskService],
  permissions: ['write_hr_kiosks'],
  routes: (api, { db }) => kioskRoutes(api, db),
});

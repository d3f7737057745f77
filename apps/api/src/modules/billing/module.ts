import { defineModule } from '../../platform/module.ts';
import { billingRoutes } from './routes.ts';
import { taxInfoService } from './services.ts';

export const billingModule = defineModule({
  name: 'billing',
  permissions: ['read_payment_accounts', 'write_payment_accounts'],
  resources: [taxInfoService],
  routes: (api, { db }) => billingRoutes(api, db),
});

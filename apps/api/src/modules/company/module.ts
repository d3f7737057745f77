import { defineModule } from '../../platform/module.ts';
import { companyRoutes } from './routes.ts';
import { companyAssetService, companyCarrierService } from './services.ts';

export const companyModule = defineModule({
  name: 'company',
  permissions: ['can_edit_own_company_settings'],
  resources: [companyAssetService, companyCarrierService],
  routes: (api, { db, uploads }) => companyRoutes(api, db, uploads),
});

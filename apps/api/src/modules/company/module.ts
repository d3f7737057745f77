import { defineModule } from '../../platform/module.ts';
import { seedAssetDemo } from './demo.ts';
import { companyRoutes } from './routes.ts';
import { companyAssetService, companyCarrierService } from './services.ts';

export const companyModule = defineModule({
  name: 'company',
  permissions: ['can_edit_own_company_settings'],
  resources: [companyAssetService, companyCarrierService],
  routes: (api, { db, uploads }) => companyRoutes(api, db, uploads),
  sidebar: [
    {
      name: 'Asset Tracker',
      route: '/asset-tracker',
      icon: 'inventory',
      permission: 'read_company_assets',
      order: 6,
    },
  ],
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedAssetDemo(tx, companyId);
  },
});

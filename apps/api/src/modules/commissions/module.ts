import { defineModule } from '../../platform/module.ts';
import { seedCommissionsDemo } from './demo.ts';
import { carrierRateService, commissionPlanService } from './plans.ts';
import { commissionRoutes } from './routes.ts';

/**
 * Commissions (issue 17 item 11): plans per role and category (versioned), a month's commission
 * lines computed from the sales and activations, closed periods, statements and their export; and
 * /commission-processing, carrier statements matched to the activations.
 */
export const commissionsModule = defineModule({
  name: 'commissions',
  resources: [commissionPlanService, carrierRateService],
  permissions: [
    'read_commissions',
    'write_commissions',
    'read_carrier_statements',
    'write_carrier_statements',
  ],
  routes: (api, { db }) => commissionRoutes(api, db),
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedCommissionsDemo(tx, companyId);
  },
  sidebar: [
    {
      name: 'Commissions',
      route: null,
      icon: 'attach_money',
      permission: null,
      order: 41,
      children: [
        { name: 'My Commissions', route: '/commissions/my', icon: 'person', permission: null },
        {
          name: 'Team Commissions',
          route: '/commissions/statements',
          icon: 'people',
          permission: 'read_commissions',
        },
        {
          name: 'Commission Plans',
          route: '/commission-plans',
          icon: 'settings',
          permission: 'read_commission_plans',
        },
        {
          name: 'Commission Processing',
          route: '/commission-processing',
          icon: 'assignment',
          permission: 'read_carrier_statements',
        },
        {
          name: 'Carrier Rates',
          route: '/commission-processing/rates',
          icon: 'receipt',
          permission: 'read_commission_carrier_rates',
        },
      ],
    },
  ],
});

import { defineModule } from '../../platform/module.ts';
import { b2bBulkRoutes } from './bulk.ts';
import { seedB2BDemo } from './demo.ts';
import { b2bAccountService, b2bInvoiceService } from './services.ts';

/**
 * B2B (issue 17 item 8): business accounts (company name, tax id, billing contact, terms) and the
 * invoices a store rings up for them, paid over time; bulk upload and update of invoices.
 */
export const b2bModule = defineModule({
  name: 'b2b',
  resources: [b2bAccountService, b2bInvoiceService],
  routes: (api, { db }) => b2bBulkRoutes(api, db),
  sidebar: [
    {
      name: 'B2B',
      route: null,
      icon: 'store',
      permission: 'read_b2b_invoices',
      order: 41,
      children: [
        {
          name: 'B2B Sale',
          route: '/b2b-sale',
          icon: 'shopping_cart',
          permission: 'write_b2b_invoices',
        },
        {
          name: 'B2B Invoices',
          route: '/b2b-sales/invoices',
          icon: 'receipt',
          permission: 'read_b2b_invoices',
        },
        {
          name: 'Business Accounts',
          route: '/b2b-sales/accounts',
          icon: 'people',
          permission: 'read_b2b_accounts',
        },
      ],
    },
  ],
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedB2BDemo(tx, companyId);
  },
});

import { defineModule } from '../../platform/module.ts';
import { secretBoxFor } from '../../platform/secrets.ts';
import { activationService, useSecretBox } from './activations.ts';
import { customerService } from './customers.ts';
import { saleDependencyService } from './dependencies.ts';
import { pinExpiryJob } from './pin-expiry.ts';
import { seedSalesDemo } from './demo.ts';
import { saleReturnService } from './returns.ts';
import { saleService } from './sales.ts';
import { salesReportRoutes } from './reports.ts';
import { invoiceBulkRoutes } from './invoices.ts';
import { quicksnapRoutes } from './quicksnap.ts';
import { salesDatasets } from './datasets.ts';
import { salesWidgets } from './widgets.ts';

/**
 * Retail sales at the counter (issue 17): customers, sales with lines (held, completed by split
 * payments, serialised units leaving stock), activations (sealed transfer PIN), returns by type,
 * the sales center's day at a store, and the sales reports.
 */
export const salesModule = defineModule({
  name: 'sales',
  resources: [
    customerService,
    saleService,
    activationService,
    saleReturnService,
    saleDependencyService,
  ],
  permissions: ['override_sale_returns', 'read_sales_reports'],
  routes: (api, { db }) => {
    salesReportRoutes(api, db);
    invoiceBulkRoutes(api, db);
    quicksnapRoutes(api, db);
  },
  connect: ({ config }) => useSecretBox(secretBoxFor(config)),
  jobs: () => [pinExpiryJob],
  sidebar: [
    {
      name: 'Sales',
      route: null,
      icon: 'receipt',
      permission: 'read_sales',
      order: 40,
      children: [
        {
          name: 'Sales Center',
          route: '/sales-center',
          icon: 'dashboard',
          permission: 'read_sales',
        },
        {
          name: 'Simple Sale',
          route: '/simple-sale',
          icon: 'shopping_cart',
          permission: 'write_sales',
        },
        {
          name: 'Feature Add-on',
          route: '/features-addons-sale',
          icon: 'shopping_cart',
          permission: 'write_sales',
        },
        { name: 'Activation', route: '/activation', icon: 'apps', permission: 'write_activations' },
        { name: 'Invoices', route: '/pos/invoices', icon: 'receipt', permission: 'read_sales' },
        {
          name: 'Quicksnap Invoice',
          route: '/quicksnap-invoice',
          icon: 'shopping_cart',
          permission: 'write_sales',
        },
        {
          name: 'Invoice Bulk Files',
          route: '/pos/invoices/bulk-upload',
          icon: 'assignment',
          permission: 'write_sales',
        },
        { name: 'Customers', route: '/customers', icon: 'people', permission: 'read_customers' },
        {
          name: 'Returns & Refunds',
          route: '/returns-refunds',
          icon: 'assignment',
          permission: 'read_sale_returns',
        },
        {
          name: 'Sales Reports',
          route: '/sales-reports',
          icon: 'assessment',
          permission: 'read_sales_reports',
        },
        {
          name: 'Sales Details',
          route: '/sales-details-reports',
          icon: 'assessment',
          permission: 'read_sales_reports',
        },
        {
          name: 'Sales Metrics',
          route: '/sales-metrics-reports',
          icon: 'assessment',
          permission: 'read_sales_reports',
        },
        {
          name: 'Sale Dependencies',
          route: '/admin/sale-dependencies/existing',
          icon: 'settings',
          permission: 'read_sale_dependencies',
        },
      ],
    },
  ],
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedSalesDemo(tx, companyId);
  },
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: salesWidgets,
  /** Its reporting datasets (modules/reporting charts them). */
  datasets: salesDatasets,
});

import { defineModule } from '../../platform/module.ts';
import { seedBillPayDemo } from './demo.ts';
import { billPayRoutes, billPaymentService } from './payments.ts';
import { providerFor } from './provider.ts';

/**
 * Bill pay and prepaid (issue 17 item 6): carrier bills and prepaid refills / PIN cards paid at the
 * counter, sent through the configured provider (the local test provider by default) once per
 * idempotency key.
 */
export const billPayModule = defineModule({
  name: 'billpay',
  resources: [billPaymentService],
  routes: (api, { db, config }) => billPayRoutes(api, db, providerFor(config)),
  sidebar: [
    {
      name: 'Bill Pay',
      route: null,
      icon: 'receipt',
      permission: 'read_bill_payments',
      order: 41,
      children: [
        {
          name: 'Pay a Bill',
          route: '/billpay/new',
          icon: 'shopping_cart',
          permission: 'write_bill_payments',
        },
        {
          name: 'Prepaid Refill',
          route: '/incomm',
          icon: 'shopping_cart',
          permission: 'write_bill_payments',
        },
        {
          name: 'Bill Payments',
          route: '/billpay',
          icon: 'receipt',
          permission: 'read_bill_payments',
        },
      ],
    },
  ],
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedBillPayDemo(tx, companyId);
  },
});

// The app's one list of domain modules (docs/ARCHITECTURE.md, "Modules"). Adding a module is a
// folder under modules/ with a module.ts descriptor, plus one line here.
import type { PortalModule } from './platform/module.ts';
import { organisationModule } from './modules/organisation/module.ts';
import { accessModule } from './modules/access/module.ts';
import { usersModule } from './modules/users/module.ts';
import { authModule } from './modules/auth/module.ts';
import { mailModule } from './modules/mail/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { navigationModule } from './modules/navigation/module.ts';
import { assignmentsModule } from './modules/assignments/module.ts';
import { catalogModule } from './modules/catalog/module.ts';
import { ordersModule } from './modules/orders/module.ts';
import { inventoryModule } from './modules/inventory/module.ts';
import { purchasingModule } from './modules/purchasing/module.ts';
import { placesModule } from './modules/places/module.ts';
import { stockModule } from './modules/stock/module.ts';
import { salesModule } from './modules/sales/module.ts';
import { b2bModule } from './modules/b2b/module.ts';
import { replenishmentModule } from './modules/replenishment/module.ts';
import { billPayModule } from './modules/billpay/module.ts';
import { commissionsModule } from './modules/commissions/module.ts';
import { supportModule } from './modules/support/module.ts';
import { contactModule } from './modules/contact/module.ts';
import { ticketsModule } from './modules/tickets/module.ts';
import { communicationsModule } from './modules/communications/module.ts';
import { billingModule } from './modules/billing/module.ts';
import { companyModule } from './modules/company/module.ts';
import { fieldsModule } from './modules/fields/module.ts';
import { schedulingModule } from './modules/scheduling/module.ts';
import { shellModule } from './modules/shell/module.ts';
import { hrModule } from './modules/hr/module.ts';
import { hrFaceModule } from './modules/hr-face/module.ts';
import { hrKioskModule } from './modules/hr-kiosk/module.ts';
import { hrRecordsModule } from './modules/hr-records/module.ts';
import { timeoffModule } from './modules/timeoff/module.ts';
import { timesheetsModule } from './modules/timesheets/module.ts';
import { hrDashboardModule } from './modules/hr-dashboard/module.ts';
import { createOneviewModule } from './modules/oneview/module.ts';
import { createReportingModule } from './modules/reporting/module.ts';

const reportingModule = createReportingModule([
  ...hrModule.datasets,
  ...timeoffModule.datasets,
  ...usersModule.datasets,
  ...organisationModule.datasets,
  ...salesModule.datasets,
  ...ordersModule.datasets,
]);

export const modules: readonly PortalModule[] = [
  // First, so its sidebar item is seeded first (the menu sorts by order, then id; it shares order 0
  // with Users). It shows the widgets the modules below declare (and reporting's saved charts),
  // handed over here.
  createOneviewModule(
    [
      ...hrDashboardModule.widgets,
      ...timesheetsModule.widgets,
      ...timeoffModule.widgets,
      ...salesModule.widgets,
      ...ordersModule.widgets,
      ...ticketsModule.widgets,
      ...communicationsModule.widgets,
    ],
    reportingModule.widgetSources,
  ),
  organisationModule,
  accessModule,
  usersModule,
  authModule,
  mailModule,
  notificationsModule,
  navigationModule,
  assignmentsModule,
  catalogModule,
  ordersModule,
  inventoryModule,
  purchasingModule,
  placesModule,
  stockModule,
  salesModule,
  b2bModule,
  replenishmentModule,
  billPayModule,
  commissionsModule,
  ticketsModule,
  communicationsModule,
  supportModule,
  contactModule,
  billingModule,
  companyModule,
  fieldsModule,
  schedulingModule,
  shellModule,
  hrModule,
  hrFaceModule,
  hrKioskModule,
  hrRecordsModule,
  timeoffModule,
  timesheetsModule,
  hrDashboardModule,
  // Last: it charts the datasets the modules above declare.
  reportingModule,
];

/**
 * Every resource served by the generic engine, from the modules' descriptors: the app mounts each
 * one's standard routes and the generic API test suite (test/api/resources.test.ts) runs over each.
 */
export const resourceServices = modules.flatMap((module) => module.resources ?? []);

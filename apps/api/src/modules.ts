// The app's one list of domain modules (docs/ARCHITECTURE.md, "Modules"). Adding a module is a
// folder under modules/ with a module.ts descriptor, plus one line here.
import type { PortalModule } from './platform/module.ts';
import { organisationModule } from './modules/organisation/module.ts';
import { accessModule } from './modules/access/module.ts';
import { usersModule } from './modules/users/module.ts';
import { authModule } from './modules/auth/module.ts';
import { mailModule } from './modules/mail/module.ts';
import { navigationModule } from './modules/navigation/module.ts';
import { assignmentsModule } from './modules/assignments/module.ts';
import { catalogModule } from './modules/catalog/module.ts';
import { ordersModule } from './modules/orders/module.ts';
import { supportModule } from './modules/support/module.ts';
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

export const modules: readonly PortalModule[] = [
  organisationModule,
  accessModule,
  usersModule,
  authModule,
  mailModule,
  navigationModule,
  assignmentsModule,
  catalogModule,
  ordersModule,
  supportModule,
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
  // Last: OneView shows the widgets the modules above declare.
  createOneviewModule([
    ...hrDashboardModule.widgets,
    ...timesheetsModule.widgets,
    ...timeoffModule.widgets,
  ]),
];

/**
 * Every resource served by the generic engine, from the modules' descriptors: the app mounts each
 * one's standard routes and the generic API test suite (test/api/resources.test.ts) runs over each.
 */
export const resourceServices = modules.flatMap((module) => module.resources ?? []);

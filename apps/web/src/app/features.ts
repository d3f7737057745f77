// The web app's one list of features (docs/ARCHITECTURE.md, "How to add a module"): each exports
// its signed-in routes as one descriptor (features/<name>/routes.tsx); adding a feature is one line
// here. app/router.tsx loads this list, and so every route table, on the first signed-in path.
import type { WebFeature } from '../platform/feature.ts';
import { adminFeature } from '../features/admin/routes.tsx';
import { assetsFeature } from '../features/assets/routes.tsx';
import { authFeature } from '../features/auth/routes.tsx';
import { catalogFeature } from '../features/catalog/routes.tsx';
import { contactFeature } from '../features/contact/routes.tsx';
import { ordersFeature } from '../features/orders/routes.tsx';
import { replenishmentFeature } from '../features/replenishment/routes.tsx';
import { purchasingFeature } from '../features/purchasing/routes.tsx';
import { stockFeature } from '../features/stock/routes.tsx';
import { embedsFeature } from '../features/embeds/routes.tsx';
import { hrFeature } from '../features/hr/routes.tsx';
import { navigationFeature } from '../features/navigation/routes.tsx';
import { notificationsFeature } from '../features/notifications/routes.tsx';
import { oneviewFeature } from '../features/oneview/routes.tsx';
import { reportingFeature } from '../features/reporting/routes.tsx';
import { ticketsFeature } from '../features/tickets/routes.tsx';
import { communicationsFeature } from '../features/communications/routes.tsx';
import { salesFeature } from '../features/sales/routes.tsx';
import { commissionsFeature } from '../features/commissions/routes.tsx';
import { billPayFeature } from '../features/billpay/routes.tsx';
import { b2bFeature } from '../features/b2b/routes.tsx';

export const features: readonly WebFeature[] = [
  authFeature,
  navigationFeature,
  embedsFeature,
  reportingFeature,
  hrFeature,
  adminFeature,
  assetsFeature,
  catalogFeature,
  ordersFeature,
  replenishmentFeature,
  purchasingFeature,
  stockFeature,
  oneviewFeature,
  contactFeature,
  notificationsFeature,
  ticketsFeature,
  communicationsFeature,
  salesFeature,
  commissionsFeature,
  billPayFeature,
  b2bFeature,
];

// The web app's one list of features (docs/ARCHITECTURE.md, "How to add a module"): each exports
// its signed-in routes as one descriptor (features/<name>/routes.tsx); adding a feature is one
// entry here. A feature's route table is a chunk of its own, loaded by app/router.tsx the first
// time a path under one of its first segments is visited, so a visit to /oneview loads OneView's
// routes and no other feature's. test/unit/feature-routes.test.ts checks each list of segments
// against the paths its table declares.
import { homeRouteFor } from '@portal/contract/home-screens';
import type { WebFeature } from '../platform/feature.ts';

export interface FeatureRouteTable {
  /** The first segment of every path the feature's routes declare ('hr' for /hr/dashboard/:id). */
  segments: readonly string[];
  load: () => Promise<WebFeature>;
}

export const featureRouteTables: readonly FeatureRouteTable[] = [
  {
    segments: ['account', 'mobile-pin-update'],
    load: async () => (await import('../features/auth/routes.tsx')).authFeature,
  },
  {
    segments: ['drag'],
    load: async () => (await import('../features/navigation/routes.tsx')).navigationFeature,
  },
  {
    segments: [
      'e',
      'embed',
      'engage',
      'real-estate',
      'lotus-drive',
      'real-time',
      'iverify',
      'membership-services',
    ],
    load: async () => (await import('../features/embeds/routes.tsx')).embedsFeature,
  },
  {
    segments: ['reporting', 'user-reporting', 'daily-snapshot', 'organization-chart'],
    load: async () => (await import('../features/reporting/routes.tsx')).reportingFeature,
  },
  {
    segments: ['hr', 'employees'],
    load: async () => (await import('../features/hr/routes.tsx')).hrFeature,
  },
  {
    segments: [
      'companies',
      'admin-company-settings',
      'new-company',
      'regions',
      'districts',
      'admin-location-settings',
      'stores',
      'admin-role-settings',
      'roles',
      'admin-roles',
      'permission-groups',
      'users',
      'admin',
      'sidebar-items',
      'settings',
      'userstores',
      'user-regions',
      'user-districts',
      'categories',
      'embedded-links',
      'supporttickettypes',
      'support-tickets',
      'taxes',
      'company-assets',
      'company-carriers',
      'csv-upload',
      'user-bulk-upload',
      'my-company-settings',
      'company-documents',
      'security-events',
    ],
    load: async () => (await import('../features/admin/routes.tsx')).adminFeature,
  },
  {
    segments: ['asset-tracker'],
    load: async () => (await import('../features/assets/routes.tsx')).assetsFeature,
  },
  {
    segments: [
      'adjustment-reasons',
      'manufacturers',
      'products',
      'accessories',
      'orders',
      'device-type-fields',
      'accessory-orders',
    ],
    load: async () => (await import('../features/catalog/routes.tsx')).catalogFeature,
  },
  {
    segments: [
      'shop',
      'cart',
      'csv-order',
      'price-adjustment',
      'accessory-recon-upload',
      'unfulfilled-orders',
      'fulfilled-orders',
      'reports',
      'fulfill-order',
      'receive-order',
      'product-serials',
    ],
    load: async () => (await import('../features/orders/routes.tsx')).ordersFeature,
  },
  {
    segments: ['static-accessories', 'stock-minimums', 'suggested-order'],
    load: async () => (await import('../features/replenishment/routes.tsx')).replenishmentFeature,
  },
  {
    segments: [
      'inventory',
      'inventory-purchase-orders',
      'inventory-purchase-order-receipt',
      'inventory-purchase-order',
    ],
    load: async () => (await import('../features/purchasing/routes.tsx')).purchasingFeature,
  },
  {
    segments: ['inventory'],
    load: async () => (await import('../features/stock/routes.tsx')).stockFeature,
  },
  {
    segments: ['oneview', 'oneview-admin-panel'],
    load: async () => (await import('../features/oneview/routes.tsx')).oneviewFeature,
  },
  {
    segments: ['contact-us-messages'],
    load: async () => (await import('../features/contact/routes.tsx')).contactFeature,
  },
  {
    segments: ['notifications', 'user', 'mail-reports', 'sms-reports'],
    load: async () => (await import('../features/notifications/routes.tsx')).notificationsFeature,
  },
  {
    segments: ['ticket-center', 'task-tickets', 'sla-tracker', 'task-center', 'ticket-templates'],
    load: async () => (await import('../features/tickets/routes.tsx')).ticketsFeature,
  },
  {
    segments: ['communications', 'lists'],
    load: async () => (await import('../features/communications/routes.tsx')).communicationsFeature,
  },
  {
    segments: [
      'sales-center',
      'sale-confirmation',
      'returns-refunds',
      'activation',
      'pos',
      'quicksnap-invoice',
      'ev-invoice',
      'sales-reports',
      'sales-report',
      'sales-details-reports',
      'sales-details-reports-mc',
      'sales-metrics-reports',
      'sales-metric-report',
      'sales-engagement',
      'customers',
      'simple-sale',
      'feature-add-on',
      'features-addons-sale',
      'activations',
      'admin',
    ],
    load: async () => (await import('../features/sales/routes.tsx')).salesFeature,
  },
  {
    segments: ['commissions', 'commission-processing', 'commission-plans'],
    load: async () => (await import('../features/commissions/routes.tsx')).commissionsFeature,
  },
  {
    segments: ['incomm', 'incomm-thank-you', 'billpay'],
    load: async () => (await import('../features/billpay/routes.tsx')).billPayFeature,
  },
  {
    segments: ['b2b-sales', 'b2b-sale'],
    load: async () => (await import('../features/b2b/routes.tsx')).b2bFeature,
  },
];

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** The route tables a path may need: those declaring its first segment (none for an unknown one). */
export const routeTablesFor = (path: string): FeatureRouteTable[] =>
  featureRouteTables.filter((table) => table.segments.includes(firstSegment(path)));

const loading = new Map<FeatureRouteTable, Promise<WebFeature>>();

/** Loads the route tables `path` needs, each once (and again after a failed load). */
export function loadRouteTables(path: string) {
  return Promise.all(
    routeTablesFor(path).map(async (table) => {
      let feature = loading.get(table);
      if (!feature) {
        feature = table.load();
        loading.set(table, feature);
        feature.catch(() => loading.delete(table));
      }
      return { table, feature: await feature };
    }),
  );
}

/** Starts loading the routes of the landing page `/` goes to (HomeRedirect), beside the frame. */
export function preloadLandingRoutes(homeScreen: string | null | undefined): void {
  // A failed load is tried again by the navigation that needs it.
  loadRouteTables(homeRouteFor(homeScreen ?? undefined)).catch(() => {});
}

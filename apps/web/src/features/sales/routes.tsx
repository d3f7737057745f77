import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { invoiceRoutes } from './invoice-routes.tsx';
import { activationReceiptPath, returnRulesPath, salesPaths } from './paths.ts';
import { salesReportPresets } from './sales-report-presets.ts';

const screens = () => import('./sales-screens.tsx');
const SalesCenterPage = lazyScreen(() => import('./SalesCenterPage.tsx'), 'SalesCenterPage');
const CustomerBulkUploadPage = lazyScreen(
  () => import('./CustomerBulkUploadPage.tsx'),
  'CustomerBulkUploadPage',
);
const SalesReportsPage = lazyScreen(() => import('./SalesReportsPage.tsx'), 'SalesReportsPage');
const ActivationReceiptPage = lazyScreen(
  () => import('./ActivationReceiptPage.tsx'),
  'ActivationReceiptPage',
);
const ReturnRulesPage = lazyScreen(() => import('./ReturnRulesPage.tsx'), 'ReturnRulesPage');
const SaleConfirmationPage = lazyScreen(
  () => import('./SaleConfirmationPage.tsx'),
  'SaleConfirmationPage',
);

/** Retail sales at the counter (issue 17): sales center, customers, sales, activations, returns,
 * sale dependencies, the sales reports. */
export const salesFeature = defineFeature({
  name: 'sales',
  signedInRoutes: [
    { path: '/sales-center', element: <SalesCenterPage /> },
    { path: '/sale-confirmation/:id', element: <SaleConfirmationPage /> },
    { path: returnRulesPath, element: <ReturnRulesPage /> },
    { path: activationReceiptPath, element: <ActivationReceiptPage /> },
    ...invoiceRoutes,
    // One screen; the path picks the preset (grouping, scope, range).
    ...salesReportPresets.map((preset) => ({ path: preset.path, element: <SalesReportsPage /> })),
    { path: '/customers/bulkupload', element: <CustomerBulkUploadPage /> },
    ...resourceRoutes(salesPaths.customers, async () => {
      const [{ customerScreens }, { CustomerViewPage }] = await Promise.all([
        screens(),
        import('./CustomerViewPage.tsx'),
      ]);
      return { ...customerScreens, View: CustomerViewPage };
    }),
    ...resourceRoutes(salesPaths.sales, async () => (await screens()).saleScreens),
    ...resourceRoutes(
      salesPaths.featureAddOns,
      async () => (await import('./feature-addon-screens.tsx')).featureAddOnScreens,
    ),
    ...resourceRoutes(salesPaths.activations, async () => (await screens()).activationScreens),
    ...resourceRoutes(salesPaths.returns, async () => (await screens()).returnScreens),
    ...resourceRoutes(
      salesPaths.saleDependencies,
      async () => (await import('./sale-dependency-screens.tsx')).saleDependencyScreens,
    ),
  ],
});

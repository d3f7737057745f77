import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { purchasingPaths as paths } from './paths.ts';

const screens = () => import('./purchasing-screens.tsx');
const places = () => import('./places-screens.tsx');
const payments = () => import('./payment-screens.tsx');
const ReceiveGoodsPage = lazyScreen(() => import('./ReceiveGoodsPage.tsx'), 'ReceiveGoodsPage');
const SkuSearchPage = lazyScreen(() => import('./SkuSearchPage.tsx'), 'SkuSearchPage');
const DiscrepancyPage = lazyScreen(() => import('./DiscrepancyPage.tsx'), 'DiscrepancyPage');
const PurchaseOrderEmailsPage = lazyScreen(
  () => import('./PurchaseOrderEmailsPage.tsx'),
  'PurchaseOrderEmailsPage',
);
const ApprovalSettingsPage = lazyScreen(
  () => import('./ApprovalSettingsPage.tsx'),
  'ApprovalSettingsPage',
);
const bills = () => import('./supplier-bill-screens.tsx');

/**
 * The buying side of the inventory app (issue 19): suppliers, vendors, purchase orders with
 * approval, receiving against an order, discrepancies, and the supplier's public discrepancy page.
 */
export const purchasingFeature = defineFeature({
  name: 'purchasing',
  signedInRoutes: [
    ...resourceRoutes(paths.suppliers, async () => (await screens()).supplierScreens),
    ...resourceRoutes(paths.vendors, async () => (await screens()).vendorScreens),
    ...resourceRoutes(paths.purchaseOrders, async () => (await screens()).purchaseOrderScreens),
    { path: paths.receiptCreate, element: <ReceiveGoodsPage /> },
    { path: paths.receiptEdit, element: <ReceiveGoodsPage /> },
    ...resourceRoutes(paths.receipts, async () => (await screens()).receiptScreens),
    ...resourceRoutes(
      paths.orderPayments,
      async () => (await payments()).purchaseOrderPaymentScreens,
    ),
    ...resourceRoutes(paths.receiptPayments, async () => (await payments()).receiptPaymentScreens),
    { path: paths.orderEmails, element: <PurchaseOrderEmailsPage /> },
    { path: paths.approvalSettings, element: <ApprovalSettingsPage /> },
    ...resourceRoutes(paths.supplierBills, async () => (await bills()).supplierBillScreens),
    { path: paths.discrepancies.view, element: <DiscrepancyPage /> },
    { path: paths.skuSearch, element: <SkuSearchPage /> },
    ...resourceRoutes(paths.warehouses, async () => (await places()).warehouseScreens),
    ...resourceRoutes(
      paths.customerWarehouses,
      async () => (await places()).customerWarehouseScreens,
    ),
    ...resourceRoutes(
      paths.internalInventory,
      async () => (await places()).internalInventoryScreens,
    ),
    ...resourceRoutes(paths.brands, async () => (await places()).brandScreens),
    ...resourceRoutes(paths.products, async () => (await places()).inventoryProductScreens),
    ...resourceRoutes(
      { ...paths.discrepancies, view: undefined },
      async () => (await screens()).discrepancyScreens,
    ),
  ],
});

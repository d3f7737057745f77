import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const FulfilOrderPage = lazyScreen(() => import('./OrderStockPages.tsx'), 'FulfilOrderPage');
const ReceiveOrderPage = lazyScreen(() => import('./OrderStockPages.tsx'), 'ReceiveOrderPage');
const ShopProductsPage = lazyScreen(() => import('./ShopPage.tsx'), 'ShopProductsPage');
const ShopAccessoriesPage = lazyScreen(() => import('./ShopPage.tsx'), 'ShopAccessoriesPage');
const ProductsCartPage = lazyScreen(() => import('./CartPage.tsx'), 'ProductsCartPage');
const AccessoriesCartPage = lazyScreen(() => import('./CartPage.tsx'), 'AccessoriesCartPage');
const CsvOrderPage = lazyScreen(() => import('./CsvOrderPage.tsx'), 'CsvOrderPage');
const PriceAdjustmentPage = lazyScreen(
  () => import('./PriceAdjustments.tsx'),
  'PriceAdjustmentPage',
);
const AccessoryReconPage = lazyScreen(
  () => import('./AccessoryReconPage.tsx'),
  'AccessoryReconPage',
);
const UnfulfilledOrdersPage = lazyScreen(
  () => import('./OrderQueuePages.tsx'),
  'UnfulfilledOrdersPage',
);
const OpenOrdersReportPage = lazyScreen(
  () => import('./WarehouseReportsPages.tsx'),
  'OpenOrdersReportPage',
);
const StockOnHandReportPage = lazyScreen(
  () => import('./WarehouseReportsPages.tsx'),
  'StockOnHandReportPage',
);
const FulfilmentTimeReportPage = lazyScreen(
  () => import('./WarehouseReportsPages.tsx'),
  'FulfilmentTimeReportPage',
);
const AdjustmentsReportPage = lazyScreen(
  () => import('./WarehouseReportsPages.tsx'),
  'AdjustmentsReportPage',
);
const InTransitReportPage = lazyScreen(
  () => import('./WarehouseReportsPages.tsx'),
  'InTransitReportPage',
);
const ProductSerialPage = lazyScreen(() => import('./ProductSerialPage.tsx'), 'ProductSerialPage');
const FulfilledOrdersPage = lazyScreen(
  () => import('./OrderQueuePages.tsx'),
  'FulfilledOrdersPage',
);

/**
 * Ordering from the warehouse: the shop and the carts (SPEC.md /shop/products, /shop/accessories,
 * /cart, /cart/accessories), the CSV order, the warehouse's queues, and stock work on an order
 * (the warehouse ships serials, the store receives them).
 */
export const ordersFeature = defineFeature({
  name: 'orders',
  signedInRoutes: [
    { path: '/shop/products', element: <ShopProductsPage /> },
    { path: '/shop/accessories', element: <ShopAccessoriesPage /> },
    { path: '/cart', element: <ProductsCartPage /> },
    { path: '/cart/accessories', element: <AccessoriesCartPage /> },
    { path: '/csv-order', element: <CsvOrderPage /> },
    { path: '/price-adjustment', element: <PriceAdjustmentPage /> },
    { path: '/accessory-recon-upload', element: <AccessoryReconPage /> },
    { path: '/unfulfilled-orders', element: <UnfulfilledOrdersPage /> },
    { path: '/fulfilled-orders', element: <FulfilledOrdersPage /> },
    { path: '/reports/open-orders', element: <OpenOrdersReportPage /> },
    { path: '/reports/stock-on-hand', element: <StockOnHandReportPage /> },
    { path: '/reports/fulfilment-time', element: <FulfilmentTimeReportPage /> },
    { path: '/reports/adjustments', element: <AdjustmentsReportPage /> },
    { path: '/reports/in-transit', element: <InTransitReportPage /> },
    { path: '/fulfill-order/:id', element: <FulfilOrderPage /> },
    { path: '/receive-order/:id', element: <ReceiveOrderPage /> },
    { path: '/product-serials', element: <ProductSerialPage /> },
  ],
});

import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { stockPaths as paths } from './paths.ts';

const screens = () => import('./stock-screens.tsx');
const StockBulkUploadPage = lazyScreen(() => import('./StockBulkPage.tsx'), 'StockBulkUploadPage');
const StockBulkUpdatePage = lazyScreen(() => import('./StockBulkPage.tsx'), 'StockBulkUpdatePage');

/**
 * Stock (issue 19 item 7): per warehouse and product, on hand, cost, value and reorder point with
 * the valuation above the list; movements with a reason on a record's view; bulk files.
 */
export const stockFeature = defineFeature({
  name: 'stock',
  signedInRoutes: [
    ...resourceRoutes(paths.records, async () => (await screens()).stockScreens),
    { path: paths.bulkUpload, element: <StockBulkUploadPage /> },
    { path: paths.bulkUpdate, element: <StockBulkUpdatePage /> },
  ],
});

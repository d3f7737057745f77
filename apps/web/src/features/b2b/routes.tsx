import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { b2bBulkPaths, b2bPaths, b2bPrintPath } from './paths.ts';

const screens = () => import('./b2b-screens.tsx');
const B2BBulkUploadPage = lazyScreen(() => import('./B2BBulkPage.tsx'), 'B2BBulkUploadPage');
const B2BBulkUpdatePage = lazyScreen(() => import('./B2BBulkPage.tsx'), 'B2BBulkUpdatePage');
const B2BInvoicePrintPage = lazyScreen(
  () => import('./B2BInvoicePrintPage.tsx'),
  'B2BInvoicePrintPage',
);

/** B2B (issue 17 item 8): invoices to business accounts, their bulk files, the accounts. */
export const b2bFeature = defineFeature({
  name: 'b2b',
  signedInRoutes: [
    { path: b2bBulkPaths.upload, element: <B2BBulkUploadPage /> },
    { path: b2bBulkPaths.update, element: <B2BBulkUpdatePage /> },
    { path: b2bPrintPath, element: <B2BInvoicePrintPage /> },
    ...resourceRoutes(b2bPaths.invoices, async () => (await screens()).b2bInvoiceScreens),
    ...resourceRoutes(b2bPaths.accounts, async () => (await screens()).b2bAccountScreens),
  ],
});

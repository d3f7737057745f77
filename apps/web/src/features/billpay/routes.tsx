import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { billPayPaths } from './paths.ts';

const IncommPage = lazyScreen(() => import('./IncommPage.tsx'), 'IncommPage');
const BillPayReceiptPage = lazyScreen(
  () => import('./BillPayReceiptPage.tsx'),
  'BillPayReceiptPage',
);

/** Bill pay and prepaid (issue 17 item 6): pay a bill, sell a refill, their receipts, the list. */
export const billPayFeature = defineFeature({
  name: 'billpay',
  signedInRoutes: [
    { path: billPayPaths.incomm, element: <IncommPage /> },
    { path: billPayPaths.incommThankYou, element: <BillPayReceiptPage /> },
    // The list is the engine's; paying and the receipt are this feature's own screens.
    ...resourceRoutes(billPayPaths.payments, async () => {
      const [{ billPayScreens }, { BillPayNewPage: Form }, { BillPayReceiptPage: View }] =
        await Promise.all([
          import('./billpay-screens.tsx'),
          import('./BillPayNewPage.tsx'),
          import('./BillPayReceiptPage.tsx'),
        ]);
      return { List: billPayScreens.List, Form, View };
    }),
  ],
});

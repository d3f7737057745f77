import { lazyScreen } from '../../platform/lazy-screen.ts';
import { invoiceBulkPaths, quicksnapInvoicePath } from './invoice-paths.ts';

const InvoiceBulkPage = lazyScreen(() => import('./InvoiceBulkPage.tsx'), 'InvoiceBulkPage');
const QuicksnapInvoicePage = lazyScreen(
  () => import('./QuicksnapInvoicePage.tsx'),
  'QuicksnapInvoicePage',
);
const InvoiceViewPage = lazyScreen(() => import('./InvoiceViewPage.tsx'), 'InvoiceViewPage');

/** Invoices (issue 17 item 7): the nine bulk file pages, the quicksnap invoice, the invoice view. */
export const invoiceRoutes = [
  ...invoiceBulkPaths.map((path) => ({ path, element: <InvoiceBulkPage /> })),
  { path: quicksnapInvoicePath, element: <QuicksnapInvoicePage /> },
  { path: '/ev-invoice/view/:id', element: <InvoiceViewPage /> },
];

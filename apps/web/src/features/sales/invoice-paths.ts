import {
  invoiceBulkKinds,
  invoiceFiles,
  type InvoiceBulkKind,
  type InvoiceFile,
} from '@portal/contract/resources/sale-invoice-files';

/** /pos/invoices/bulk-upload, /pos/accessory-items/bulk-delete, ...: a file's page of one kind. */
export const invoiceBulkPath = (file: InvoiceFile, kind: InvoiceBulkKind) =>
  `/pos/${file}/bulk-${kind}`;

/** The file and kind of a bulk page's path (the invoices upload for anything else). */
export function invoiceBulkPageOf(pathname: string): { file: InvoiceFile; kind: InvoiceBulkKind } {
  const [, , file, page] = pathname.split('/');
  return {
    file: invoiceFiles.find((each) => each === file) ?? 'invoices',
    kind: invoiceBulkKinds.find((each) => `bulk-${each}` === page) ?? 'upload',
  };
}

export const invoiceBulkPaths = invoiceFiles.flatMap((file) =>
  invoiceBulkKinds.map((kind) => invoiceBulkPath(file, kind)),
);

/** SPEC.md /quicksnap-invoice and /ev-invoice/view/{id}. */
export const quicksnapInvoicePath = '/quicksnap-invoice';
export const invoiceViewPath = (id: number | string) => `/ev-invoice/view/${String(id)}`;

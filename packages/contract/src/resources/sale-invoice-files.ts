/*
 * The invoice bulk files and kinds as plain constants, apart from sale-invoices.ts's zod schemas:
 * the web's route table (features/sales/invoice-paths.ts) uses them, and its first load should
 * not carry the schemas (or zod) with them.
 */

/** The three bulk files: imported invoices, and their accessory and feature lines. */
export const invoiceFiles = ['invoices', 'accessory-items', 'feature-items'] as const;
export type InvoiceFile = (typeof invoiceFiles)[number];
export const invoiceBulkKinds = ['upload', 'update', 'delete'] as const;
export type InvoiceBulkKind = (typeof invoiceBulkKinds)[number];

import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** SPEC.md section 2 "Sales": /b2b-sale rings up a B2B invoice; /b2b-sales/* list and show them. */
export const b2bPaths = {
  invoices: {
    list: '/b2b-sales/invoices',
    create: '/b2b-sale',
    edit: '/b2b-sales/edit/:id',
    view: '/b2b-sales/view/:id',
  },
  /** The business customers the invoices are billed to. */
  accounts: {
    list: '/b2b-sales/accounts',
    create: '/b2b-sales/accounts/new',
    edit: '/b2b-sales/accounts/edit/:id',
    view: '/b2b-sales/accounts/:id',
  },
} as const satisfies Record<string, ResourcePaths>;

export const b2bBulkPaths = {
  upload: '/b2b-sales/invoices/bulk-upload',
  update: '/b2b-sales/invoices/bulk-update',
} as const;

/** A B2B invoice laid out for printing, linked from its view. */
export const b2bPrintPath = '/b2b-sales/print/:id';

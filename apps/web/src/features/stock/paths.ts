import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** The stock screens' addresses (SPEC.md section 2, /inventory/stock); the SKU search is purchasing's. */
export const stockPaths = {
  records: {
    list: '/inventory/stock',
    aliases: ['/inventory/stock/list'],
    create: '/inventory/stock/create',
    edit: '/inventory/stock/edit/:id',
    view: '/inventory/stock/view/:id',
  },
  bulkUpload: '/inventory/stock/bulk-upload',
  bulkUpdate: '/inventory/stock/bulk-update',
} as const satisfies Record<string, ResourcePaths | string>;

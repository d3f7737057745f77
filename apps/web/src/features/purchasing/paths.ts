import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** The buying side's addresses (SPEC.md section 2, "Inventory app"): create and edit share one screen. */
export const purchasingPaths = {
  suppliers: {
    list: '/inventory/suppliers',
    create: '/inventory/suppliers/create',
    edit: '/inventory/suppliers/edit/:id',
    view: '/inventory/suppliers/view/:id',
  },
  vendors: {
    list: '/inventory/vendors',
    create: '/inventory/vendors/create',
    edit: '/inventory/vendors/edit/:id',
    view: '/inventory/vendors/view/:id',
  },
  purchaseOrders: {
    list: '/inventory-purchase-orders',
    create: '/inventory-purchase-orders/create',
    edit: '/inventory-purchase-orders/edit/:id',
    view: '/inventory-purchase-orders/view/:id',
  },
  /** The receipt's create screen is its own (receiving moves stock), beside the engine's list and view. */
  receipts: {
    list: '/inventory-purchase-order-receipt/list',
    aliases: ['/inventory-purchase-order-receipt'],
    view: '/inventory-purchase-order-receipt/view/:id',
  },
  receiptCreate: '/inventory-purchase-order-receipt/create',
  discrepancies: {
    list: '/inventory/purchase-order-receipt/discrepancy/list',
    create: '/inventory/purchase-order-receipt/discrepancy/form',
    edit: '/inventory/purchase-order-receipt/discrepancy/form/:id',
    view: '/inventory/purchase-order/receipt/discrepancy/:id',
  },
  publicDiscrepancy: '/public/purchase-order/receipt/discrepancy/:id',
  skuSearch: '/inventory/stock/sku-search',
} as const satisfies Record<string, ResourcePaths | string>;

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
  /** The same screen for a posted receipt: its note and reasons change (its stock is in). */
  receiptEdit: '/inventory-purchase-order-receipt/edit/:id',
  discrepancies: {
    list: '/inventory/purchase-order-receipt/discrepancy/list',
    create: '/inventory/purchase-order-receipt/discrepancy/form',
    edit: '/inventory/purchase-order-receipt/discrepancy/form/:id',
    view: '/inventory/purchase-order/receipt/discrepancy/:id',
  },
  orderPayments: {
    list: '/inventory-purchase-order/payment',
    aliases: ['/inventory-purchase-order/payment/list'],
    create: '/inventory-purchase-order/payment/create',
    edit: '/inventory-purchase-order/payment/edit/:id',
    view: '/inventory-purchase-order/payment/view/:id',
  },
  receiptPayments: {
    list: '/inventory-purchase-order/receipt/payment',
    aliases: ['/inventory-purchase-order/receipt/payment/list'],
    create: '/inventory-purchase-order/receipt/payment/create',
    edit: '/inventory-purchase-order/receipt/payment/edit/:id',
    view: '/inventory-purchase-order/receipt/payment/view/:id',
  },
  /** The three-way match: supplier bills against purchase orders (issue 19 item 6). */
  supplierBills: {
    list: '/inventory/supplier-bills',
    aliases: ['/inventory/supplier-bills/list'],
    create: '/inventory/supplier-bills/create',
    view: '/inventory/supplier-bills/view/:id',
  },
  /** SPEC.md: what was mailed to the supplier for one purchase order. */
  orderEmails: '/inventory/purchase-order/:id/emails',
  /** The company's approval limit and tiers (org settings). */
  approvalSettings: '/inventory/purchase-order/approval-settings',
  publicDiscrepancy: '/public/purchase-order/receipt/discrepancy/:id',
  skuSearch: '/inventory/stock/sku-search',
  warehouses: {
    list: '/inventory/warehouses',
    create: '/inventory/warehouses/create',
    edit: '/inventory/warehouses/edit/:id',
    view: '/inventory/warehouses/view/:id',
  },
  customerWarehouses: {
    list: '/inventory/customer-warehouses',
    aliases: ['/inventory/customer-warehouses/list'],
    create: '/inventory/customer-warehouses/create',
    edit: '/inventory/customer-warehouses/edit/:id',
    view: '/inventory/customer-warehouses/view/:id',
  },
  /** Internal inventory is kept as written: no edit screen (SPEC.md: list, create, view/:id). */
  internalInventory: {
    list: '/inventory/internal-inv',
    aliases: ['/inventory/internal-inv/list'],
    create: '/inventory/internal-inv/create',
    view: '/inventory/internal-inv/view/:id',
  },
  brands: {
    list: '/inventory/brands',
    create: '/inventory/brands/create',
    edit: '/inventory/brands/edit/:id',
    view: '/inventory/brands/view/:id',
  },
  products: {
    list: '/inventory/products',
    create: '/inventory/products/create',
    edit: '/inventory/products/edit/:id',
    view: '/inventory/products/view/:id',
  },
} as const satisfies Record<string, ResourcePaths | string>;

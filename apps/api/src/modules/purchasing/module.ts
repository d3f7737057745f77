import { defineModule } from '../../platform/module.ts';
import { serialRejections, warehouseRemoving } from '../inventory/hooks.ts';
import { supplierBillService } from './bills.ts';
import { seedPurchasingDemo } from './demo.ts';
import {
  commentService,
  discrepancyLinkHandler,
  discrepancyService,
  publicDiscrepancyRoutes,
} from './discrepancies.ts';
import { purchaseOrderPaymentService, receiptPaymentService } from './payments.ts';
import { addSerialRejections, receiptService } from './receipts.ts';
import { purchasingRoutes } from './routes.ts';
import { purchaseOrderService, supplierService, vendorService } from './services.ts';
import { supplierMailRoutes } from './supplier-mail.ts';
import { refuseWarehouseInUse } from './warehouse-guard.ts';

/**
 * The buying side of the inventory app (issue 19): suppliers and vendors, purchase orders with
 * approval above the company's limit or by its tiers, mailed to the supplier (each mail recorded),
 * receipts into the warehouse (all or nothing), discrepancies the supplier answers through a
 * secure public link, and supplier bills held by the three-way match until a credit releases them.
 */
export const purchasingModule = defineModule({
  name: 'purchasing',
  resources: [
    supplierService,
    vendorService,
    purchaseOrderService,
    receiptService,
    discrepancyService,
    commentService,
    purchaseOrderPaymentService,
    receiptPaymentService,
    supplierBillService,
  ],
  permissions: ['approve_purchase_orders'],
  routes: (api, { db, config }) => {
    api.publicLinks.handle(discrepancyLinkHandler);
    purchasingRoutes(api, db);
    supplierMailRoutes(api, db, config);
    publicDiscrepancyRoutes(api, db);
  },
  connect: () => {
    warehouseRemoving.register('purchasing', refuseWarehouseInUse);
    serialRejections.register('purchasing', addSerialRejections);
  },
  demo: (ctx) => seedPurchasingDemo(ctx),
  sidebar: [
    {
      name: 'Inventory',
      route: null,
      icon: 'folder',
      permission: 'read_purchase_orders',
      order: 6,
      children: [
        {
          name: 'Purchase Orders',
          route: '/inventory-purchase-orders',
          icon: 'receipt',
          permission: 'read_purchase_orders',
        },
        {
          name: 'Receipts',
          route: '/inventory-purchase-order-receipt/list',
          icon: 'assignment',
          permission: 'read_purchase_order_receipts',
        },
        {
          name: 'Purchase Order Payments',
          route: '/inventory-purchase-order/payment',
          icon: 'receipt',
          permission: 'read_purchase_order_payments',
        },
        {
          name: 'Receipt Payments',
          route: '/inventory-purchase-order/receipt/payment',
          icon: 'receipt',
          permission: 'read_receipt_payments',
        },
        {
          name: 'Supplier Bills',
          route: '/inventory/supplier-bills',
          icon: 'receipt',
          permission: 'read_supplier_bills',
        },
        {
          name: 'Purchase Order Approvals',
          route: '/inventory/purchase-order/approval-settings',
          icon: 'settings',
          permission: 'can_edit_own_company_settings',
        },
        {
          name: 'Discrepancies',
          route: '/inventory/purchase-order-receipt/discrepancy/list',
          icon: 'description',
          permission: 'read_receipt_discrepancies',
        },
        {
          name: 'Stock',
          route: '/inventory/stock',
          icon: 'assignment',
          permission: 'read_inventory_stock',
        },
        {
          name: 'Stock Bulk Upload',
          route: '/inventory/stock/bulk-upload',
          icon: 'assignment',
          permission: 'write_inventory_stock',
        },
        {
          name: 'Stock Bulk Update',
          route: '/inventory/stock/bulk-update',
          icon: 'assignment',
          permission: 'write_inventory_stock',
        },
        {
          name: 'SKU Search',
          route: '/inventory/stock/sku-search',
          icon: 'shopping_cart',
          permission: 'read_products',
        },
        {
          name: 'Suppliers',
          route: '/inventory/suppliers',
          icon: 'store',
          permission: 'read_suppliers',
        },
        {
          name: 'Vendors',
          route: '/inventory/vendors',
          icon: 'groups',
          permission: 'read_vendors',
        },
        {
          name: 'Warehouses',
          route: '/inventory/warehouses',
          icon: 'store',
          permission: 'read_warehouses',
        },
        {
          name: 'Customer Warehouses',
          route: '/inventory/customer-warehouses',
          icon: 'store',
          permission: 'read_customer_warehouses',
        },
        {
          name: 'Internal Inventory',
          route: '/inventory/internal-inv',
          icon: 'assignment',
          permission: 'read_internal_inventory',
        },
        {
          name: 'Brands',
          route: '/inventory/brands',
          icon: 'shopping_cart',
          permission: 'read_brands',
        },
        {
          name: 'Inventory Products',
          route: '/inventory/products',
          icon: 'shopping_cart',
          permission: 'read_products',
        },
      ],
    },
  ],
});

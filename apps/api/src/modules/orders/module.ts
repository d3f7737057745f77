import { defineModule } from '../../platform/module.ts';
import { seedOrdersDemo } from './demo.ts';
import { lateOrdersJob } from './late-orders.ts';
import { shopOrderRoutes } from './routes.ts';
import { orderService } from './services.ts';
import { ordersDatasets } from './datasets.ts';
import { ordersWidgets } from './widgets.ts';
import { priceAdjustmentService } from './price-adjustments.ts';

/** Stores' orders from the warehouse: the document, the cart's checkout and the CSV order. */
export const ordersModule = defineModule({
  name: 'orders',
  // The inventory module's count upload (/accessory-recon-upload) checks write_stock_adjustments.
  permissions: ['approve_price_adjustments', 'write_stock_adjustments'],
  resources: [orderService, priceAdjustmentService],
  routes: (api, { db }) => shopOrderRoutes(api, db),
  // Shipped orders not received after the store's orders.late_after_days: a ticket and a notice.
  jobs: () => [lateOrdersJob()],
  sidebar: [
    { name: 'Orders', route: '/orders', icon: 'receipt', permission: 'read_orders', order: 2 },
    {
      name: 'Price Adjustment',
      route: '/price-adjustment',
      icon: 'receipt',
      permission: 'approve_price_adjustments',
      order: 2,
    },
    {
      name: 'Accessory Recon Upload',
      route: '/accessory-recon-upload',
      icon: 'assignment',
      permission: 'write_stock_adjustments',
      order: 2,
    },
    {
      name: 'Shop',
      route: null,
      icon: 'shopping_cart',
      permission: null,
      order: 2,
      children: [
        {
          name: 'Shop Products',
          route: '/shop/products',
          icon: 'shopping_cart',
          permission: 'write_orders',
        },
        {
          name: 'Shop Accessories',
          route: '/shop/accessories',
          icon: 'shopping_cart',
          permission: 'write_orders',
        },
        { name: 'Cart', route: '/cart', icon: 'shopping_cart', permission: 'write_orders' },
        {
          name: 'Accessories Cart',
          route: '/cart/accessories',
          icon: 'shopping_cart',
          permission: 'write_orders',
        },
        { name: 'CSV Order', route: '/csv-order', icon: 'description', permission: 'write_orders' },
        {
          name: 'Accessory Orders',
          route: '/accessory-orders',
          icon: 'receipt',
          permission: 'read_orders',
        },
      ],
    },
  ],
  demo: seedOrdersDemo,
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: ordersWidgets,
  /** Its reporting datasets (modules/reporting charts them). */
  datasets: ordersDatasets,
});

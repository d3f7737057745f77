import { defineModule } from '../../platform/module.ts';
import { orderSubmitting } from '../orders/hooks.ts';
import { seedInventoryDemo } from './demo.ts';
import { inventoryRoutes } from './routes.ts';
import { refuseOverAvailable } from './shop.ts';
import { warehouseService } from './warehouses.ts';

/** Stock: locations, serialised units and their movements; fulfilment and receiving of orders. */
export const inventoryModule = defineModule({
  name: 'inventory',
  resources: [warehouseService],
  routes: (api, { db }) => inventoryRoutes(api, db),
  // A submitted order must fit the warehouse's available units.
  connect: () => orderSubmitting.register('inventory', refuseOverAvailable),
  sidebar: [
    {
      name: 'Warehouse',
      route: null,
      icon: 'store',
      permission: null,
      order: 2,
      children: [
        {
          name: 'Unfulfilled Orders',
          route: '/unfulfilled-orders',
          icon: 'assignment',
          permission: 'write_order_fulfillment',
        },
        {
          name: 'Fulfilled Orders',
          route: '/fulfilled-orders',
          icon: 'receipt',
          permission: 'read_orders',
        },
        {
          name: 'Open Orders by Store',
          route: '/reports/open-orders',
          icon: 'assessment',
          permission: 'read_orders',
        },
        {
          name: 'Product Serials',
          route: '/product-serials',
          icon: 'assignment',
          permission: 'read_orders',
        },
        {
          name: 'Stock on Hand',
          route: '/reports/stock-on-hand',
          icon: 'assessment',
          permission: 'read_orders',
        },
        {
          name: 'Fulfilment Time',
          route: '/reports/fulfilment-time',
          icon: 'assessment',
          permission: 'read_orders',
        },
        {
          name: 'Adjustments',
          route: '/reports/adjustments',
          icon: 'assessment',
          permission: 'read_orders',
        },
        {
          name: 'In Transit',
          route: '/reports/in-transit',
          icon: 'assessment',
          permission: 'read_orders',
        },
      ],
    },
  ],
  demo: seedInventoryDemo,
});

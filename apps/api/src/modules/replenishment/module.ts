import { defineModule } from '../../platform/module.ts';
import { seedReplenishmentDemo } from './demo.ts';
import { replenishmentRoutes } from './routes.ts';
import { staticAccessoryService, stockMinimumService } from './services.ts';
import './settings.ts';

/**
 * Keeping stores stocked: static accessories (always listed for a store's accessory order), each
 * store's minimum per product, and the suggested order computed from sales, stock and orders.
 */
export const replenishmentModule = defineModule({
  name: 'replenishment',
  resources: [staticAccessoryService, stockMinimumService],
  routes: (api, { db }) => replenishmentRoutes(api, db),
  sidebar: [
    {
      name: 'Suggested Order',
      route: '/suggested-order',
      icon: 'shopping_cart',
      permission: 'write_orders',
      order: 2,
    },
    {
      name: 'Static Accessories',
      route: '/static-accessories',
      icon: 'shopping_cart',
      permission: 'read_static_accessories',
      order: 3,
    },
    {
      name: 'Stock Minimums',
      route: '/stock-minimums',
      icon: 'assignment',
      permission: 'read_stock_minimums',
      order: 3,
    },
  ],
  demo: seedReplenishmentDemo,
});

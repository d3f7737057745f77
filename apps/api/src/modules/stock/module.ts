import { defineModule } from '../../platform/module.ts';
import { seedStockDemo } from './demo.ts';
import { stockService } from './services.ts';

/**
 * Stock (issue 19 item 7): per warehouse and counted product, on hand (purchasing's counted stock,
 * mirrored), unit cost and value, reorder point; movements with a reason; bulk upload and update
 * files. Its screens sit in the inventory app's menu (purchasing's sidebar group).
 */
export const stockModule = defineModule({
  name: 'stock',
  resources: [stockService],
  demo: (ctx) => seedStockDemo(ctx),
});

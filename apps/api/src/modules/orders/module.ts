import { defineModule } from '../../platform/module.ts';
import { orderService } from './services.ts';

export const ordersModule = defineModule({
  name: 'orders',
  resources: [orderService],
});

import { defineModule } from '../../platform/module.ts';
import {
  adjustmentReasonService,
  categoryService,
  manufacturerService,
  productService,
} from './services.ts';

export const catalogModule = defineModule({
  name: 'catalog',
  resources: [categoryService, adjustmentReasonService, manufacturerService, productService],
});

import { defineModule } from '../../platform/module.ts';
import { categoryService } from './services.ts';

export const catalogModule = defineModule({
  name: 'catalog',
  resources: [categoryService],
});

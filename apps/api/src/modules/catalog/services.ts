import {
  adjustmentReasons as adjustmentReasonResource,
  categories as categoryResource,
  manufacturers as manufacturerResource,
  products as productResource,
} from '@portal/contract/resources/catalog';
import { createResourceService } from '../../platform/resources/service.ts';
import { adjustmentReasons, categories, manufacturers, products } from './schema.ts';

export const categoryService = createResourceService({
  definition: categoryResource,
  table: categories,
  tenantColumn: 'company_id',
});

export const adjustmentReasonService = createResourceService({
  definition: adjustmentReasonResource,
  table: adjustmentReasons,
  tenantColumn: 'company_id',
});

export const manufacturerService = createResourceService({
  definition: manufacturerResource,
  table: manufacturers,
  tenantColumn: 'company_id',
});

export const productService = createResourceService({
  definition: productResource,
  table: products,
  tenantColumn: 'company_id',
});

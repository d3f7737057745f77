import { categories as categoryResource } from '@portal/contract/resources/catalog';
import { createResourceService } from '../../platform/resources/service.ts';
import { categories } from './schema.ts';

export const categoryService = createResourceService({
  definition: categoryResource,
  table: categories,
  tenantColumn: 'company_id',
});

import {
  categories as categoryResource,
  products as productResource,
} from '@portal/contract/resources/catalog';
import { tenantResource } from '../../platform/module.ts';
import { categories, products } from './schema.ts';

export const categoryService = tenantResource(categoryResource, categories);

export const productService = tenantResource(productResource, products);

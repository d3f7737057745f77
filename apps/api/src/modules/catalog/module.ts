import { adjustmentReasons, manufacturers } from '@portal/contract/resources/catalog';
import { defineModule, tenantResource } from '../../platform/module.ts';
import { seedCatalogDemo } from './demo.ts';
import * as tables from './schema.ts';
import { brandService, categoryService, productService } from './services.ts';
import { deviceTypeFieldService } from './device-fields.ts';

export const catalogModule = defineModule({
  name: 'catalog',
  resources: [
    categoryService,
    tenantResource(adjustmentReasons, tables.adjustmentReasons),
    tenantResource(manufacturers, tables.manufacturers),
    productService,
    brandService,
    deviceTypeFieldService,
  ],
  sidebar: [
    {
      name: 'Products',
      route: '/products',
      icon: 'shopping_cart',
      permission: 'read_products',
      order: 3,
    },
    {
      name: 'Accessories',
      route: '/accessories',
      icon: 'shopping_cart',
      permission: 'read_products',
      order: 3,
    },
    {
      name: 'Manufacturers',
      route: '/manufacturers',
      icon: 'store',
      permission: 'read_manufacturers',
      order: 4,
    },
    {
      name: 'Device Type Fields',
      route: '/device-type-fields',
      icon: 'settings',
      permission: 'read_device_type_fields',
      order: 5,
    },
    {
      name: 'Adjustment Reasons',
      route: '/adjustment-reasons',
      icon: 'settings',
      permission: 'read_adjustment_reasons',
      order: 5,
    },
  ],
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedCatalogDemo(tx, companyId);
  },
});

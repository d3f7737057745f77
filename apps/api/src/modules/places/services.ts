import {
  brands as brandResource,
  customerWarehouses as customerWarehouseResource,
  internalInventory as internalInventoryResource,
} from '@portal/contract/resources/places';
import { AppError } from '../../platform/errors.ts';
import { tenantResource } from '../../platform/module.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { isWarehouse } from '../inventory/api.ts';
import { brands, customerWarehouses, internalInventory } from './schema.ts';

export const brandService = tenantResource(brandResource, brands);
export const customerWarehouseService = tenantResource(
  customerWarehouseResource,
  customerWarehouses,
);

const notAWarehouse = 'Choose one of your warehouses';

/**
 * Internal inventory: the warehouse must be one of the company's warehouses (not a store's
 * location), the product one of its products (the engine's reference check); who set it aside is
 * the caller. Rows are kept as written (no update or delete route).
 */
export const internalInventoryService = createResourceService({
  definition: internalInventoryResource,
  table: internalInventory,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      if (!(await isWarehouse(tx, ctx.companyId, input.warehouse_id)))
        throw AppError.badRequest(notAWarehouse, { warehouse_id: [notAWarehouse] });
      return { ...input, created_by: ctx.userId };
    },
  },
});

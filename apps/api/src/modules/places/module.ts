import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { tenantScope } from '../../db/columns.ts';
import { warehouseRemoving, type RemovedWarehouse } from '../inventory/hooks.ts';
import { seedPlacesDemo } from './demo.ts';
import { internalInventory } from './schema.ts';
import { customerWarehouseService, internalInventoryService } from './services.ts';

/** A warehouse internal inventory was taken from stays (409), so the record keeps its place. */
async function refuseWarehouseInUse(tx: Executor, warehouse: RemovedWarehouse) {
  const [used] = await tx
    .select({ id: internalInventory.id })
    .from(internalInventory)
    .where(
      and(
        tenantScope(internalInventory, warehouse.companyId),
        eq(internalInventory.warehouse_id, warehouse.warehouseId),
      ),
    )
    .limit(1);
  if (used)
    throw AppError.conflict(
      `${warehouse.name} is named by internal inventory; it cannot be deleted`,
    );
}

/**
 * The inventory app's places (issue 19 item 2): customers' warehouses and internal inventory. The
 * company's own warehouses are the inventory module's (its stock locations); products and their
 * brands are the catalogue's.
 */
export const placesModule = defineModule({
  name: 'places',
  resources: [customerWarehouseService, internalInventoryService],
  connect: () => warehouseRemoving.register('places', refuseWarehouseInUse),
  demo: async ({ tx, companyId, demoCompany }) => {
    if (demoCompany) await seedPlacesDemo(tx, companyId);
  },
});

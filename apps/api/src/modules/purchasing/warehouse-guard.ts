import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantScope } from '../../db/columns.ts';
import type { RemovedWarehouse } from '../inventory/hooks.ts';
import { purchaseOrderReceipts, purchaseOrders, warehouseStockMovements } from './schema.ts';

/**
 * Registered on inventory's warehouseRemoving: a warehouse that purchase orders, receipts or
 * counted stock name stays (409), so their history keeps its place.
 */
export async function refuseWarehouseInUse(tx: Executor, warehouse: RemovedWarehouse) {
  const { companyId, warehouseId, name } = warehouse;
  const [order] = await tx
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(
      and(tenantScope(purchaseOrders, companyId), eq(purchaseOrders.warehouse_id, warehouseId)),
    )
    .limit(1);
  const [receipt] = order
    ? [order]
    : await tx
        .select({ id: purchaseOrderReceipts.id })
        .from(purchaseOrderReceipts)
        .where(
          and(
            tenantScope(purchaseOrderReceipts, companyId),
            eq(purchaseOrderReceipts.warehouse_id, warehouseId),
          ),
        )
        .limit(1);
  if (receipt) throw AppError.conflict(`${name} is named by purchase orders; it cannot be deleted`);
  const [counted] = await tx
    .select({ id: warehouseStockMovements.id })
    .from(warehouseStockMovements)
    .where(
      and(
        tenantScope(warehouseStockMovements, companyId),
        eq(warehouseStockMovements.location_id, warehouseId),
      ),
    )
    .limit(1);
  if (counted) throw AppError.conflict(`${name} holds or has held stock; it cannot be deleted`);
}

// The inventory module's extension points (platform/hooks.ts), registered by other modules' module.ts.
import type { SerialRejection } from '@portal/contract/inventory';
import type { Executor } from '../../platform/database.ts';
import { defineHook } from '../../platform/hooks.ts';

export interface RemovedWarehouse {
  companyId: number;
  warehouseId: number;
  name: string;
}

/**
 * Run in the transaction that deletes a warehouse, before it goes: a module whose rows name the
 * warehouse (purchase orders, internal inventory) refuses with a 409 saying what holds it.
 */
export const warehouseRemoving = defineHook<[tx: Executor, warehouse: RemovedWarehouse]>(
  'inventory.warehouse_removing',
);

/**
 * Run by GET /product-serials: a module that knows serials which never entered stock (a unit
 * rejected on a purchase order receipt) adds, to `found`, each time the company's `serial` was
 * turned away, so the lookup can say where it went.
 */
export const serialRejections = defineHook<
  [db: Executor, companyId: number, serial: string, found: SerialRejection[]]
>('inventory.serial_rejections');

import { and, eq, ne, or, sql } from 'drizzle-orm';
import { warehouses as warehouseResource } from '@portal/contract/resources/places';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { warehouseRemoving } from './hooks.ts';
import { inventoryItems, stockLocations, stockMovements } from './schema.ts';

const nameTaken = (name: string) => `A warehouse named ${name} already exists`;

/** Refuses a second warehouse of the same name in the company (409, on the name field). */
async function assertNameFree(tx: Tx, companyId: number, name: unknown, exceptId?: number) {
  if (typeof name !== 'string') return;
  const [found] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(
        tenantScope(stockLocations, companyId),
        eq(stockLocations.kind, 'warehouse'),
        sql`lower(${stockLocations.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(stockLocations.id, exceptId),
      ),
    )
    .limit(1);
  if (found) throw AppError.conflict(nameTaken(name));
}

/**
 * The company's warehouses (SPEC.md /inventory/warehouses) on the engine: the stock locations of
 * kind warehouse, with a contact, phone and address. Another kind of location (a store's, an
 * order's in transit) is not one of these rows: 404. A warehouse that holds or held stock, or that
 * a purchase order or internal inventory names, is not deleted (409).
 */
export const warehouseService = createResourceService({
  definition: warehouseResource,
  table: stockLocations,
  tenantColumn: 'company_id',
  where: eq(stockLocations.kind, 'warehouse'),
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await assertNameFree(tx, ctx.companyId, input.name);
      return { ...input, kind: 'warehouse' };
    },
    beforeUpdate: async (input, existing, _ctx, tx) => {
      await assertNameFree(tx, Number(existing.company_id), input.name, existing.id);
      return input;
    },
    beforeRemove: async (row, _ctx, tx) => {
      const companyId = Number(row.company_id);
      const [unit] = await tx
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(and(tenantScope(inventoryItems, companyId), eq(inventoryItems.location_id, row.id)))
        .limit(1);
      const [moved] = unit
        ? [unit]
        : await tx
            .select({ id: stockMovements.id })
            .from(stockMovements)
            .where(
              and(
                tenantScope(stockMovements, companyId),
                or(
                  eq(stockMovements.from_location_id, row.id),
                  eq(stockMovements.to_location_id, row.id),
                ),
              ),
            )
            .limit(1);
      if (moved)
        throw AppError.conflict(
          `${String(row.name)} holds or has held stock; it cannot be deleted`,
        );
      await warehouseRemoving.run(tx, { companyId, warehouseId: row.id, name: String(row.name) });
    },
  },
});

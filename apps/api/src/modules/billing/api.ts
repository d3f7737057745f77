// The billing module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { taxInfo } from './schema.ts';

/**
 * The sales tax rate of a store in basis points (taxInfo): the sum of the store's own rates when it
 * has any (state and city, say), else the sum of the company-wide rates; 0 when none is set.
 */
export async function storeTaxBps(db: Executor, companyId: number, storeId: number) {
  const rows = await db
    .select({
      store: sql<number>`coalesce(sum(${taxInfo.rate_bps}) filter (where ${taxInfo.store_id} = ${storeId}), 0)::int`,
      company: sql<number>`coalesce(sum(${taxInfo.rate_bps}) filter (where ${taxInfo.store_id} is null), 0)::int`,
      stores: sql<number>`count(*) filter (where ${taxInfo.store_id} = ${storeId})::int`,
    })
    .from(taxInfo)
    .where(
      and(
        tenantScope(taxInfo, companyId),
        or(isNull(taxInfo.store_id), eq(taxInfo.store_id, storeId)),
      ),
    );
  const row = rows[0];
  if (!row) return 0;
  return Number(row.stores) > 0 ? Number(row.store) : Number(row.company);
}

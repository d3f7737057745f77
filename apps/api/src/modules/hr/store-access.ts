import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { userStores } from '../assignments/schema.ts';
import { users } from '../users/schema.ts';
import { hrStoreTempAccess } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Whether the user of the `users` row in scope may clock at a store: it is their current store, it
 * is assigned to them (the stores the web store switcher offers, shell/my-stores.ts), or they have
 * temporary access covering today in the store's time zone. The one rule of the web clock and the
 * kiosk; like the switcher, it grants nothing for being a super admin or holding company-wide rights.
 */
export function worksAt(companyId: number, storeId: number, timeZone: string) {
  return or(
    eq(users.current_store, storeId),
    exists(
      sql`(select 1 from ${userStores} where ${tenantScope(userStores, companyId)} and ${userStores.user_id} = ${users.id} and ${userStores.store_id} = ${storeId})`,
    ),
    exists(
      sql`(select 1 from ${hrStoreTempAccess} where ${tenantScope(hrStoreTempAccess, companyId)} and ${hrStoreTempAccess.user_id} = ${users.id} and ${hrStoreTempAccess.store_id} = ${storeId} and (now() at time zone ${timeZone})::date between ${hrStoreTempAccess.starts_on} and ${hrStoreTempAccess.ends_on})`,
    ),
  );
}

/** Whether one user may clock at a store (worksAt, for a single user). */
export async function mayClockAt(
  db: Executor,
  companyId: number,
  userId: number,
  store: { id: number; time_zone: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        tenantScope(users, companyId),
        eq(users.id, userId),
        worksAt(companyId, store.id, store.time_zone),
      ),
    );
  return row !== undefined;
}

import { userStores } from '../../src/modules/assignments/schema.ts';
import type { TestApp } from './test-app.ts';

/**
 * Assigns people to stores (user_stores, as Store Assignments does): the web clock and the kiosk
 * take a clock-in only at a store the person works at (modules/hr/store-access.ts).
 */
export async function assignStores(
  t: TestApp,
  companyId: number,
  userIds: readonly number[],
  storeIds: readonly number[],
) {
  const rows = userIds.flatMap((user_id) =>
    storeIds.map((store_id) => ({ company_id: companyId, user_id, store_id })),
  );
  if (rows.length) await t.database.db.insert(userStores).values(rows).onConflictDoNothing();
}

import type { Executor } from '../../platform/database.ts';
import type { ImportedUser } from '../users/hooks.ts';
import { userStores } from './schema.ts';

/** The stores of users a bulk upload created (users.imported hook): the first is the primary. */
export async function assignImportedStores(
  tx: Executor,
  companyId: number,
  imported: readonly ImportedUser[],
): Promise<void> {
  const rows = imported.flatMap(({ userId, storeIds }) =>
    storeIds.map((store_id, position) => ({
      company_id: companyId,
      user_id: userId,
      store_id,
      is_primary: position === 0,
    })),
  );
  if (rows.length) await tx.insert(userStores).values(rows);
}

// The organisation module's extension points (platform/hooks.ts), registered by other modules'
// module.ts so this module needs to know none of them.
import type { Executor } from '../../platform/database.ts';
import { defineHook } from '../../platform/hooks.ts';

export interface CreatedStore {
  companyId: number;
  storeId: number;
}

/**
 * Run in the transaction that creates a store (POST /stores), so the modules that keep per-store
 * setups give the new store theirs (scheduling: the company's shift templates).
 */
export const storeCreated = defineHook<[tx: Executor, store: CreatedStore]>(
  'organisation.store_created',
);

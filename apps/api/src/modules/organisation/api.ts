import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantJoin } from '../../db/columns.ts';
import { stores } from './schema.ts';

/**
 * What the organisation module offers other modules. The time zone of the store that `storeId`
 * names in company `companyId` (columns of the caller's table), as an SQL expression.
 */
export const storeTimeZoneOf = (companyId: AnyPgColumn, storeId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${stores.time_zone} from ${stores} where ${tenantJoin(stores, companyId, storeId)})`;
export { companyService, storeService } from './services.ts';

import { and, eq, sql } from 'drizzle-orm';
import { formatInZone } from '@portal/contract/hr';
import type { PayType } from '@portal/contract/hr-employees';
import { recordMessages, storeAccessResource } from '@portal/contract/hr-records';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createResourceService,
  type ResourceHooks,
  type ResourceServiceOptions,
} from '../../platform/resources/service.ts';
import { getEmployee } from './employees.ts';
import { findStore } from './settings.ts';
import { hrEmployeeDetails, hrStoreTempAccess } from './schema.ts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

type StoreAccessOptions = ResourceServiceOptions<typeof storeAccessResource>;

/**
 * The store temporary access records (an employee record tab): clocking rights at another store of
 * the company for a date range (inclusive). Built here because hr owns the table and the rule that
 * reads it (store-access.ts, worksAt); the employee records module gives the parent and the rank rule.
 */
export const storeTempAccessService = (
  record: Pick<StoreAccessOptions, 'tenantColumn' | 'parent'>,
  authorize: NonNullable<ResourceHooks<typeof storeAccessResource>['authorize']>,
) =>
  createResourceService({
    ...record,
    definition: storeAccessResource,
    table: hrStoreTempAccess,
    hooks: {
      authorize,
      async beforeCreate(input, ctx, tx, userId = 0) {
        const employee = await getEmployee(tx, ctx, userId);
        const store = await findStore(tx, ctx.companyId, input.store_id);
        if (employee.current_store === store.id)
          throw AppError.badRequest(recordMessages.ownStore, {
            store_id: [recordMessages.ownStore],
          });
        return {
          store_id: store.id,
          starts_on: input.starts_on,
          ends_on: input.ends_on,
          note: input.note?.trim() || null,
          granted_by: ctx.userId,
        };
      },
      /** Where today, in the store's zone, falls against the range. */
      async decorate(rows, ctx, db) {
        const today = new Map<number, string>();
        for (const storeId of new Set(rows.map((row) => Number(row.store_id)))) {
          const store = await findStore(db, ctx.companyId, storeId);
          today.set(storeId, formatInZone(new Date(), store.time_zone).slice(0, 10));
        }
        for (const row of rows) {
          const day = today.get(Number(row.store_id)) ?? todayUtc();
          row.status =
            day < String(row.starts_on)
              ? 'upcoming'
              : day > String(row.ends_on)
                ? 'expired'
                : 'active';
        }
      },
    },
  });

/** Sets an employee's pay type (what the clock-in prompt for hourly staff reads). */
export async function setEmployeePayType(
  db: Executor,
  companyId: number,
  userId: number,
  payType: PayType,
) {
  await db
    .update(hrEmployeeDetails)
    .set({ pay_type: payType, updated_at: sql`now()` })
    .where(and(tenantScope(hrEmployeeDetails, companyId), eq(hrEmployeeDetails.user_id, userId)));
}

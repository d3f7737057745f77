import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { userStores } from '../assignments/schema.ts';
import { users } from '../users/schema.ts';
import { hrEmployeeDetails, hrStoreTempAccess } from './schema.ts';
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

export interface StaffQuery {
  /** Only those assigned to this store (Store Assignments) or whose current store it is. */
  storeId?: number;
  /** Only these users. */
  userIds?: readonly number[];
  /** Only users with an HR record (employee details); by default a user without one counts too. */
  withRecordOnly?: boolean;
}

export interface StaffMember {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The current staff of a company: active, not deleted users who are not terminated, by name. The
 * one answer for the schedule's store employees and the timesheet's zero-hour staff.
 */
export async function currentStaff(
  db: Executor,
  companyId: number,
  query: StaffQuery = {},
): Promise<StaffMember[]> {
  const { storeId, userIds, withRecordOnly = false } = query;
  const details = and(
    tenantScope(hrEmployeeDetails, users.company_id),
    eq(hrEmployeeDetails.user_id, users.id),
  );
  const base = db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
    })
    .from(users);
  return (
    withRecordOnly
      ? base.innerJoin(hrEmployeeDetails, details)
      : base.leftJoin(hrEmployeeDetails, details)
  )
    .where(
      and(
        tenantScope(users, companyId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
        isNull(hrEmployeeDetails.terminated_at),
        userIds ? inArray(users.id, [...userIds]) : undefined,
        storeId === undefined
          ? undefined
          : or(
              eq(users.current_store, storeId),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(userStores)
                  .where(
                    and(
                      tenantScope(userStores, users.company_id),
                      eq(userStores.user_id, users.id),
                      eq(userStores.store_id, storeId),
                    ),
                  ),
              ),
            ),
      ),
    )
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
}

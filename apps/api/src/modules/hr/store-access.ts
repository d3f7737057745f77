import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/database.ts';
import { assignedToStoreIn } from '../assignments/api.ts';
import { peopleToJoin } from '../users/api.ts';
import { hrEmployeeDetails, hrStoreTempAccess } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/** The columns of a person a caller's query reads (users/api.ts peopleToJoin). */
export interface PersonColumns {
  company_id: AnyPgColumn;
  id: AnyPgColumn;
  current_store: AnyPgColumn;
}

/**
 * Whether the person whose columns are `person` may clock at a store: it is their current store, it
 * is assigned to them (the stores the web store switcher offers, shell/my-stores.ts), or they have
 * temporary access covering today in the store's time zone. The one rule of the web clock and the
 * kiosk; like the switcher, it grants nothing for being a super admin or holding company-wide rights.
 */
export function worksAt(
  companyId: number,
  storeId: number,
  timeZone: string,
  person: PersonColumns,
) {
  return or(
    eq(person.current_store, storeId),
    assignedToStoreIn(person.company_id, person.id, [storeId]),
    exists(
      sql`(select 1 from ${hrStoreTempAccess} where ${tenantScope(hrStoreTempAccess, companyId)} and ${hrStoreTempAccess.user_id} = ${person.id} and ${hrStoreTempAccess.store_id} = ${storeId} and (now() at time zone ${timeZone})::date between ${hrStoreTempAccess.starts_on} and ${hrStoreTempAccess.ends_on})`,
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
  const person = peopleToJoin(db, 'person', companyId);
  const [row] = await db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.id, userId), worksAt(companyId, store.id, store.time_zone, person)));
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
  const person = peopleToJoin(db, 'person', companyId);
  const details = and(
    tenantScope(hrEmployeeDetails, person.company_id),
    eq(hrEmployeeDetails.user_id, person.id),
  );
  const base = db
    .select({
      id: person.id,
      first_name: person.first_name,
      last_name: person.last_name,
      email: person.email,
    })
    .from(person);
  return (
    withRecordOnly
      ? base.innerJoin(hrEmployeeDetails, details)
      : base.leftJoin(hrEmployeeDetails, details)
  )
    .where(
      and(
        eq(person.is_active, true),
        eq(person.is_deleted, false),
        isNull(hrEmployeeDetails.terminated_at),
        userIds ? inArray(person.id, [...userIds]) : undefined,
        storeId === undefined
          ? undefined
          : or(
              eq(person.current_store, storeId),
              assignedToStoreIn(person.company_id, person.id, [storeId]),
            ),
      ),
    )
    .orderBy(asc(person.first_name), asc(person.last_name), asc(person.id));
}

import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@portal/contract/auth';
import type { LoginClockFields } from '@portal/contract/hr';
import type { PermissionSet } from '@portal/contract/permissions';
import type { Executor } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { currentScheduleId, sessionOf } from './clock.ts';
import { needsLocation } from './geofence.ts';
import { hrEmployeeDetails, hrTimecards } from './schema.ts';
import { locationPolicy } from './settings.ts';
import { tenantScope } from '../../db/columns.ts';

/** Whether the person (placeholders `company`, `user`) is paid hourly. */
const hourlyRow = preparedQuery('login_hourly', (db) =>
  db
    .select({ id: hrEmployeeDetails.id })
    .from(hrEmployeeDetails)
    .where(
      and(
        tenantScope(hrEmployeeDetails, sql.placeholder('company')),
        eq(hrEmployeeDetails.user_id, sql.placeholder('user')),
        eq(hrEmployeeDetails.pay_type, 'hourly'),
      ),
    ),
);

/** One of the person's auto clocked-out timecards still waiting for its real end time. */
const pendingAutoClockoutRow = preparedQuery('login_pending_auto_clockout', (db) =>
  db
    .select({ id: hrTimecards.id })
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, sql.placeholder('company')),
        eq(hrTimecards.user_id, sql.placeholder('user')),
        eq(hrTimecards.auto_clocked_out, true),
        eq(hrTimecards.not_corrected, true),
        eq(hrTimecards.edit_request_sent, false),
      ),
    )
    .limit(1),
);

/**
 * The clock fields of the login response (SPEC.md section 3), from real data:
 * - clock_in: an hourly employee who may use the web clock and is not clocked in: the prompt shows;
 * - scheduleId: the schedule a clock-in at the current store would name (running or about to);
 * - breakPopUpShow: the user is on a break, so the break dialog comes back to end it;
 * - showAutoClockoutTimeCards: auto clocked-out timecards wait for the real end time;
 * - geolocation_restriction_required: the current store wants coordinates with every punch.
 */
export async function loginClockFields(
  db: Executor,
  user: {
    companyId: number;
    userId: number;
    storeId: number | null;
    permissions: PermissionSet;
    isSuperAdmin: boolean;
  },
): Promise<LoginClockFields> {
  const { companyId, userId, storeId } = user;
  const canClock =
    user.isSuperAdmin ||
    (user.permissions.write_hr_clockin === true && user.permissions.write_hr_clockin_web === true);
  // Independent reads, sent together: sign-in waits for the slowest, not for their sum.
  const [session, [hourly], [pending], scheduleId, policy] = await Promise.all([
    sessionOf(db, companyId, userId),
    hourlyRow(db).execute({ company: companyId, user: userId }),
    pendingAutoClockoutRow(db).execute({ company: companyId, user: userId }),
    storeId ? currentScheduleId(db, companyId, userId, storeId) : null,
    storeId ? locationPolicy(db, companyId, storeId) : null,
  ]);
  return {
    clock_in: canClock && Boolean(hourly) && session.status === 1,
    scheduleId,
    breakPopUpShow: session.status === 3,
    showAutoClockoutTimeCards: Boolean(pending),
    geolocation_restriction_required: policy ? needsLocation(policy) : false,
  };
}

/** The same, for the signed-in user as the auth module loads it. */
export function loginClockFieldsFor(db: Executor, user: SessionUser): Promise<LoginClockFields> {
  return loginClockFields(db, {
    companyId: user.company_id,
    userId: user.id,
    storeId: user.store?.id ?? user.current_store,
    permissions: user.permissions,
    isSuperAdmin: user.role === 'super_admin',
  });
}

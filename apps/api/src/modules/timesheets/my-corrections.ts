import { and, desc, eq, sql } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { companyTimecards } from '../hr/api.ts';
import { placeNameOf } from '../organisation/api.ts';
import { hrTimesheetCorrections } from './schema.ts';

/** A person's latest correction requests with their timecard's store and clock in (one query). */
export async function correctionRequestsOf(
  db: Executor,
  companyId: number,
  userId: number,
  limit = 20,
) {
  const timecard = companyTimecards(db, companyId);
  return db
    .select({
      id: hrTimesheetCorrections.id,
      timecard_id: hrTimesheetCorrections.timecard_id,
      // A timecard's store always exists (foreign key), so the name is never null.
      store_name: sql<string>`${placeNameOf('store', hrTimesheetCorrections.company_id, timecard.store_id)}`,
      time_zone: timecard.time_zone,
      clock_in: timecard.clock_in,
      requested_start: hrTimesheetCorrections.requested_start,
      requested_end: hrTimesheetCorrections.requested_end,
      reason: hrTimesheetCorrections.reason,
      status: hrTimesheetCorrections.status,
      decision_reason: hrTimesheetCorrections.decision_reason,
      created_at: hrTimesheetCorrections.created_at,
    })
    .from(hrTimesheetCorrections)
    .innerJoin(timecard, eq(timecard.id, hrTimesheetCorrections.timecard_id))
    .where(
      and(
        tenantScope(hrTimesheetCorrections, companyId),
        eq(hrTimesheetCorrections.user_id, userId),
      ),
    )
    .orderBy(desc(hrTimesheetCorrections.created_at), desc(hrTimesheetCorrections.id))
    .limit(limit);
}

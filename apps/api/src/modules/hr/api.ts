// The hr module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { hrTimecards } from './schema.ts';

export { loginClockFieldsFor } from './login-fields.ts';
export { findStore, getCompanySettings, listBreakSettings } from './settings.ts';
export { clockIn, clockOut, currentScheduleId, endBreak, sessionOf, startBreak } from './clock.ts';
export { mayClockAt, worksAt } from './store-access.ts';
export { getEmployee } from './employees.ts';
export { setEmployeePayType, storeTempAccessService } from './store-temp-access.ts';
export { currentStaff, type StaffMember, type StaffQuery } from './store-access.ts';
export { supervisorsOf } from './org.ts';
export { daySnapshot, type DayRow } from './snapshot.ts';

/**
 * The company's timecards as a subquery aliased `timecard` (person, store, clock in and out, time
 * zone), for a query that joins its own rows to their timecards in one statement.
 */
export const companyTimecards = (db: Executor, companyId: number) =>
  db
    .select({
      company_id: hrTimecards.company_id,
      id: hrTimecards.id,
      user_id: hrTimecards.user_id,
      store_id: hrTimecards.store_id,
      clock_in: hrTimecards.clock_in,
      clock_out: hrTimecards.clock_out,
      time_zone: hrTimecards.time_zone,
    })
    .from(hrTimecards)
    .where(tenantScope(hrTimecards, companyId))
    .as('timecard');

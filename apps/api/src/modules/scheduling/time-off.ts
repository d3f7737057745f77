import type { Executor } from '../../platform/database.ts';
import { listApprovedTimeOff } from '../timeoff/api.ts';

/** Approved time off of one employee, by local dates (inclusive). */
export interface ApprovedTimeOff {
  user_id: number;
  start_date: string;
  end_date: string;
  type_name: string;
}

/**
 * Approved time off of some employees touching `from`..`to` (ISO dates, inclusive), read through
 * the time off module (apps/api/src/modules/timeoff).
 */
export async function approvedTimeOff(
  db: Executor,
  companyId: number,
  userIds: readonly number[],
  from: string,
  to: string,
): Promise<{ rows: ApprovedTimeOff[] }> {
  if (!userIds.length) return { rows: [] };
  const rows = await listApprovedTimeOff(db, companyId, { from, to, userIds });
  return {
    rows: rows.map((row) => ({
      user_id: row.user_id,
      start_date: row.start_date,
      end_date: row.end_date,
      type_name: row.type_name,
    })),
  };
}

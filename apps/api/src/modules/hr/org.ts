import { and, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { hrEmployeeDetails } from './schema.ts';

/** Each employee's supervisor (user id to supervisor's user id), for the organisation chart. */
export async function supervisorsOf(db: Executor, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ user_id: hrEmployeeDetails.user_id, supervisor_id: hrEmployeeDetails.supervisor_id })
    .from(hrEmployeeDetails)
    .where(
      and(tenantScope(hrEmployeeDetails, companyId), isNotNull(hrEmployeeDetails.supervisor_id)),
    );
  return new Map(
    rows.flatMap((r) => (r.supervisor_id === null ? [] : [[r.user_id, r.supervisor_id] as const])),
  );
}

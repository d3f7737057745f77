import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { directory } from '../users/api.ts';
import { assertMayRead, schedulesToday } from './clock.ts';
import { hrDepartmentRoles } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export interface SelectOption {
  value: number;
  label: string;
}

/** The schedules a clock-in may name: the user's shifts today at the store. */
export async function scheduleShiftOptions(
  db: Executor,
  ctx: RequestContext,
  storeId: number,
  userId = ctx.userId,
): Promise<SelectOption[]> {
  await assertMayRead(db, ctx, userId);
  return schedulesToday(db, ctx.companyId, userId, storeId);
}

/** Active, not deleted people of the caller's company. */
export async function employeeOptions(db: Executor, ctx: RequestContext): Promise<SelectOption[]> {
  const people = await directory(db, ctx.companyId);
  return people.map((person) => ({ value: person.id, label: person.name.trim() }));
}

export async function departmentRoleOptions(
  db: Executor,
  ctx: RequestContext,
): Promise<SelectOption[]> {
  const rows = await db
    .select({ id: hrDepartmentRoles.id, name: hrDepartmentRoles.name })
    .from(hrDepartmentRoles)
    .where(
      and(tenantScope(hrDepartmentRoles, ctx.companyId), eq(hrDepartmentRoles.is_active, true)),
    )
    .orderBy(asc(hrDepartmentRoles.name));
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { users } from '../users/schema.ts';
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
  const rows = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(
      and(
        tenantScope(users, ctx.companyId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
  return rows.map((row) => ({ value: row.id, label: `${row.first_name} ${row.last_name}`.trim() }));
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

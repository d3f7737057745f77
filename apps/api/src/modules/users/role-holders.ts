import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { RemovedRole } from '../access/hooks.ts';
import { users } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/** SPEC.md: a role still held by users is not deleted (access.role_removing hook). */
export async function refuseHeldRole(tx: Executor, role: RemovedRole): Promise<void> {
  const [held] = await tx
    .select({ total: count() })
    .from(users)
    .where(
      and(
        tenantScope(users, role.companyId),
        eq(users.role_id, role.roleId),
        eq(users.is_deleted, false),
      ),
    );
  if (Number(held?.total ?? 0) > 0) {
    throw AppError.conflict('This role is assigned to users', { user_exist_flag: true });
  }
}

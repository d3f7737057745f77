import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Row } from '../../platform/resources/service.ts';
import { assertMayActOn } from './act-on.ts';
import { revokeUserSessions } from './sessions.ts';
import { userRemoved } from './hooks.ts';
import { users } from './schema.ts';
import { userService } from './services.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Enables or disables a user (is_active). A disabled user's sessions end at once, they cannot
 * sign in and their enrolled face is deleted (hr-face: kept only while an active employee);
 * nobody disables themselves, nor enables or disables anyone not strictly below them (rank.ts).
 */
export async function setUserEnabled(
  db: Database,
  ctx: RequestContext,
  id: number,
  enabled: boolean,
): Promise<Row> {
  await db.transaction(async (tx) => {
    const scope = and(
      eq(users.id, id),
      isSuperAdmin(ctx) ? undefined : tenantScope(users, ctx.companyId),
    );
    const [user] = await tx
      .select({ company_id: users.company_id })
      .from(users)
      .where(scope)
      .for('update');
    if (!user) throw AppError.notFound('User');
    if (!enabled && id === ctx.userId) throw AppError.badRequest('You cannot disable yourself');
    await assertMayActOn(tx, ctx, id, { includeDeleted: true });
    await tx.update(users).set({ is_active: enabled }).where(scope);
    if (!enabled) {
      await revokeUserSessions(tx, user.company_id, id);
      // Biometric data is kept only while the person is an active employee.
      await userRemoved.run(tx, {
        companyId: user.company_id,
        userId: id,
        actorId: ctx.userId,
        how: 'deleted_on_disable',
      });
    }
  });
  return userService.get(db, ctx, id);
}

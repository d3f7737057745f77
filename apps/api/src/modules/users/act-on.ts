import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { baseRoleOf, mayActOn, rankMessages } from '../access/api.ts';
import { users } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/** A user someone may act on, as loaded by `assertMayActOn`. */
export interface ActedOnUser {
  id: number;
  company_id: number;
  email: string;
  base_role: string;
}

/**
 * Loads the user a request acts on and refuses unless the caller may act on them (the rank rule of
 * access/rank.ts: themselves, or strictly below). Another company's user, or a missing or deleted
 * one, is a 404; the super admin reaches every company. Every route that acts on a user calls this;
 * `self: false` where acting on oneself would raise oneself (one's own pay, records, store access).
 */
export async function assertMayActOn(
  db: Executor,
  ctx: RequestContext,
  userId: number,
  options: { includeDeleted?: boolean; self?: boolean } = {},
): Promise<ActedOnUser> {
  const [user] = await db
    .select({
      id: users.id,
      company_id: users.company_id,
      email: users.email,
      role_id: users.role_id,
    })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        options.includeDeleted ? undefined : eq(users.is_deleted, false),
        isSuperAdmin(ctx) ? undefined : tenantScope(users, ctx.companyId),
      ),
    );
  if (!user) throw AppError.notFound('User');
  const { role_id: roleId, ...found } = user;
  const target = { ...found, base_role: (await baseRoleOf(db, user.company_id, roleId)) ?? '' };
  const self = target.id === ctx.userId && target.company_id === ctx.companyId;
  if (self && options.self === false) throw AppError.forbidden(rankMessages.notOnSelf);
  if (!mayActOn(ctx, target)) throw AppError.forbidden(rankMessages.higherUser);
  return target;
}

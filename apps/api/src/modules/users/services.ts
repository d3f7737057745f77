import { and, eq } from 'drizzle-orm';
import { users as userResource } from '@portal/contract/resources/users';
import type { Tx } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import { queueFileDeletion } from '../../platform/uploads.ts';
import {
  assertMayAssignRole,
  baseRoleColumn,
  baseRolesOf,
  mayActOn,
  roleRelation,
} from '../access/api.ts';
import { storeRelation } from '../organisation/api.ts';
import { assertMayActOn } from './act-on.ts';
import { assertPasswordAllowed, hashPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { userCreated, userRemoved } from './hooks.ts';
import { userIdentities, users } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

const EMAIL_TAKEN = 'A user with this email already exists';

/** The access level a role gives, once checked that the caller may give that role (rank.ts). */
async function roleAccessLevel(
  tx: Tx,
  ctx: RequestContext,
  companyId: number,
  roleId: number,
): Promise<number> {
  return (await assertMayAssignRole(tx, ctx, companyId, roleId)).access_level;
}

/**
 * An email already signing in to the company is a clear 409. Another company's is not looked up
 * and does not matter: identities are unique per company (issue 12), so the same address may sign
 * in to several companies and a create tells nothing about where else it is used.
 */
async function assertEmailFree(tx: Tx, email: string, companyId: number) {
  const [taken] = await tx
    .select({ email: userIdentities.email })
    .from(userIdentities)
    .where(and(tenantScope(userIdentities, companyId), eq(userIdentities.email, email)));
  if (taken) throw AppError.conflict(EMAIL_TAKEN);
}

export const userService = createResourceService({
  definition: userResource,
  table: users,
  tenantColumn: 'company_id',
  relations: {
    role: roleRelation('role_id'),
    store: storeRelation('current_store'),
  },
  // Read for the rank decoration (can_manage); the reply's schema does not send it.
  computed: { base_role: baseRoleColumn(users) },
  hooks: {
    async beforeCreate(input, ctx, tx) {
      await assertEmailFree(tx, input.email, ctx.companyId);
      await assertPasswordAllowed(input.password, 'password', input.email);
      const { password: _password, ...profile } = input;
      return {
        ...profile,
        access_level: await roleAccessLevel(tx, ctx, ctx.companyId, input.role_id),
      };
    },
    async beforeUpdate(input, existing, ctx, tx) {
      await assertMayActOn(tx, ctx, existing.id);
      const values: Record<string, unknown> = { ...input };
      // A new role is checked (strictly below the caller); resending the same one changes nothing.
      if (input.role_id !== undefined && input.role_id !== existing.role_id)
        values.access_level = await roleAccessLevel(
          tx,
          ctx,
          Number(existing.company_id),
          input.role_id,
        );
      if (input.role_id !== undefined && input.role_id !== existing.role_id)
        await recordSecurityEvent(tx, {
          kind: 'role_changed',
          companyId: Number(existing.company_id),
          userId: existing.id,
          actorId: ctx.userId,
          email: String(existing.email),
          detail: { from_role_id: Number(existing.role_id), to_role_id: input.role_id },
        });
      if (input.profile_photo !== undefined && input.profile_photo !== existing.profile_photo)
        await queueFileDeletion(tx, [existing.profile_photo]);
      if (input.email !== undefined && input.email !== existing.email) {
        await assertEmailFree(tx, input.email, Number(existing.company_id));
        // The sign-in name changed: every session of the old one ends (sign in again).
        await revokeUserSessions(tx, Number(existing.company_id), existing.id);
        await recordSecurityEvent(tx, {
          kind: 'email_changed',
          companyId: Number(existing.company_id),
          userId: existing.id,
          actorId: ctx.userId,
          email: input.email,
          detail: { from: String(existing.email), to: input.email },
        });
        await tx
          .update(userIdentities)
          .set({ email: input.email })
          .where(
            and(
              tenantScope(userIdentities, Number(existing.company_id)),
              eq(userIdentities.user_id, existing.id),
            ),
          );
      }
      return values;
    },
    async afterWrite(row, input, ctx, tx) {
      // Only a create carries a password; the identity row is what sign-in reads.
      if (typeof input.password !== 'string') return;
      await tx.insert(userIdentities).values({
        email: String(row.email),
        company_id: ctx.companyId,
        user_id: row.id,
        password_hash: await hashPassword(input.password),
      });
      // The person's records in other modules (hr: the employee record), in this transaction.
      await userCreated.run(tx, { companyId: ctx.companyId, userId: row.id });
    },
    async beforeRemove(row, ctx, tx) {
      await assertMayActOn(tx, ctx, row.id);
      await revokeUserSessions(tx, Number(row.company_id), row.id);
      await queueFileDeletion(tx, [row.profile_photo]);
      // Other modules' data about the person (hr-face: the face template) goes with them.
      await userRemoved.run(tx, {
        companyId: Number(row.company_id),
        userId: row.id,
        actorId: ctx.userId,
        how: 'deleted_with_user',
      });
    },
    /**
     * `can_manage`: whether the caller may act on the user (the rank rule), for the screens. Rows
     * read by the engine carry their role's `base_role` (computed below); a created or updated row
     * has its role looked up.
     */
    async decorate(rows, ctx, db) {
      const unread = rows.filter((row) => typeof row.base_role !== 'string');
      const found = unread.length
        ? await baseRolesOf(
            db,
            unread.map((row) => Number(row.role_id)),
          )
        : [];
      for (const row of rows) {
        const baseRole =
          typeof row.base_role === 'string'
            ? row.base_role
            : found.find(
                (r) => r.id === Number(row.role_id) && r.company_id === Number(row.company_id),
              )?.base_role;
        row.can_manage = baseRole
          ? mayActOn(ctx, { id: row.id, company_id: Number(row.company_id), base_role: baseRole })
          : false;
      }
    },
  },
});

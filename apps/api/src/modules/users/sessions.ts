import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import { isPermission, type PermissionSet } from '@portal/contract/permissions';
import { isRoleKey } from '@portal/contract/roles';
import type { Database, Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { ResolvedSession } from '../../platform/session-cache.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { grantedFlagsOf, rolesToJoin } from '../access/api.ts';
import { companiesToJoin } from '../organisation/api.ts';
import { sessions, users } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new session's row (every sign-in writes one). */
const insertSession = preparedQuery('insert_session', (db) =>
  db.insert(sessions).values({
    token_hash: sql.placeholder('token_hash'),
    company_id: sql.placeholder('company_id'),
    user_id: sql.placeholder('user_id'),
    expires_at: sql.placeholder('expires_at'),
    ip: sql.placeholder('ip'),
    user_agent: sql.placeholder('user_agent'),
  }),
);

/** Opens a session and returns its bearer token; only the token's hash is stored. */
export async function openSession(
  db: Executor,
  who: { companyId: number; userId: number; ttlHours: number; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db).execute({
    token_hash: hashToken(token),
    company_id: who.companyId,
    user_id: who.userId,
    expires_at: new Date(Date.now() + who.ttlHours * 3_600_000).toISOString(),
    ip: who.ip ?? null,
    user_agent: who.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export async function revokeSession(db: Executor, sessionId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every open session of a user (password change, lock, termination, deactivation). */
export async function revokeUserSessions(db: Executor, companyId: number, userId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        tenantScope(sessions, companyId),
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
      ),
    );
}

/** Ends every session of a user but the caller's own (a password change keeps its own tab signed in). */
export async function revokeOtherSessions(
  db: Executor,
  companyId: number,
  userId: number,
  keepSessionId: number,
) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        tenantScope(sessions, companyId),
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        ne(sessions.id, keepSessionId),
      ),
    );
}

/** The permission flags a user's role grants through its active permission groups. */
const rolePermissionsOfUser = grantedFlagsOf(users.company_id, users.role_id);

const permissionSetOf = (flags: readonly string[] | null): PermissionSet => {
  const permissions: PermissionSet = {};
  for (const flag of flags ?? []) if (isPermission(flag)) permissions[flag] = true;
  return permissions;
};

/**
 * The contexts of the people at or above an access level who could sign in now (active, not
 * locked or deleted, an active role in an active company), for work done on their behalf without
 * a session (a job: the weekly digest of their dashboard). `sessionId` 0: no session. Every
 * company's (the job runner's system path).
 */
export async function contextsAtLevel(
  db: Executor,
  minAccessLevel: number,
): Promise<RequestContext[]> {
  const role = rolesToJoin(db);
  const company = companiesToJoin(db);
  const rows = await db
    .select({
      company_id: users.company_id,
      user_id: users.id,
      access_level: users.access_level,
      base_role: role.base_role,
      permissions: rolePermissionsOfUser,
    })
    .from(users)
    .innerJoin(role, tenantJoin(role, users.company_id, users.role_id))
    .innerJoin(company, tenantScope(users, company.id))
    .where(
      and(
        gte(users.access_level, minAccessLevel),
        eq(company.is_active, true),
        eq(users.is_active, true),
        eq(users.is_locked, false),
        eq(users.is_deleted, false),
        eq(role.is_active, true),
      ),
    )
    .orderBy(users.company_id, users.id);
  return rows.map((row) => ({
    sessionId: 0,
    companyId: row.company_id,
    userId: row.user_id,
    accessLevel: row.access_level,
    baseRole: isRoleKey(row.base_role) ? row.base_role : 'base_user',
    permissions: permissionSetOf(row.permissions),
  }));
}

/**
 * Resolves a bearer token to the caller in one round trip: the live session, its user (active, not
 * locked or deleted, in an active company) and the permission flags granted through the user's role.
 */
export async function contextForToken(db: Database, token: string): Promise<RequestContext | null> {
  return (await sessionForToken(db, token))?.ctx ?? null;
}

/** contextForToken with the session's expiry, for the session cache (platform/session-cache.ts). */
export async function sessionForToken(
  db: Database,
  token: string,
): Promise<ResolvedSession | null> {
  const role = rolesToJoin(db);
  const company = companiesToJoin(db);
  const [row] = await db
    .select({
      session_id: sessions.id,
      expires_at: sessions.expires_at,
      company_id: sessions.company_id,
      user_id: sessions.user_id,
      access_level: users.access_level,
      base_role: role.base_role,
      permissions: rolePermissionsOfUser,
    })
    .from(sessions)
    .innerJoin(users, tenantJoin(users, sessions.company_id, sessions.user_id))
    .innerJoin(role, tenantJoin(role, users.company_id, users.role_id))
    .innerJoin(company, tenantScope(users, company.id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        eq(company.is_active, true),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.is_active, true),
        eq(users.is_locked, false),
        eq(users.is_deleted, false),
        eq(role.is_active, true),
      ),
    );
  if (!row) return null;
  const permissions = permissionSetOf(row.permissions);
  return {
    expiresAt: Date.parse(row.expires_at),
    ctx: {
      sessionId: row.session_id,
      companyId: row.company_id,
      userId: row.user_id,
      accessLevel: row.access_level,
      baseRole: isRoleKey(row.base_role) ? row.base_role : 'base_user',
      permissions,
    },
  };
}

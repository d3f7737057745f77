// The sign-in side of a person, for the auth module (exported through api.ts): their identity row
// (password, PIN and second-factor secrets), the lock, their own profile and recent sessions.
import { and, asc, eq, gt, isNull, lt, or, sql, type Placeholder } from 'drizzle-orm';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import type { Identity } from './identities.ts';
import { sessions, userIdentities, users } from './schema.ts';

const identityWhere = (companyId: number, userId: number) =>
  and(tenantScope(userIdentities, companyId), eq(userIdentities.user_id, userId));

/** The sign-in identity of user `userId` of the company (undefined when there is none). */
export async function identityOfUser(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<Identity | undefined> {
  const [identity] = await db.select().from(userIdentities).where(identityWhere(companyId, userId));
  return identity;
}

/** What of an identity the auth module changes besides the password. */
export type IdentityChanges = Partial<
  Pick<
    Identity,
    | 'two_factor_method'
    | 'totp_secret'
    | 'totp_pending_secret'
    | 'totp_last_step'
    | 'mobile_pin_hash'
  >
>;

/** Changes the identity of user `userId` of the company. */
export async function updateIdentity(
  db: Executor,
  companyId: number,
  userId: number,
  changes: IdentityChanges,
): Promise<void> {
  await db.update(userIdentities).set(changes).where(identityWhere(companyId, userId));
}

/** Sets a new password hash (and when it changed: a company-choice token taken before is void). */
export async function setPasswordHash(
  db: Executor,
  companyId: number,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(userIdentities)
    .set({ password_hash: passwordHash, password_changed_at: sql`now()` })
    .where(identityWhere(companyId, userId));
}

/**
 * Records TOTP time step `step` as used, only if it is later than the last one used (a code is
 * accepted once); false when it is not.
 */
export async function useTotpStep(
  db: Executor,
  companyId: number,
  userId: number,
  step: number,
): Promise<boolean> {
  const [used] = await db
    .update(userIdentities)
    .set({ totp_last_step: step })
    .where(
      and(
        identityWhere(companyId, userId),
        or(isNull(userIdentities.totp_last_step), lt(userIdentities.totp_last_step, step)),
      ),
    )
    .returning({ step: userIdentities.totp_last_step });
  return Boolean(used);
}

/**
 * Every company's identities with an authenticator secret (confirmed or pending) that does not
 * start with `prefix` (the sealed form's): the secrets stored in plain by earlier releases.
 */
export const identitiesWithTotpNotStartingWith = (db: Executor, prefix: string) =>
  db
    .select({
      company_id: userIdentities.company_id,
      user_id: userIdentities.user_id,
      secret: userIdentities.totp_secret,
      pending: userIdentities.totp_pending_secret,
    })
    .from(userIdentities)
    .where(
      or(
        and(
          sql`${userIdentities.totp_secret} is not null`,
          sql`${userIdentities.totp_secret} not like ${`${prefix}%`}`,
        ),
        and(
          sql`${userIdentities.totp_pending_secret} is not null`,
          sql`${userIdentities.totp_pending_secret} not like ${`${prefix}%`}`,
        ),
      ),
    );

/**
 * Identities as a subquery aliased `identity` (company, user, email, two-factor method and
 * secret; no hashes), for a query that joins its rows to an identity in one statement; with
 * `companyId`, only that company's.
 */
export const identitiesToJoin = (db: Executor, companyId?: number) =>
  db
    .select({
      company_id: userIdentities.company_id,
      user_id: userIdentities.user_id,
      email: userIdentities.email,
      two_factor_method: userIdentities.two_factor_method,
      totp_secret: userIdentities.totp_secret,
    })
    .from(userIdentities)
    .where(companyId === undefined ? undefined : tenantScope(userIdentities, companyId))
    .as('identity');

/**
 * The person a session belongs to, with their identity's auth_uuid, as a subquery aliased `user`
 * (none when the company has no such person with an identity): what the signed-in user's one
 * query joins to their role, company and store.
 */
export const accountById = (
  db: Executor,
  companyId: number | Placeholder,
  userId: number | Placeholder,
) =>
  db
    .select({
      company_id: users.company_id,
      id: users.id,
      uuid: users.uuid,
      auth_uuid: userIdentities.auth_uuid,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      role_id: users.role_id,
      access_level: users.access_level,
      current_store: users.current_store,
      profile_photo: users.profile_photo,
      job_order_type: users.job_order_type,
      business_type: users.business_type,
      dealer_id: users.dealer_id,
      vendor_id: users.vendor_id,
      is_active: users.is_active,
      is_locked: users.is_locked,
      is_deleted: users.is_deleted,
      is_b2b: users.is_b2b,
    })
    .from(users)
    .innerJoin(
      userIdentities,
      and(tenantScope(userIdentities, users.company_id), eq(userIdentities.user_id, users.id)),
    )
    .where(and(tenantScope(users, companyId), eq(users.id, userId)))
    .as('user');

/** The active, not deleted people an email signs in as, in every company, by company. */
export const activeAccountsByEmail = (db: Executor, email: string) =>
  db
    .select({ company_id: users.company_id, user_id: users.id })
    .from(userIdentities)
    .innerJoin(users, tenantJoin(users, userIdentities.company_id, userIdentities.user_id))
    .where(
      and(eq(userIdentities.email, email), eq(users.is_active, true), eq(users.is_deleted, false)),
    )
    .orderBy(asc(users.company_id));

/** Locks or unlocks user `userId` of the company; answers the updated row (none: no such user). */
export async function setUserLocked(
  db: Executor,
  companyId: number,
  userId: number,
  locked: boolean,
) {
  const [updated] = await db
    .update(users)
    .set({ is_locked: locked, updated_at: sql`now()` })
    .where(tenantJoin(users, companyId, userId))
    .returning();
  return updated;
}

/** A person's own account edit: names and, when given, the profile photo. */
export async function updateOwnProfile(
  db: Executor,
  companyId: number,
  userId: number,
  profile: { first_name: string; last_name: string; profile_photo?: string | null | undefined },
): Promise<void> {
  const { first_name, last_name, profile_photo } = profile;
  await db
    .update(users)
    .set({
      first_name,
      last_name,
      ...(profile_photo !== undefined ? { profile_photo } : {}),
      updated_at: sql`now()`,
    })
    .where(and(tenantScope(users, companyId), eq(users.id, userId)));
}

/** Whether user `userId` of the company opened a session from address `ip` in the last 90 days. */
export async function hasRecentSessionFrom(
  db: Executor,
  companyId: number,
  userId: number,
  ip: string,
): Promise<boolean> {
  const [seen] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        tenantScope(sessions, companyId),
        eq(sessions.user_id, userId),
        eq(sessions.ip, ip),
        gt(sessions.created_at, sql`now() - interval '90 days'`),
      ),
    )
    .limit(1);
  return Boolean(seen);
}

// The users module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries").
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users as userResource } from '@portal/contract/resources/users';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import type { Relation } from '../../platform/resources/service.ts';
import { users } from './schema.ts';

export {
  contextForToken,
  contextsAtLevel,
  sessionForToken,
  hashToken,
  openSession,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
} from './sessions.ts';
export { assertMayActOn, type ActedOnUser } from './act-on.ts';
export {
  checkPerson,
  companyRolesAndStores,
  findRole,
  mayGiveRole,
  normaliseHeader,
  parseCsvRecords,
  takenEmails,
} from './bulk-rows.ts';
export { userService } from './services.ts';
export { identitiesOf, type Identity } from './identities.ts';
export {
  accountById,
  activeAccountsByEmail,
  hasRecentSessionFrom,
  identitiesToJoin,
  identitiesWithTotpNotStartingWith,
  identityOfUser,
  setPasswordHash,
  setUserLocked,
  updateIdentity,
  updateOwnProfile,
  useTotpStep,
  type IdentityChanges,
} from './credentials.ts';
export { directory, emailsOf, namesOf, roleIdOf, type DirectoryPerson } from './directory.ts';
export {
  insertPeople,
  managersOf,
  personWithPin,
  setUserActive,
  undeletedByEmail,
  userEmailOf,
  userIdsOf,
  type NewPerson,
} from './people.ts';

/** The resource engine's belongs-to relation (`related=user`) to the user whose id `column` holds. */
export const userRelation = (column = 'user_id'): Relation => ({
  table: users,
  definition: userResource,
  column,
});

/**
 * A person of company `companyId` whatever their state (null when there is none): their names,
 * whether they are active and whether deleted, and their current store.
 */
export async function personOf(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<{
  id: number;
  first_name: string;
  last_name: string;
  is_active: boolean;
  is_deleted: boolean;
  current_store: number | null;
} | null> {
  const [row] = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      is_active: users.is_active,
      is_deleted: users.is_deleted,
      current_store: users.current_store,
    })
    .from(users)
    .where(and(tenantScope(users, companyId), eq(users.id, userId)));
  return row ?? null;
}

/** The company of user `userId`, searched in company `companyId` or, with null, in every company. */
export async function userCompanyOf(
  db: Executor,
  userId: number,
  companyId: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ company_id: users.company_id })
    .from(users)
    .where(
      and(eq(users.id, userId), companyId === null ? undefined : tenantScope(users, companyId)),
    );
  return row?.company_id ?? null;
}

/** Makes store `storeId` the current store of user `userId` (the store switcher). */
export async function setCurrentStore(
  db: Executor,
  companyId: number,
  userId: number,
  storeId: number,
): Promise<void> {
  await db
    .update(users)
    .set({ current_store: storeId, updated_at: sql`now()` })
    .where(and(tenantScope(users, companyId), eq(users.id, userId)));
}

/**
 * The full name ('First Last') of the user a row of the caller's table names by `companyId` and
 * `userId`, as an SQL expression (one lookup by primary key per row, no join).
 */
export const userNameOf = (companyId: AnyPgColumn, userId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${tenantJoin(users, companyId, userId)})`;

/** The current store of the user a row of the caller's table names, as an SQL expression. */
export const currentStoreOf = (companyId: AnyPgColumn, userId: AnyPgColumn): SQL<number | null> =>
  sql<
    number | null
  >`(select ${users.current_store} from ${users} where ${tenantJoin(users, companyId, userId)})`;

/**
 * People (any state) as a subquery aliased `alias` (company, id, email, names, role, access level,
 * current store, profile photo, whether active, locked or deleted, when created), for a query that
 * joins its rows to a person in one statement; with `companyId`, only that company's. Join it with
 * tenantJoin on the row's company and user id.
 */
export const peopleToJoin = (db: Executor, alias = 'person', companyId?: number) =>
  db
    .select({
      company_id: users.company_id,
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      role_id: users.role_id,
      access_level: users.access_level,
      current_store: users.current_store,
      profile_photo: users.profile_photo,
      is_active: users.is_active,
      is_locked: users.is_locked,
      is_deleted: users.is_deleted,
      created_at: users.created_at,
    })
    .from(users)
    .where(companyId === undefined ? undefined : tenantScope(users, companyId))
    .as(alias);

/**
 * Locks the row of user `userId` of the company until the transaction ends (a write that must
 * not race another of the same person's); false when the company has no such user.
 */
export async function lockUser(db: Executor, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(tenantScope(users, companyId), eq(users.id, userId)))
    .for('update');
  return row !== undefined;
}

// People of a company as other modules read and create them (exported through api.ts).
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { userIdentities, users } from './schema.ts';

/** The company's not deleted people whose email is among `emails`: their id and email. */
export async function undeletedByEmail(
  db: Executor,
  companyId: number,
  emails: readonly string[],
): Promise<{ id: number; email: string }[]> {
  if (!emails.length) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        tenantScope(users, companyId),
        eq(users.is_deleted, false),
        inArray(users.email, [...emails]),
      ),
    );
}

/** The ids of every person of the company, deleted ones too. */
export async function userIdsOf(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(tenantScope(users, companyId));
  return rows.map((row) => row.id);
}

/** A person another module creates (an HR bulk upload): their account fields. */
export interface NewPerson {
  email: string;
  first_name: string;
  last_name: string;
  role_id: number;
  access_level: number;
  current_store: number | null;
}

/**
 * Creates people of the company with their sign-in identities (the password hash `passwordHashOf`
 * gives for each email), in two statements; answers their ids by email.
 */
export async function insertPeople(
  db: Executor,
  companyId: number,
  people: readonly NewPerson[],
  passwordHashOf: (email: string) => string,
): Promise<{ id: number; email: string }[]> {
  const inserted = await db
    .insert(users)
    .values(people.map((person) => ({ ...person, company_id: companyId })))
    .returning({ id: users.id, email: users.email });
  await db.insert(userIdentities).values(
    inserted.map((user) => ({
      email: user.email,
      company_id: companyId,
      user_id: user.id,
      password_hash: passwordHashOf(user.email),
    })),
  );
  return inserted;
}

/** The email of the user a row of the caller's table names, as an SQL expression. */
export const userEmailOf = (companyId: AnyPgColumn, userId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${users.email} from ${users} where ${tenantJoin(users, companyId, userId)})`;

/**
 * The person of the company a kiosk names by id or by email, with their names and mobile PIN hash
 * (null when none is set); null when the company has no such person with a sign-in identity.
 */
export async function personWithPin(
  db: Executor,
  companyId: number,
  who: { user_id?: number | undefined; email?: string | undefined },
): Promise<{ id: number; first_name: string; last_name: string; pin_hash: string | null } | null> {
  const [found] = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      pin_hash: userIdentities.mobile_pin_hash,
    })
    .from(users)
    .innerJoin(
      userIdentities,
      and(tenantScope(userIdentities, users.company_id), eq(userIdentities.user_id, users.id)),
    )
    .where(
      and(
        tenantScope(users, companyId),
        who.user_id !== undefined ? eq(users.id, who.user_id) : eq(users.email, who.email ?? ''),
      ),
    );
  return found ?? null;
}

/** Makes a person of the company active or inactive (an employee's termination and reactivation). */
export async function setUserActive(
  db: Executor,
  companyId: number,
  userId: number,
  active: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ is_active: active, updated_at: sql`now()` })
    .where(and(tenantScope(users, companyId), eq(users.id, userId)));
}

/** The company's active, not deleted managers (access level 3 and up), by last and first name. */
export const managersOf = (db: Executor, companyId: number) =>
  db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(
      and(
        tenantScope(users, companyId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
        gte(users.access_level, 3),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name));

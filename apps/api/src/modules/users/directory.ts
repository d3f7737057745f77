import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { users } from './schema.ts';

/** One active person of a company, as reports and the organisation chart show them. */
export interface DirectoryPerson {
  id: number;
  name: string;
  role_id: number;
  store_id: number | null;
}

const personColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  role_id: users.role_id,
  store_id: users.current_store,
};
const toPerson = (r: {
  id: number;
  first_name: string;
  last_name: string;
  role_id: number;
  store_id: number | null;
}): DirectoryPerson => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`,
  role_id: r.role_id,
  store_id: r.store_id,
});

/**
 * The company's active, not deleted people: all of them, or those whose current store is one of
 * `storeIds`.
 */
export async function directory(
  db: Executor,
  companyId: number,
  storeIds?: number[],
): Promise<DirectoryPerson[]> {
  if (storeIds && !storeIds.length) return [];
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(
      and(
        tenantScope(users, companyId),
        eq(users.is_deleted, false),
        eq(users.is_active, true),
        storeIds ? inArray(users.current_store, storeIds) : undefined,
      ),
    )
    .orderBy(users.last_name, users.first_name);
  return rows.map(toPerson);
}

/** Names of the given people of a company (deleted ones too: old records keep their name). */
export async function namesOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(tenantScope(users, companyId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
}

/** The role of one person of a company (null when there is no such person). */
export async function roleIdOf(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ role_id: users.role_id })
    .from(users)
    .where(and(tenantScope(users, companyId), eq(users.id, userId)));
  return row?.role_id ?? null;
}

/** The mail addresses of the given active, not deleted people of a company. */
export async function emailsOf(
  db: Executor,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        tenantScope(users, companyId),
        inArray(users.id, [...ids]),
        eq(users.is_deleted, false),
        eq(users.is_active, true),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.email]));
}

import { eq } from 'drizzle-orm';
import { users } from '../../src/modules/users/schema.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in user of the test server: bearer token, ids, and the current store if any. */
export interface Person {
  token: string;
  id: number;
  companyId: number;
  storeId: number | null;
}

/** Signs a user in over HTTP and reads their ids from the database. */
export async function signInPerson(t: TestApp, email: string, password?: string): Promise<Person> {
  const token = await t.login(email, password);
  const [user] = await t.database.db
    .select({ id: users.id, company_id: users.company_id, store: users.current_store })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return { token, id: user.id, companyId: user.company_id, storeId: user.store };
}

/** A person whose current store the test relies on. */
export type StoreStaff = Person & { storeId: number };

/** Signs in a user who must have a current store. */
export async function signInStoreStaff(t: TestApp, email: string): Promise<StoreStaff> {
  const person = await signInPerson(t, email);
  if (person.storeId === null) throw new Error(`no user with a store: ${email}`);
  return { ...person, storeId: person.storeId };
}

/**
 * Who the bulletin tests sign in: the demo store employee, their role (what a bulletin aims at
 * beside the store), their manager, and an admin of another company.
 */
export async function bulletinPeople(t: TestApp) {
  const [employee, manager, northwind] = await Promise.all([
    signInStoreStaff(t, 'employee@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const [row] = await t.database.db
    .select({ role_id: users.role_id })
    .from(users)
    .where(eq(users.id, employee.id));
  return { employee, manager, northwind, employeeRole: row?.role_id ?? 0 };
}

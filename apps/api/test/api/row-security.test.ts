import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/users/schema.ts';
import {
  APP_ROLE,
  POLICY_NAME,
  asCompany,
  asSystem,
} from '../../src/platform/tenant-connection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 12 item 5: row-level security as the second wall, on PGlite and PostgreSQL alike. */
let t: TestApp;
let demo: number;
let northwind: number;
let demoToken: string;
let northwindToken: string;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

beforeAll(async () => {
  t = await startTestApp();
  const owners = await t.database.db
    .select({ email: users.email, company: users.company_id })
    .from(users)
    .where(sql`${users.email} in ('agent@demo.example', 'admin@northwind.example')`);
  demo = owners.find((row) => row.email === 'agent@demo.example')?.company ?? 0;
  northwind = owners.find((row) => row.email === 'admin@northwind.example')?.company ?? 0;
  [demoToken, northwindToken] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('admin@northwind.example'),
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('row-level security', () => {
  it('covers every table with a company_id column: a policy, ENABLE and FORCE', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await t.database.db.execute(sql`
        select c.table_name from information_schema.columns c
        join information_schema.tables tb using (table_schema, table_name)
        where c.table_schema = 'public' and c.column_name = 'company_id'
          and tb.table_type = 'BASE TABLE'
        order by 1`),
    ).map((row) => row.table_name);
    expect(tables.length).toBeGreaterThan(50);
    const state = rowsOf<{ name: string; enabled: boolean; forced: boolean; policy: boolean }>(
      await t.database.db.execute(sql`
        select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
          exists (select 1 from pg_policy p where p.polrelid = c.oid
            and p.polname = ${POLICY_NAME}) as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`),
    );
    const byName = new Map(state.map((row) => [row.name, row]));
    const uncovered = tables.filter((name) => {
      const row = byName.get(name);
      return !row?.enabled || !row.forced || !row.policy;
    });
    expect(uncovered).toEqual([]);
  });

  it('runs the API as a role that is not a superuser and owns no table', async () => {
    const [who] = rowsOf<{ role: string; superuser: boolean; bypass: boolean }>(
      await t.appDb.execute(sql`
        select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass
        from pg_roles r where r.rolname = current_user`),
    );
    expect(who).toEqual({ role: APP_ROLE, superuser: false, bypass: false });
    const [owned] = rowsOf<{ count: number }>(
      await t.appDb.execute(
        sql`select count(*)::int as count from pg_tables where tableowner = ${APP_ROLE}`,
      ),
    );
    expect(owned?.count).toBe(0);
  });

  it('a query with no company set sees no row', async () => {
    expect(await t.appDb.select({ id: users.id }).from(users)).toEqual([]);
    const [count] = rowsOf<{ count: number }>(
      await t.appDb.execute(sql`select count(*)::int as count from users`),
    );
    expect(count?.count).toBe(0);
  });

  it("a company's query sees its own rows only, and cannot write another company's", async () => {
    const seen = await asCompany(demo, () =>
      t.appDb.selectDistinct({ company: users.company_id }).from(users),
    );
    expect(seen).toEqual([{ company: demo }]);
    // No tenant condition in the query: the database alone keeps northwind's rows out.
    const theirs = await asCompany(demo, () =>
      t.appDb.select({ id: users.id }).from(users).where(eq(users.company_id, northwind)),
    );
    expect(theirs).toEqual([]);
    await expect(
      asCompany(demo, () =>
        t.appDb.execute(
          sql`update users set first_name = first_name where company_id = ${northwind} returning id`,
        ),
      ).then((result) => rowsOf(result).length),
    ).resolves.toBe(0);
    await expect(
      asCompany(demo, () =>
        t.appDb.transaction(async (tx) => {
          await tx.execute(sql`
            insert into security_events (company_id, kind)
            values (${northwind}, 'rls_probe')`);
        }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
  });

  it('the system path sees every company', async () => {
    const seen = await asSystem(() =>
      t.appDb.selectDistinct({ company: users.company_id }).from(users),
    );
    expect(seen.map((row) => row.company).sort()).toEqual([demo, northwind].sort());
  });

  it('interleaved companies never see each other, in queries and transactions', async () => {
    const companyOf = async (company: number, inTransaction: boolean) => {
      const read = (db: Pick<TestApp['appDb'], 'selectDistinct'>) =>
        db.selectDistinct({ company: users.company_id }).from(users);
      const rows = await asCompany(company, () =>
        inTransaction ? t.appDb.transaction(async (tx) => read(tx)) : read(t.appDb),
      );
      return { company, seen: rows.map((row) => row.company) };
    };
    const runs = await Promise.all(
      Array.from({ length: 60 }, (_, i) => companyOf(i % 2 ? demo : northwind, i % 3 === 0)),
    );
    for (const run of runs) expect(run.seen).toEqual([run.company]);
  });

  it('interleaved requests of two companies see only their own users', async () => {
    const list = async (token: string) => {
      const result = await t.call<{ data: { results: { email: string }[] } }>('GET', '/api/users', {
        token,
      });
      expect(result.status).toBe(200);
      return result.body.data.results.map((row) => row.email);
    };
    const runs = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        list(i % 2 ? demoToken : northwindToken).then((emails) => ({ i, emails })),
      ),
    );
    for (const { i, emails } of runs) {
      expect(emails.length).toBeGreaterThan(0);
      if (i % 2) expect(emails).not.toContain('admin@northwind.example');
      else expect(emails.every((email) => email.endsWith('northwind.example'))).toBe(true);
    }
  });
});

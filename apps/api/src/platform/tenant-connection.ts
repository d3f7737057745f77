import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { isSuperAdmin, type RequestContext } from './context.ts';

/**
 * Row-level security, the second wall behind the application's tenantScope(). Every table with a
 * company_id column has the policy `tenant_isolation` (ENABLE + FORCE ROW LEVEL SECURITY, applied
 * at migrate time by applyRowSecurity), and the API's queries run as APP_ROLE, a role that owns no
 * table and is not a superuser. A row is visible (and writable) only when its company_id is the
 * connection's `app.company_id`, or when `app.bypass` is 'on', which only asSystem() sets.
 *
 * Which company a query runs for is read from an AsyncLocalStorage binding at the moment the query
 * is sent: the request's (bound in platform/access.ts once the session is known), asCompany()'s,
 * or asSystem()'s. A query with no binding sees no tenant row at all.
 */
export const APP_ROLE = 'portal_app';
export const POLICY_NAME = 'tenant_isolation';

interface Binding {
  companyId: number | null;
  system: boolean;
}

const storage = new AsyncLocalStorage<Binding>();

/**
 * THE SYSTEM PATH: `fn` runs without the tenant wall (every company's rows). For what legitimately
 * has no company: sign-in and token lookups before the company is known, jobs that walk every
 * company, seeds, the super admin's cross-company reads, public routes. Grep `asSystem(` to audit.
 */
export function asSystem<T>(fn: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the binding: a drizzle query builder runs when it is awaited.
  return storage.run({ companyId: null, system: true }, async () => await fn());
}

/** `fn` runs as company `companyId` (a job's work for one company, a test). */
export function asCompany<T>(companyId: number, fn: () => PromiseLike<T>): Promise<T> {
  return storage.run({ companyId, system: false }, async () => await fn());
}

/** What the current async context is bound to: 'system', a company id, or null (nothing). */
export function currentTenant(): 'system' | number | null {
  const binding = storage.getStore();
  if (binding?.system) return 'system';
  return binding?.companyId ?? null;
}

// ---------------------------------------------------------------------------------------------
// Per request
// ---------------------------------------------------------------------------------------------

const requestBindings = new WeakMap<FastifyRequest, Binding>();

/**
 * Every request of `app` (the /api scope) runs in a binding of its own, unbound at first, so its
 * queries see no tenant row until platform/access.ts binds the caller's company. Routes declared
 * `public` (sign-in, password reset, public links, signed files) run on the system path: they look
 * rows up by email or token before any company is known.
 */
export function installTenantBinding(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const binding: Binding = { companyId: null, system: false };
    requestBindings.set(request, binding);
    storage.run(binding, done);
  });
  // Body parsing can leave the async context of onRequest: enter the request's binding again.
  app.addHook('preValidation', (request, _reply, done) => {
    const binding = requestBindings.get(request) ?? { companyId: null, system: false };
    if (request.routeOptions.config.access === 'public') binding.system = true; // system path: public routes
    storage.run(binding, done);
  });
}

/**
 * Binds the request to its caller's company (platform/access.ts, right after the session is
 * resolved). The platform's super admin reads and writes every company by design: their requests
 * take the system path.
 */
export function bindRequestTenant(request: FastifyRequest, ctx: RequestContext) {
  const binding = requestBindings.get(request);
  if (!binding) return;
  binding.companyId = ctx.companyId;
  binding.system = isSuperAdmin(ctx); // system path: the super admin's requests
}

// ---------------------------------------------------------------------------------------------
// Connections: settings applied when the binding differs from what the connection last had
// ---------------------------------------------------------------------------------------------

/** The state a connection must be in for the current binding, as a cache key and its settings. */
function wanted(binding: Binding | undefined) {
  if (binding?.system) return { key: 'system', company: '', bypass: 'on' };
  const company = binding?.companyId == null ? '' : String(binding.companyId);
  return { key: `company:${company}`, company, bypass: 'off' };
}

/**
 * The switch: when on, connections run as APP_ROLE and row-level security applies to every query.
 * Off, they stay the connecting owner (a superuser passes every policy) while the settings are
 * still applied.
 */
export const ROW_SECURITY_ENFORCED = true;

/** One statement: the role (again, harmless) and both settings, session-wide. */
const SET_TENANT = `select ${ROW_SECURITY_ENFORCED ? `set_config('role', '${APP_ROLE}', false), ` : ''}set_config('app.company_id', $1, false), set_config('app.bypass', $2, false)`;

/** A rollback (or rollback to a savepoint) undoes a set_config made inside it. */
const ROLLBACK = /^\s*rollback\b/i;

const textOf = (query: unknown): string =>
  typeof query === 'string'
    ? query
    : typeof query === 'object' &&
        query !== null &&
        'text' in query &&
        typeof query.text === 'string'
      ? query.text
      : '';

type AnyQuery = (...args: unknown[]) => Promise<unknown>;

/**
 * node-postgres: each pooled connection's query() applies the binding read when it is called
 * (awaited code keeps its async context; pg-pool's callback queue does not, so pool.query is
 * replaced by a checkout awaited in the caller's context). The first query of a new connection
 * switches it to APP_ROLE.
 */
export function tenantPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as unknown as AnyQuery;
    let state: string | undefined;
    // One statement at a time per connection: a transaction's Promise.all would otherwise hand
    // node-postgres a query while another runs, which it queues but deprecates (pg@9 refuses it).
    let tail: Promise<unknown> = Promise.resolve();
    const inTurn = (...args: unknown[]) => {
      const run = tail.then(
        () => query(...args),
        () => query(...args),
      );
      tail = run.catch(() => undefined);
      return run;
    };
    const query = async (...args: unknown[]) => {
      if (ROLLBACK.test(textOf(args[0]))) {
        state = undefined;
        return original(...args);
      }
      const want = wanted(storage.getStore());
      if (state !== want.key) {
        state = want.key;
        try {
          await original(SET_TENANT, [want.company, want.bypass]);
        } catch (error) {
          state = undefined;
          throw error;
        }
      }
      return original(...args);
    };
    Reflect.set(client, 'query', withCallback(inTurn));
  });
  const checkoutQuery = async (...args: unknown[]) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      return await (client.query as unknown as AnyQuery)(...args);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // A broken connection leaves the pool; an SQL error does not.
      client.release(
        failure && !(failure instanceof pg.DatabaseError) ? (failure as Error) : undefined,
      );
    }
  };
  Reflect.set(pool, 'query', withCallback(checkoutQuery));
  return pool;
}

/** node-postgres' (query, values, callback) form on top of the promise form. */
function withCallback(query: AnyQuery) {
  return (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last !== 'function') return query(...args);
    const callback = last as (error: unknown, result?: unknown) => void;
    query(...args.slice(0, -1)).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error),
    );
    return undefined;
  };
}

/**
 * The same pool on the system path whatever the caller's binding (tests' fixtures, scripts):
 * drizzle checks `instanceof pg.Pool`, so this inherits from the pool and overrides what drizzle
 * calls (query, and connect for transactions).
 */
export function systemPool(pool: pg.Pool): pg.Pool {
  const facade = Object.create(pool) as pg.Pool;
  Reflect.set(facade, 'query', (...args: unknown[]) =>
    asSystem(() => (pool.query as unknown as AnyQuery)(...args)),
  );
  Reflect.set(facade, 'connect', async () => {
    const client = await pool.connect();
    const onSystemPath = Object.create(client) as pg.PoolClient;
    Reflect.set(onSystemPath, 'query', (...args: unknown[]) =>
      asSystem(() => (client.query as unknown as AnyQuery)(...args)),
    );
    Reflect.set(onSystemPath, 'release', (error?: Error | boolean) => client.release(error));
    return onSystemPath;
  });
  return facade;
}

/**
 * PGlite is one connection shared by every concurrent request: the settings and the query must go
 * together. A gate serialises them (PGlite already runs one query or transaction at a time, so it
 * costs no concurrency), and remembers what the connection last had.
 */
export interface PgliteGate {
  client: PGlite;
  state: string | undefined;
  tail: Promise<unknown>;
}

export const pgliteGate = (client: PGlite): PgliteGate => ({
  client,
  state: undefined,
  tail: Promise.resolve(),
});

function exclusive<T>(gate: PgliteGate, fn: () => Promise<T>): Promise<T> {
  const run = gate.tail.then(fn, fn);
  gate.tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

type PgliteQuery = PGlite['query'];

/**
 * What drizzle calls on a PGlite (query, transaction), bound through the gate. `fixed` pins the
 * binding (the system handle); otherwise it is read from the caller's async context.
 */
export function tenantPglite(gate: PgliteGate, fixed?: 'system'): PGlite {
  const binding = () => (fixed ? { companyId: null, system: true } : storage.getStore());
  const ensure = async (run: (query: string, params: unknown[]) => Promise<unknown>) => {
    const want = wanted(binding());
    if (gate.state === want.key) return;
    gate.state = want.key;
    try {
      await run(SET_TENANT, [want.company, want.bypass]);
    } catch (error) {
      gate.state = undefined;
      throw error;
    }
  };
  const onTransaction = (tx: Transaction): Transaction => {
    const query = (async (text: string, params?: unknown[], options?: object) => {
      if (ROLLBACK.test(text)) gate.state = undefined;
      else await ensure((q, p) => tx.query(q, p));
      return tx.query(text, params, options);
    }) as PgliteQuery;
    return Object.assign(Object.create(tx) as Transaction, { query });
  };
  const query = ((text: string, params?: unknown[], options?: object) =>
    exclusive(gate, async () => {
      await ensure((q, p) => gate.client.query(q, p));
      return gate.client.query(text, params, options);
    })) as PgliteQuery;
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    exclusive(gate, async () => {
      await ensure((q, p) => gate.client.query(q, p));
      try {
        return await gate.client.transaction((tx) => fn(onTransaction(tx)));
      } catch (error) {
        gate.state = undefined; // rolled back: a setting made inside is undone
        throw error;
      }
    });
  return Object.assign(Object.create(null) as PGlite, { query, transaction });
}

// ---------------------------------------------------------------------------------------------
// Migrate time: the role, its grants, and the policy on every table with company_id
// ---------------------------------------------------------------------------------------------

/** The policy's condition: the connection's company, or the system path. */
export const TENANT_CONDITION =
  "company_id = nullif(current_setting('app.company_id', true), '')::integer or current_setting('app.bypass', true) = 'on'";

/**
 * Idempotent, run by the owner after the drizzle migrations on every start: creates APP_ROLE
 * (NOLOGIN) if missing, grants it the tables and sequences of `public`, and gives every table with
 * a company_id column ENABLE + FORCE ROW LEVEL SECURITY and the tenant_isolation policy, so a
 * table added by a later migration is covered without a list to maintain.
 */
export const ROW_SECURITY_SQL = `
do $rls$
declare
  t record;
begin
  begin
    create role ${APP_ROLE} nologin;
  exception when duplicate_object or unique_violation then null;
  end;
  begin
    execute format('grant ${APP_ROLE} to %I', current_user);
  exception when others then null;
  end;
  grant usage on schema public to ${APP_ROLE};
  grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
  grant usage, select, update on all sequences in schema public to ${APP_ROLE};
  for t in
    select c.oid::regclass as rel, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
      exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = '${POLICY_NAME}') as has_policy
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and exists (select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
  loop
    if not t.enabled then execute format('alter table %s enable row level security', t.rel); end if;
    if not t.forced then execute format('alter table %s force row level security', t.rel); end if;
    if not t.has_policy then
      execute format('create policy ${POLICY_NAME} on %s using (%s) with check (%s)',
        t.rel, $c$${TENANT_CONDITION}$c$, $c$${TENANT_CONDITION}$c$);
    end if;
  end loop;
end
$rls$`;

/** Runs ROW_SECURITY_SQL through any executor (the migrating owner's connection). */
export async function applyRowSecurity(db: {
  execute(query: ReturnType<typeof sql.raw>): Promise<unknown>;
}) {
  await db.execute(sql.raw(ROW_SECURITY_SQL));
}

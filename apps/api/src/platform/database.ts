import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateInOrder } from './migrations.ts';
import {
  applyRowSecurity,
  pgliteGate,
  systemPool,
  tenantPglite,
  tenantPool,
} from './tenant-connection.ts';
/**
 * The typed handle every module uses; PGlite and node-postgres both satisfy it. Queries name their
 * tables (each module's schema.ts), so the handle carries no schema of its own and the kernel
 * knows no module's tables.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  /**
   * The API's handle: queries run as the non-owner role under row-level security, for the company
   * bound to the async context (platform/tenant-connection.ts); unbound, they see no tenant row.
   */
  db: Database;
  /** The same connections on the system path (every company): seeds, scripts, tests' fixtures. */
  system: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface PgliteHandle extends DatabaseHandle {
  /** The embedded engine itself, for dumping its data directory (test templates). */
  client: PGlite;
}

/** Finds the committed SQL migrations whether running from src/ or from the bundle in dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('SQL migrations (apps/api/drizzle) not found');
}

// One arbitrary 64-bit key: instances starting together migrate one at a time.
const MIGRATION_LOCK_KEY = 727_001;

export async function openPostgres(url: string, migrateOnOpen = true): Promise<DatabaseHandle> {
  if (migrateOnOpen) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      // The owner migrates; FORCE ROW LEVEL SECURITY binds an owner that is not a superuser too.
      await client.query("select set_config('app.bypass', 'on', false)");
      const db = drizzlePg({ client });
      const folder = migrationsFolder();
      await migrateInOrder(db, folder, () => migratePg(db, { migrationsFolder: folder }));
      await applyRowSecurity(db);
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
      await client.end();
    }
  }
  // A request waits at most 5 s for a connection (all in use, or a server that accepts the socket but
  // never answers): then a 503 (error-handler.ts), not a request that hangs until the client gives up.
  const pool = tenantPool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection the server ends (a restart, an administrator's terminate) is dropped by the
  // pool, which opens a new one on the next query; unlistened, its 'error' would crash the process.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg({ client: pool }),
    system: drizzlePg({ client: systemPool(pool) }),
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/** PGlite in `dataDir` (persisted), or in memory from a dump when `loadDataDir` is given (tests). */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Another migrations folder (the upgrade test migrates to an earlier release first). */
  migrationsFolder?: string;
}): Promise<PgliteHandle> {
  if (options.dataDir) mkdirSync(resolve(options.dataDir), { recursive: true });
  const client = options.loadDataDir
    ? await PGlite.create({ loadDataDir: options.loadDataDir })
    : await PGlite.create(options.dataDir ? resolve(options.dataDir, 'pgdata') : undefined);
  const owner = drizzlePglite({ client });
  const folder = options.migrationsFolder ?? migrationsFolder();
  try {
    await migrateInOrder(owner, folder, () => migratePglite(owner, { migrationsFolder: folder }));
    await applyRowSecurity(owner);
  } catch (error) {
    await client.close();
    throw error;
  }
  // From here on every query goes through the gate: as the app role, bound to a company.
  const gate = pgliteGate(client);
  const db = drizzlePglite({ client: tenantPglite(gate) });
  const system = drizzlePglite({ client: tenantPglite(gate, 'system') });
  // The engine itself for what needs it (events' LISTEN, dumps).
  Reflect.set(db, '$client', client);
  Reflect.set(system, '$client', client);
  return { db, system, kind: 'pglite', client, close: () => client.close() };
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: config.DATA_DIR });
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

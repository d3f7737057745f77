import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Migrations apply in order, and none is skipped. drizzle's migrator applies every migration dated
 * (journal `when`) after the newest one a database has, so a migration that arrives dated before
 * it (generated on another branch, merged later) would be skipped for good, silently. Before
 * migrating, the journal's dates must rise with its order, and every migration dated up to the
 * database's newest must be in the database; otherwise the start stops with a message naming it.
 */
export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export class MigrationOrderError extends Error {}

export function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

const day = (when: number) => new Date(when).toISOString();

/** Throws a MigrationOrderError naming the migration out of order, skipped or unknown. */
export function checkMigrationOrder(journal: readonly JournalEntry[], applied: readonly number[]) {
  for (let i = 1; i < journal.length; i++) {
    const [before, entry] = [journal[i - 1], journal[i]];
    if (before && entry && entry.when <= before.when)
      throw new MigrationOrderError(
        `Migration ${entry.tag} is dated ${day(entry.when)}, not after ${before.tag} (${day(before.when)}): ` +
          'a database that has the earlier one would skip it. Give it a later "when" in ' +
          'apps/api/drizzle/meta/_journal.json (or generate it again after the others).',
      );
  }
  if (!applied.length) return;
  const newest = Math.max(...applied);
  const known = new Set(journal.map((entry) => entry.when));
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length)
    throw new MigrationOrderError(
      `The database has ${unknown.length} migration(s) this release does not know (the newest ` +
        `dated ${day(Math.max(...unknown))}): it was migrated by another release. Start that ` +
        'release, or restore a backup made for this one.',
    );
  const have = new Set(applied);
  const skipped = journal.filter((entry) => entry.when <= newest && !have.has(entry.when));
  if (skipped.length) {
    const last = journal.find((entry) => entry.when === newest);
    throw new MigrationOrderError(
      `The database is missing migration(s) ${skipped.map((entry) => entry.tag).join(', ')}, ` +
        `added out of order: they are dated before ${last?.tag ?? 'its newest'}, which it has, so ` +
        'they would never be applied. Apply their SQL (apps/api/drizzle/<tag>.sql) and record ' +
        'them in drizzle.__drizzle_migrations, or restore a backup; the server does not start ' +
        'on a database missing one.',
    );
  }
}

/** The rows of a raw query, as both drivers (PGlite, node-postgres) answer them. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

/** The dates of the migrations a database has (none for a new database). */
export async function appliedMigrations(db: Database): Promise<number[]> {
  const exists = rowsOf(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`),
  );
  if (!exists[0]?.found) return [];
  const rows = rowsOf(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by id`),
  );
  return rows.map((row) => Number(row.created_at));
}

/** Checks the order (see above), then runs `migrate`. */
export async function migrateInOrder(db: Database, folder: string, migrate: () => Promise<void>) {
  checkMigrationOrder(readJournal(folder), await appliedMigrations(db));
  await migrate();
}

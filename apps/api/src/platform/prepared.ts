import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './database.ts';

/** What drizzle's `.prepare(name)` gives back: run with the placeholders' values. */
interface PreparedStatement<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** Names are unique in the process: database handles may share connections (the system handle). */
let preparedCount = 0;

/**
 * A fixed-shape query of a hot path (sign-in, the session's user), built once per database handle
 * with `sql.placeholder(...)` for its values and sent as a named statement, as the engine's lists
 * are (resources/service.ts): building drizzle's SQL is a large share of such a request's CPU, and
 * PostgreSQL parses a named statement once per connection. Inside a transaction the query is
 * built each time, on the transaction's handle.
 *
 *   const userById = preparedQuery('user_by_id', (db) =>
 *     db.select().from(users).where(eq(users.id, sql.placeholder('id'))));
 *   const rows = await userById(db).execute({ id });
 */
export function preparedQuery<Result>(
  name: string,
  build: (db: Executor) => { prepare(name: string): PreparedStatement<Result> },
): (db: Executor) => PreparedStatement<Result> {
  const statementName = `${name}_${++preparedCount}`;
  const byDatabase = new WeakMap<Database, PreparedStatement<Result>>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db).prepare(statementName);
    let statement = byDatabase.get(db);
    if (!statement) byDatabase.set(db, (statement = build(db).prepare(statementName)));
    return statement;
  };
}

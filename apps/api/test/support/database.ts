import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Which database the API tests run on: PGlite unless TEST_DB=postgres and TEST_DATABASE_URL is set. */
export const testBackend = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export function postgresUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const uniqueDatabaseName = (prefix: string) =>
  `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

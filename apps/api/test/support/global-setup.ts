import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/platform/database.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { adminQuery, postgresUrl, testBackend, uniqueDatabaseName } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
  }
}

/**
 * Migrates and seeds one database, then every test file clones it: a PGlite data-dir dump, or a
 * PostgreSQL template database. Building each from scratch would cost seconds per file.
 */
export default async function setup(project: TestProject) {
  if (testBackend() === 'postgres') {
    const template = uniqueDatabaseName('portal_template');
    await adminQuery(`create database ${template}`);
    const handle = await openPostgres(postgresUrl(template));
    await seedDemo(handle.system);
    await handle.close();
    project.provide('templateDatabase', template);
    project.provide('templateDump', '');
    return async () => adminQuery(`drop database if exists ${template} with (force)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const handle = await openPglite({});
  await seedDemo(handle.system);
  const dump = await handle.client.dumpDataDir('gzip');
  await handle.close();
  const file = join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDump', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

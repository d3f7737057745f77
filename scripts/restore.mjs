// `npm run restore -- <backup>`: puts a backup made by `npm run backup` back. README.md,
// "Backup and restore". Stop the server first.
//   - portal-<time>.dump (PostgreSQL): pg_restore --clean --if-exists into DATABASE_URL
//   - portal-<time>.pglite.tar.gz (PGlite): loaded into DATA_DIR/pgdata, which must not exist
//     (move the current one aside first)
//   - portal-<time>-files.tar.gz: unpacked into DATA_DIR (uploads and keys)
// The server migrates a restored database to its own release when it starts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const env = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
const dataDir = resolve(env.DATA_DIR ?? './data');
const file = process.argv[2] ? resolve(process.argv[2]) : '';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}`);
}

try {
  if (!file || !existsSync(file)) throw new Error('usage: npm run restore -- <backup file>');
  if (file.endsWith('-files.tar.gz')) {
    run('tar', ['-xzf', file, '-C', dataDir]);
    console.log(`uploads and keys <- ${file}`);
  } else if (file.endsWith('.pglite.tar.gz')) {
    const pgdata = join(dataDir, 'pgdata');
    if (existsSync(pgdata))
      throw new Error(`${pgdata} exists: move it aside (stop the server first), then restore`);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(pgdata, {
      loadDataDir: new Blob([readFileSync(file)]),
    });
    await db.close();
    console.log(`database (PGlite) <- ${file}`);
  } else if (file.endsWith('.dump')) {
    if (!env.DATABASE_URL) throw new Error('set DATABASE_URL to the database to restore into');
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${env.DATABASE_URL}`,
      file,
    ]);
    console.log(`database (PostgreSQL) <- ${file}`);
  } else throw new Error(`${file}: not a backup made by npm run backup`);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

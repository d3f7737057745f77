// `npm run backup`: a copy of the portal's database, and of the uploaded files and keys, in
// BACKUP_DIR (default ./backups), named by the time it was made. README.md, "Backup and restore".
//   - DATABASE_URL set (PostgreSQL): pg_dump --format=custom -> portal-<time>.dump
//   - otherwise (embedded PGlite in DATA_DIR/pgdata): PGlite's dumpDataDir -> portal-<time>.pglite.tar.gz
//     (stop the server first: the embedded database takes one process at a time)
//   - DATA_DIR/uploads and the key files (secrets.key, uploads/.signing-key) -> portal-<time>-files.tar.gz
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const env = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
const dataDir = resolve(env.DATA_DIR ?? './data');
const backupDir = resolve(env.BACKUP_DIR ?? './backups');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
mkdirSync(backupDir, { recursive: true });

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}`);
}

try {
  if (env.DATABASE_URL) {
    const file = join(backupDir, `portal-${stamp}.dump`);
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, env.DATABASE_URL]);
    console.log(`database (PostgreSQL) -> ${file}`);
  } else {
    const pgdata = join(dataDir, 'pgdata');
    if (!existsSync(pgdata)) throw new Error(`no embedded database in ${pgdata} (set DATA_DIR)`);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(pgdata);
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    const file = join(backupDir, `portal-${stamp}.pglite.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`database (PGlite) -> ${file}`);
  }
  const files = ['uploads', 'secrets.key'].filter((name) => existsSync(join(dataDir, name)));
  if (files.length) {
    const file = join(backupDir, `portal-${stamp}-files.tar.gz`);
    run('tar', ['-czf', file, '-C', dataDir, ...files]);
    console.log(`uploads and keys -> ${file}`);
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

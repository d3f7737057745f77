// `npm start`: builds whatever is missing or older than its sources, then serves web + API on PORT.
// Also the root `prepare` script (with --build-only), so `npm install` leaves everything built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of any file under these paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((path) => walk(join(root, path)));
  return latest;
}

const targets = [
  {
    workspace: '@portal/api',
    output: 'apps/api/dist/main.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/contract/src'],
  },
  {
    workspace: '@portal/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
  },
];

for (const { workspace, output, sources } of targets) {
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built >= newest(sources)) continue;
  console.log(`building ${workspace} ...`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm install` runs this with --build-only (the root `prepare` script), so `npm start` only starts.
if (process.argv.includes('--build-only')) process.exit(0);

// The server handles SIGTERM itself (graceful shutdown); pass signals on and exit as it does.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/api/dist/main.js')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

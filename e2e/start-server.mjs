// Starts the built API (which also serves the built web app) for the browser tests, on a fresh
// embedded database each run. Playwright runs this as its webServer and stops it afterwards.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_API_ENTRY and E2E_WEB_DIST point at another build, so engineers sharing a working tree can
// each test their own build on their own E2E_PORT without overwriting each other's dist/.
const apiEntry = process.env.E2E_API_ENTRY ?? join(root, 'apps/api/dist/main.js');
const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist');
for (const [what, path] of [
  ['API', apiEntry],
  ['web app', join(webDist, 'index.html')],
]) {
  if (!existsSync(path)) {
    console.error(`The ${what} is not built (${path} is missing); run \`npm run build\` first.`);
    process.exit(1);
  }
}

const dataDir = join(tmpdir(), `portal-e2e-${process.env.E2E_PORT ?? '8093'}`);
rmSync(dataDir, { recursive: true, force: true });

// Browser tests always run on the embedded PGlite database, whatever the environment offers.
delete process.env.DATABASE_URL;
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '8093',
  HOST: '127.0.0.1',
  WEB_DIST: webDist,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  SEED_DEMO: 'true',
  // The auto clock-out job runs often enough for a browser test to see it act.
  HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: '2',
});
await import(apiEntry);

import { join } from 'node:path';
import { benchDir } from './paths.ts';
import { freePort, startChild, stopChild, waitForHealthy } from './processes.ts';
import type { Backend, RunningServer } from './server.ts';

/** Starts lib/baseline-server.ts (through tsx) on a free port against the same database. */
export async function startBaseline(backend: Backend): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  delete env.DATABASE_URL;
  delete env.PGLITE_DIR;
  if (backend.kind === 'pglite') env.PGLITE_DIR = join(backend.dataDir, 'pgdata');
  else env.DATABASE_URL = backend.databaseUrl;

  const script = join(benchDir, 'lib/baseline-server.ts');
  const child = startChild(process.execPath, ['--import', 'tsx', script], { cwd: benchDir, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${baseUrl}/health`, child, 60_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseUrl, child, stop: () => stopChild(child) };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';

/**
 * Every child the bench starts is tracked here, so a crash, an error or Ctrl-C never leaves a
 * server running: `killAll` runs on exit and on SIGINT/SIGTERM.
 */
const children = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

/** Runs a benchmark's main: an error is printed and fails the run; no child outlives it. */
export function runMain(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(killAll);
}

/**
 * Creates a benchmark's throwaway PostgreSQL database `<prefix>_<pid>` through the admin URL: the
 * admin connection (for dropBenchDatabase), the database's name and its URL.
 */
export async function createBenchDatabase(adminUrl: string, prefix: string) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  const database = `${prefix}_${String(process.pid)}`;
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return { admin, database, databaseUrl: url.toString() };
}

/**
 * Drops a benchmark's throwaway database and ends the admin connection; BENCH_KEEP_DB=1 keeps the
 * database for EXPLAIN (its name is printed).
 */
export async function dropBenchDatabase(admin: pg.Client, database: string): Promise<void> {
  if (process.env.BENCH_KEEP_DB) console.log(`kept database ${database}`);
  else await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}

/** Undo steps (drop the throwaway database, remove the temp dir) still pending, run on interrupt. */
const pendingCleanups = new Set<() => Promise<void> | void>();

/**
 * Runs `body`, then `cleanup` whatever happens; if the bench is interrupted meanwhile, the signal
 * handler runs `cleanup` before exiting.
 */
export async function withCleanup<T>(
  cleanup: () => Promise<void> | void,
  body: () => Promise<T>,
): Promise<T> {
  pendingCleanups.add(cleanup);
  try {
    return await body();
  } finally {
    pendingCleanups.delete(cleanup);
    await cleanup();
  }
}

let installed = false;
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: Ctrl-C reaches us twice (directly and relayed by tsx), and a second signal
    // without a handler would kill the process before the cleanup has run. Cleanups must be async:
    // tsx SIGKILLs a child whose event loop does not acknowledge a relayed signal within 30 ms.
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping servers and cleaning up ...`);
      killAll();
      const cleanups = [...pendingCleanups].map(async (cleanup) => {
        try {
          await cleanup();
        } catch (error) {
          console.error('cleanup failed:', error);
        }
      });
      const deadline = new Promise((r) => setTimeout(r, 5_000).unref());
      void Promise.race([Promise.all(cleanups), deadline]).then(() => process.exit(130));
    });
  }
}

/** A child with its recent output kept for error messages and log counting. */
export interface Child {
  process: ChildProcess;
  /** Output lines (stdout and stderr), most recent last, capped. */
  lines: string[];
  /** Resolves with the exit code (or signal) once the child has exited. */
  exited: Promise<string>;
}

const MAX_LINES = 2000;

export function startChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  installCleanup();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > MAX_LINES) lines.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<string>((resolveExit) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolveExit(signal ?? String(code));
    });
    child.once('error', (error) => {
      children.delete(child);
      lines.push(`spawn error: ${error.message}`);
      resolveExit('spawn-error');
    });
  });
  return { process: child, lines, exited };
}

/** SIGTERM (graceful), then SIGKILL if the child has not gone after `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Runs a command to completion, inheriting the terminal; resolves with its exit code. */
export function runCommand(command: string, args: string[], cwd: string): Promise<number> {
  installCleanup();
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    children.add(child);
    child.once('exit', (code) => {
      children.delete(child);
      resolveRun(code ?? 1);
    });
    child.once('error', () => {
      children.delete(child);
      resolveRun(1);
    });
  });
}

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

/** Polls `url` until it answers 200, the child exits, or `timeoutMs` passes. */
export async function waitForHealthy(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: string | undefined;
  void child.exited.then((how) => {
    exitedWith = how;
  });
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) {
      throw new Error(
        `server exited (${exitedWith}) before ${url} answered:\n${child.lines.slice(-20).join('\n')}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs} ms:\n${child.lines.slice(-20).join('\n')}`,
  );
}

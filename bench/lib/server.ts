import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { apiDir, apiEntry, benchDir, repoRoot } from './paths.ts';
import {
  type Child,
  freePort,
  runCommand,
  startChild,
  stopChild,
  waitForHealthy,
} from './processes.ts';

export type Backend =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

export interface RunningServer {
  baseUrl: string;
  child: Child;
  stop(): Promise<void>;
}

/** Builds apps/api/dist/main.js when it is missing (an existing build is used as is). */
export async function ensureApiBuilt(): Promise<void> {
  if (existsSync(apiEntry)) return;
  console.log('apps/api/dist/main.js is missing: building the API ...');
  const code = await runCommand(process.execPath, ['build.mjs'], apiDir);
  if (code !== 0 || !existsSync(apiEntry)) throw new Error(`API build failed (exit ${code})`);
}

/** Starts the built API as a child on a free port and waits for GET /api/health. */
export async function startApi(backend: Backend): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    NODE_ENV: 'development',
    // API only: the bench measures /api, and static serving of the web app is not part of it.
    WEB_DIST: join(benchDir, '.no-web-dist'),
  };
  delete env.DATABASE_URL;
  if (backend.kind === 'pglite') env.DATA_DIR = backend.dataDir;
  else env.DATABASE_URL = backend.databaseUrl;

  const child = startChild(process.execPath, [apiEntry], { cwd: repoRoot, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${baseUrl}/api/health`, child, 120_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseUrl, child, stop: () => stopChild(child) };
}

export interface LoginResult {
  token: string;
}

/** Signs in and returns the bearer token (the login reply carries `token` at the top level). */
export async function login(
  baseUrl: string,
  email: string,
  password: string,
): Promise<LoginResult> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await response.json();
  const token =
    typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
  if (!response.ok || typeof token !== 'string') {
    throw new Error(
      `login as ${email} failed: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return { token };
}

/** GET (with the bearer token when given); returns the parsed JSON body (throws on a non-2xx status). */
export async function getJson(baseUrl: string, path: string, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`GET ${path}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

export interface LogSummary {
  /** pino lines at warn level. */
  warnings: number;
  /** pino lines at error or fatal level. */
  errors: number;
  /** Lines that are not pino JSON (Node warnings, stack traces, console output). */
  other: number;
  /** A few distinct messages, for the report. */
  samples: string[];
}

/** Sorts the server's output: pino JSON at warn and above (LOG_LEVEL=warn hides the rest), and anything else. */
export function summariseLogs(lines: readonly string[]): LogSummary {
  const summary: LogSummary = { warnings: 0, errors: 0, other: 0, samples: [] };
  for (const line of lines) {
    let level: number | undefined;
    let message = line;
    try {
      const parsed: unknown = JSON.parse(line);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'level' in parsed &&
        typeof parsed.level === 'number'
      ) {
        level = parsed.level;
        if ('msg' in parsed && typeof parsed.msg === 'string') message = parsed.msg;
      }
    } catch {
      // not JSON
    }
    if (level === undefined) summary.other++;
    else if (level >= 50) summary.errors++;
    else if (level >= 40) summary.warnings++;
    else continue;
    const sample = message.trim().slice(0, 160);
    if (summary.samples.length < 4 && !summary.samples.includes(sample))
      summary.samples.push(sample);
  }
  return summary;
}

export const logsAreQuiet = (summary: LogSummary) =>
  summary.warnings + summary.errors + summary.other === 0;

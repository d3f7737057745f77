// `npm run check:faults`: the fault checks of issue 12 item 8, against a real server process.
//   sigterm  - under a write load, SIGTERM: the server exits 0 and every write answered 2xx is there
//              after a restart (embedded PGlite, and PostgreSQL when FAULTS_DATABASE_URL is set).
//   outage   - PostgreSQL unreachable during load (the link through a TCP proxy cut, then the API's
//              backends ended with pg_terminate_backend): only 2xx or 503 with a message, never a 500
//              or a stack, the process stays up, and it answers 200 again by itself once it is back.
//              Needs FAULTS_DATABASE_URL (a server where it may create and drop `faults_check`).
//   sigkill  - SIGKILL during writes on the embedded database: it restarts cleanly and every write
//              answered 2xx is present (several rounds on one data directory).
// Run all: `npm run check:faults`; some: `npm run check:faults -- sigkill sigterm`.
// It builds its own bundle (apps/api/dist-faults-check) and uses ports FAULTS_PORT.. (18610..).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'apps/api/dist-faults-check/main.js');
const basePort = Number(process.env.FAULTS_PORT ?? 18610);
const pgUrl = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DEMO = { email: 'agent@demo.example', password: 'Demo@12345' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const failures = [];
const check = (ok, what) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function build() {
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@portal/api'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_OUTFILE: 'dist-faults-check/main.js' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Starts the built API; resolves once /api/health answers. */
async function start(port, env) {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = { child, exited, output: () => output, url: `http://127.0.0.1:${port}/api` };
  // Generous: a first start migrates and seeds, slow on a busy machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${server.url}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

async function login(server) {
  const response = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = await response.json();
  if (!body.token) throw new Error(`sign-in failed: ${response.status} ${body.message}`);
  return body.token;
}

/** One request; `status` 0 when no answer came (refused, reset: the server was not there). */
async function call(server, token, method, path, body) {
  try {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: counted by status, text kept for the report
    }
    return { status: response.status, json, text };
  } catch (error) {
    return { status: 0, error: String(error.cause?.code ?? error.message) };
  }
}

/**
 * Writers: `workers` loops, each creating adjustment reasons named `${tag}-<n>` until `stop()`.
 * Every answer is kept; `answered` lists the writes answered 2xx with their ids.
 */
function writeLoad(server, token, tag, workers = 8) {
  let running = true;
  let n = 0;
  const answers = [];
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const name = `${tag}-${n++}`;
      const result = await call(server, token, 'POST', '/adjustment-reasons', { name });
      answers.push({ name, ...result });
      if (result.status === 0) await sleep(20);
    }
  });
  return {
    answers,
    answered: () => answers.filter((a) => a.status >= 200 && a.status < 300),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every answered write is present after the restart, with its name (read one by one, by id). */
async function verifyPresent(server, token, answered) {
  let found = 0;
  const missing = [];
  for (const write of answered) {
    const id = write.json?.data?.id;
    const result = await call(server, token, 'GET', `/adjustment-reasons/${id}`);
    if (result.status === 200 && result.json?.data?.name === write.name) found++;
    else missing.push(`${write.name} (id ${id}: ${result.status})`);
  }
  return { found, missing };
}

const counts = (answers) => {
  const byStatus = {};
  for (const a of answers) {
    const key = a.status || `no answer: ${a.error}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return JSON.stringify(byStatus);
};

async function sigterm(label, port, env) {
  console.log(`\n== sigterm (${label}): SIGTERM under a write load`);
  let server = await start(port, env);
  let token = await login(server);
  const load = writeLoad(server, token, `sigterm-${Date.now()}`);
  await sleep(1500);
  const beforeSignal = load.answered().length;
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  await load.stop();
  const answered = load.answered();
  console.log(
    `  answers by status ${counts(load.answers)} ${beforeSignal} answered 2xx before the signal, ${answered.length} in all`,
  );
  check(
    code === 0 && signal === null,
    `the server exited 0 after SIGTERM (code ${code}, signal ${signal})`,
  );
  check(
    !load.answers.some((a) => a.status >= 500 && a.status !== 503),
    'no 5xx other than 503 while closing',
  );
  check(answered.length > 0, 'writes were answered 2xx before the shutdown');
  server = await start(port, env);
  token = await login(server);
  const { found, missing } = await verifyPresent(server, token, answered);
  console.log(`  after the restart: ${found} of ${answered.length} answered writes found`);
  const unanswered = load.answers.filter((a) => a.status === 0);
  let done = 0;
  for (const write of unanswered) {
    const result = await call(server, token, 'GET', `/adjustment-reasons?search=${write.name}`);
    if (result.status === 200 && result.text.includes(`"name":"${write.name}"`)) done++;
  }
  console.log(
    `  of ${unanswered.length} requests that got no answer, ${done} were written anyway (in flight when the connection dropped)`,
  );
  check(
    missing.length === 0,
    `every answered write is present${missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}` : ''}`,
  );
  server.child.kill('SIGTERM');
  await server.exited;
}

async function sigkill(port) {
  console.log('\n== sigkill (PGlite): SIGKILL during writes, restart, answered writes present');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-faults-kill-'));
  const env = { DATA_DIR: dataDir };
  const allAnswered = [];
  try {
    for (let round = 1; round <= 3; round++) {
      const server = await start(port, env);
      const token = await login(server);
      const load = writeLoad(server, token, `sigkill-${round}-${Date.now()}`);
      await sleep(1000 + round * 500);
      server.child.kill('SIGKILL');
      await server.exited;
      await load.stop();
      const answered = load.answered();
      allAnswered.push(...answered);
      console.log(
        `  round ${round}: killed with writes in flight; answers ${counts(load.answers)}`,
      );
      check(answered.length > 0, `round ${round}: writes were answered 2xx before the kill`);
    }
    const startedAt = Date.now();
    const server = await start(port, env);
    console.log(`  restarted on the killed data directory in ${Date.now() - startedAt} ms`);
    const token = await login(server);
    const { found, missing } = await verifyPresent(server, token, allAnswered);
    console.log(
      `  ${allAnswered.length} writes answered 2xx over 3 kills, ${found} found after the restart`,
    );
    check(
      missing.length === 0,
      `every answered write is present${missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}` : ''}`,
    );
    const write = await call(server, token, 'POST', '/adjustment-reasons', {
      name: `after-kill-${Date.now()}`,
    });
    check(
      write.status === 201 || write.status === 200,
      `the restarted server takes writes (${write.status})`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A TCP proxy to PostgreSQL that can be cut (refuses and drops every link) and restored. */
async function pgProxy(target, port) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  return {
    cut: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** Readers and writers while the database goes away; every answer is kept with the phase it fell in. */
function mixedLoad(server, token, tag) {
  let phase = 'up';
  let running = true;
  let n = 0;
  const answers = [];
  const loops = Array.from({ length: 6 }, async (_, worker) => {
    while (running) {
      const current = phase;
      const result =
        worker % 2
          ? await call(server, token, 'GET', '/adjustment-reasons?perPage=5')
          : await call(server, token, 'POST', '/adjustment-reasons', { name: `${tag}-${n++}` });
      answers.push({ phase: current, ...result });
      await sleep(25);
    }
  });
  return {
    answers,
    setPhase: (next) => (phase = next),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function waitForRecovery(server, token) {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    const result = await call(server, token, 'GET', '/adjustment-reasons?perPage=1');
    if (result.status === 200) return Date.now() - started;
    await sleep(100);
  }
  return null;
}

function judgeOutage(load, what) {
  const down = load.answers.filter((a) => a.phase === 'down');
  const bad = load.answers.filter((a) => a.status !== 503 && (a.status >= 500 || a.status === 0));
  const unavailable = down.filter((a) => a.status === 503);
  console.log(`  answers while down ${counts(down)}; in all ${counts(load.answers)}`);
  check(unavailable.length > 0, `${what}: requests while it is down answer 503`);
  check(
    bad.length === 0,
    `${what}: no 500 and no dropped request${bad.length ? ` (${counts(bad)}: ${bad[0].text ?? bad[0].error})` : ''}`,
  );
  const messages = new Set(unavailable.map((a) => a.json?.message));
  check(
    messages.size === 1 && [...messages][0]?.length > 10,
    `${what}: the 503s carry one clear message: ${JSON.stringify([...messages])}`,
  );
  check(
    !unavailable.some((a) => /\bat .+:\d+|stack|ECONN|57P01|terminat/i.test(a.text)),
    `${what}: no stack or driver detail in the 503s`,
  );
}

async function outage(port) {
  console.log('\n== outage (PostgreSQL): the database goes away during load and comes back');
  const admin = new URL(pgUrl);
  const database = 'faults_check';
  const adminQuery = async (statement, params) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      return await client.query(statement, params);
    } finally {
      await client.end();
    }
  };
  await adminQuery(`drop database if exists ${database} with (force)`);
  await adminQuery(`create database ${database}`);
  const proxyPort = port + 5;
  const proxy = await pgProxy(
    { host: admin.hostname, port: Number(admin.port || 5432) },
    proxyPort,
  );
  const viaProxy = new URL(admin);
  viaProxy.host = `127.0.0.1:${proxyPort}`;
  viaProxy.pathname = `/${database}`;
  const server = await start(port, { DATABASE_URL: viaProxy.toString() });
  try {
    const token = await login(server);

    // 1. The link cut: the server refuses new connections and every open one drops, for 3 s.
    let load = mixedLoad(server, token, `outage-cut-${Date.now()}`);
    await sleep(1000);
    load.setPhase('down');
    await proxy.cut();
    await sleep(3000);
    await proxy.restore();
    load.setPhase('back');
    let recovered = await waitForRecovery(server, token);
    await sleep(500);
    await load.stop();
    judgeOutage(load, 'link cut');
    check(
      recovered !== null,
      `link cut: answers 200 again by itself, ${recovered} ms after the link is back`,
    );

    // 2. The API's backends ended by the server (what a PostgreSQL restart does to them), repeatedly.
    load = mixedLoad(server, token, `outage-term-${Date.now()}`);
    await sleep(500);
    load.setPhase('down');
    for (let i = 0; i < 10; i++) {
      await adminQuery(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      await sleep(200);
    }
    load.setPhase('back');
    recovered = await waitForRecovery(server, token);
    await sleep(500);
    await load.stop();
    const term = load.answers;
    const bad = term.filter((a) => a.status >= 500 && a.status !== 503);
    console.log(`  pg_terminate_backend x10: answers ${counts(term)}`);
    check(
      bad.length === 0 && !term.some((a) => a.status === 0),
      'terminated backends: no 500 and no dropped request',
    );
    check(
      term.filter((a) => a.status === 503).every((a) => !/\bat .+:\d+|stack/i.test(a.text)),
      'terminated backends: any 503 has no stack',
    );
    check(recovered !== null, `terminated backends: answers 200 by itself (${recovered} ms after)`);
    const alive = server.child.exitCode === null;
    check(alive, 'the API process is still running');
    if (!alive) console.log(server.output().split('\n').slice(-40).join('\n'));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    proxy.close();
    await adminQuery(`drop database if exists ${database} with (force)`);
  }
}

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const run = (name) => wanted.length === 0 || wanted.includes(name);
build();
try {
  if (run('sigterm')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-faults-term-'));
    try {
      await sigterm('PGlite', basePort, { DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (run('sigkill')) await sigkill(basePort + 1);
  if ((run('outage') || run('sigterm')) && !pgUrl)
    console.log(
      '\nFAULTS_DATABASE_URL (or TEST_DATABASE_URL) is not set: the PostgreSQL checks are skipped.',
    );
  if (pgUrl && run('sigterm')) {
    const admin = new URL(pgUrl);
    const database = 'faults_check_term';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
    const url = new URL(admin);
    url.pathname = `/${database}`;
    try {
      await sigterm('PostgreSQL', basePort + 2, { DATABASE_URL: url.toString() });
    } finally {
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    }
  }
  if (pgUrl && run('outage')) await outage(basePort + 3);
} finally {
  rmSync(join(root, 'apps/api/dist-faults-check'), { recursive: true, force: true });
}
console.log(
  failures.length ? `\n${failures.length} fault check(s) FAILED` : '\nall fault checks passed',
);
process.exit(failures.length ? 1 : 0);

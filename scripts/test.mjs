// `npm test`: every check in order; stops at the first failing step and exits non-zero.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'portal-test-reports-'));
const totals = { passed: 0, failed: 0 };

/** Vitest's JSON report: counts of passed and failed tests. */
const vitestCounts = (file) => {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests };
};
/** Playwright's JSON report: expected (passed) and unexpected (failed) tests. */
const playwrightCounts = (file) => {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
};

const vitest = (project, name, env = {}) => {
  const file = join(reports, `${name}.json`);
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${file}`,
    ],
    env,
    report: file,
    count: vitestCounts,
  };
};

const steps = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  vitest('unit', 'unit'),
  vitest('api', 'api (PGlite)', { TEST_DB: 'pglite' }),
];
if (process.env.TEST_DATABASE_URL)
  steps.push(vitest('api', 'api (PostgreSQL)', { TEST_DB: 'postgres' }));
else console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
steps.push({ name: 'build', command: ['npm', 'run', '--silent', 'build'] });
const e2eReport = join(reports, 'e2e.json');
steps.push({
  name: 'e2e (Chromium)',
  command: ['npx', 'playwright', 'test', '--reporter=list,json'],
  cwd: join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  report: e2eReport,
  count: playwrightCounts,
});

for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}`);
  const result = spawnSync(step.command[0], step.command.slice(1), {
    cwd: step.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  if (step.report && existsSync(step.report)) {
    const { passed, failed } = step.count(step.report);
    totals.passed += passed;
    totals.failed += failed;
  }
  console.log(
    `=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    console.log(`\n${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);

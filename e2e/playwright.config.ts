import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8093);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // CI's machine runs two browsers, the server and its database on two shared cores: a first page
  // load after sign-in has taken over 10 s there. The limits only decide how long a failure waits.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // Recording a trace (a screencast of every frame) doubles the CPU a test costs on a 2-core
    // machine, so a trace is recorded only when a failed test is retried (CI retries once).
    // Locally: `npx playwright test --trace on` for one.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium; Playwright's own browsers are never downloaded.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

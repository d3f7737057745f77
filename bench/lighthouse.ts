/**
 * npm run bench:lighthouse -w @portal/bench: Lighthouse performance of the sign-in page (/login)
 * and the signed-in home page (/, which lands on the user's home screen), mobile and desktop
 * presets, against a running server (BENCH_WEB_URL, default http://127.0.0.1:8080; e.g. an
 * engineer's private build started with e2e/start-server.mjs). Debian's Chromium
 * (LIGHTHOUSE_CHROME, default /usr/bin/chromium), headless. Prints score, LCP, TBT and the
 * JavaScript transferred; figures, never pass or fail.
 *
 * The home page is measured signed in as BENCH_WEB_EMAIL (default the demo seed's
 * agent@demo.example, password BENCH_WEB_PASSWORD or Demo@12345): the sign-in form is filled
 * first and Lighthouse keeps that storage. BENCH_LIGHTHOUSE_PAGES=home (or sign-in) measures one
 * page; BENCH_LIGHTHOUSE_JSON=<dir> writes each run's full report there (<page>-<preset>.json) for
 * its bootup-time, long tasks, network requests and unused JavaScript.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Config } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const baseUrl = (process.env.BENCH_WEB_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const chromePath = process.env.LIGHTHOUSE_CHROME ?? '/usr/bin/chromium';
const email = process.env.BENCH_WEB_EMAIL ?? 'agent@demo.example';
const password = process.env.BENCH_WEB_PASSWORD ?? 'Demo@12345';
const jsonDir = process.env.BENCH_LIGHTHOUSE_JSON;

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

interface Figures {
  score: number | null;
  lcpMs: number | undefined;
  tbtMs: number | undefined;
  jsBytes: number;
  jsFiles: number;
}

type Preset = 'mobile' | 'desktop';

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type=email], input[name=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('button[type=submit]').click();
  // The top bar's menu button: the side menu itself is not in a phone-sized page until opened.
  await page.waitForSelector('button[aria-label="Open navigation"]', { timeout: 60_000 });
  // A first visit's load: the session stays, the files the sign-in fetched do not.
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

async function measure(
  name: string,
  path: string,
  preset: Preset,
  signedIn: boolean,
): Promise<Figures> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (signedIn) await signIn(page);
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the signed-in session of signIn (Lighthouse clears storage by default).
        disableStorageReset: signedIn,
      };
      const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
      const result = await lighthouse(`${baseUrl}${path}`, flags, config, page);
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (jsonDir) writeFileSync(join(jsonDir, `${name}-${preset}.json`), JSON.stringify(lhr));
      const requests = lhr.audits['network-requests']?.details;
      const items =
        requests && requests.type === 'table'
          ? requests.items.filter((item) => item.resourceType === 'Script')
          : [];
      const jsBytes = items.reduce(
        (sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0),
        0,
      );
      return {
        score: lhr.categories.performance?.score ?? null,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue,
        jsBytes,
        jsFiles: items.length,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} ms`);

async function main() {
  const pages = [
    { name: 'sign-in', path: '/login', signedIn: false },
    { name: 'home', path: '/', signedIn: true },
  ];
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  console.log(`Lighthouse performance against ${baseUrl} (${chromePath}):`);
  for (const target of pages.filter((p) => !only || only.includes(p.name))) {
    for (const preset of ['mobile', 'desktop'] as const) {
      try {
        const f = await measure(target.name, target.path, preset, target.signedIn);
        const score = f.score === null ? '?' : String(Math.round(f.score * 100));
        console.log(
          `  ${target.name.padEnd(8)} ${target.path.padEnd(7)} ${preset.padEnd(8)} score ${score.padStart(3)}  ` +
            `LCP ${ms(f.lcpMs).padStart(8)}  TBT ${ms(f.tbtMs).padStart(7)}  ` +
            `JS ${(f.jsBytes / 1024).toFixed(1)} KiB in ${f.jsFiles} files`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.log(`  ${target.name} ${preset}: not measured (${message.split('\n')[0]})`);
        process.exitCode = 1;
      }
    }
  }
}

await main();

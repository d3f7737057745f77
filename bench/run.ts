/**
 * npm run bench: load figures for the API on PGlite and PostgreSQL, a bare Fastify + SQL baseline
 * for the users list, and the web app's initial JS size. Prints figures; never passes or fails.
 *
 * Env: BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 1), BENCH_CONNECTIONS (default 10),
 * BENCH_PG_URL (admin URL for the throwaway database, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SERIES (tenant sizes, default 10000,100000,1000000; empty to skip), BENCH_SERIES_SECONDS
 * (default 5), BENCH_ONLY=series (only the series and the lone sign-in).
 */
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type BackendReport, runPglite, runPostgres } from './lib/backends.ts';
import { measureBundle, measureRoutes } from './lib/bundle-size.ts';
import type { LoadOptions } from './lib/load.ts';
import { installCleanup, killAll } from './lib/processes.ts';
import { type BenchReport, formatReport, writeJson } from './lib/report.ts';
import { apiEntry } from './lib/paths.ts';
import { formatSeries, runSeries, type SeriesReport } from './lib/series.ts';
import { ensureApiBuilt } from './lib/server.ts';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return value;
}

async function backendOrFailure(
  name: string,
  run: () => Promise<BackendReport>,
): Promise<BackendReport> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${name} failed: ${message}`);
    process.exitCode = 1;
    return { name, status: 'failed', note: message.split('\n')[0] ?? message, api: [] };
  }
}

async function main() {
  installCleanup();
  const started = performance.now();
  const loadAverageBefore = loadavg();
  const load: LoadOptions = {
    seconds: Math.max(1, numberFromEnv('BENCH_SECONDS', 10)),
    warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 1),
    connections: Math.max(1, Math.round(numberFromEnv('BENCH_CONNECTIONS', 10))),
  };
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  await ensureApiBuilt();
  const apiBuiltAt = statSync(apiEntry).mtime.toISOString();
  const only = process.env.BENCH_ONLY ?? '';
  const backends =
    only === 'series'
      ? []
      : [
          await backendOrFailure('PGlite', () => runPglite(load)),
          await backendOrFailure('PostgreSQL', () => runPostgres(load, adminUrl)),
        ];
  const sizes = (process.env.BENCH_SERIES ?? '10000,100000,1000000')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  let series: SeriesReport = { status: 'skipped', note: 'BENCH_SERIES empty', points: [] };
  if (sizes.length) {
    const seriesLoad = { ...load, seconds: Math.max(1, numberFromEnv('BENCH_SERIES_SECONDS', 5)) };
    try {
      series = await runSeries(seriesLoad, adminUrl, sizes);
    } catch (error) {
      console.error('series failed:', error);
      series = { status: 'failed', note: String(error), points: [] };
    }
  }
  console.log('Measuring the web app initial JS ...');
  const bundle = await measureBundle();
  const routes = measureRoutes();

  const report: BenchReport = {
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    wallSeconds: (performance.now() - started) / 1000,
    apiBuiltAt,
    settings: load,
    machine: {
      node: process.version,
      cpus: cpus().length,
      platform: `${process.platform}/${process.arch}`,
      loadAverageBefore,
      loadAverageAfter: loadavg(),
    },
    backends,
    bundle,
    routes,
    series,
  };
  console.log(`\n${formatReport(report)}`);
  console.log(`\n${formatSeries(series)}`);
  console.log(`JSON: ${writeJson(report)}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(killAll);

import type { SeriesReport } from './series.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { BackendReport } from './backends.ts';
import { type BundleSize, formatRoutes, type RouteBundles } from './bundle-size.ts';
import type { LoadResult } from './load.ts';
import { resultsDir } from './paths.ts';
import { type LogSummary, logsAreQuiet } from './server.ts';

export interface BenchReport {
  startedAt: string;
  wallSeconds: number;
  /** mtime of apps/api/dist/main.js: the bench uses an existing build as is. */
  apiBuiltAt: string;
  settings: { seconds: number; warmupSeconds: number; connections: number };
  machine: {
    node: string;
    cpus: number;
    platform: string;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  backends: BackendReport[];
  bundle: BundleSize;
  routes: RouteBundles;
  /** Tenant-size series and the lone sign-in (series.ts). */
  series?: SeriesReport;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const bytes = (value: number) =>
  `${value.toLocaleString('en-US')} B (${(value / 1024).toFixed(1)} KiB)`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function describeLog(log: LogSummary | undefined): string {
  if (!log) return 'not captured';
  if (logsAreQuiet(log)) return 'none';
  const counts = `${log.warnings} warn, ${log.errors} error, ${log.other} other line(s)`;
  return `${counts}; e.g. ${log.samples.map((s) => JSON.stringify(s)).join(', ')}`;
}

function loadRow(backend: string, label: string, r: LoadResult): string[] {
  const statuses = Object.entries(r.statusCodes)
    .map(([code, count]) => `${code}:${count}`)
    .join(' ');
  return [
    backend,
    label,
    fixed(r.requestsPerSecond),
    fixed(r.latencyP50Ms, 2),
    fixed(r.latencyP99Ms, 2),
    String(r.requests),
    String(r.non2xx),
    String(r.errors + r.timeouts),
    statuses,
  ];
}

export function formatReport(report: BenchReport): string {
  const { settings, machine } = report;
  const out: string[] = [];
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  out.push(
    `Store Portal bench: ${settings.seconds} s per target after ${settings.warmupSeconds} s warm-up, ` +
      `${settings.connections} connections (Node ${machine.node}, ${machine.cpus} CPUs, ${machine.platform})`,
    `Load average before ${load(machine.loadAverageBefore)}, after ${load(machine.loadAverageAfter)}` +
      ' (other work on the machine skews the figures)',
    `API: apps/api/dist/main.js built ${report.apiBuiltAt} (an existing build is used as is)`,
    '',
  );
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const b of report.backends) {
    if (b.status !== 'ok') {
      notes.push(`${b.name}: ${b.status}${b.note ? ` (${b.note})` : ''}`);
      continue;
    }
    for (const r of b.api) rows.push(loadRow(b.name, `${r.method} ${r.path}`, r));
    if (b.baseline) rows.push(loadRow(b.name, `baseline GET ${b.baseline.path}`, b.baseline));
  }
  out.push(
    table(
      [
        'backend',
        'endpoint',
        'req/s',
        'p50 ms',
        'p99 ms',
        'requests',
        'non-2xx',
        'errors',
        'statuses',
      ],
      rows,
    ),
  );
  out.push('');
  for (const b of report.backends) {
    if (b.status !== 'ok') continue;
    if (b.ratio) {
      out.push(
        `${b.name}: platform/baseline for the users list: req/s ${fixed(b.ratio.requestsPerSecond, 2)}x, ` +
          `p50 ${fixed(b.ratio.latencyP50, 2)}x`,
      );
    }
    const seed =
      b.seedSeconds === undefined
        ? ''
        : `, ${b.seededUsers} seeded in ${fixed(b.seedSeconds, 2)} s`;
    out.push(`${b.name}: ${b.usersInCompany ?? '?'} users in company 1${seed}`);
    out.push(`${b.name}: API output at startup: ${describeLog(b.apiStartupLog)}`);
    out.push(`${b.name}: API output under load: ${describeLog(b.apiLoadLog)}`);
  }
  out.push(...notes);
  out.push('');
  const bundle = report.bundle;
  if (bundle.status === 'ok') {
    out.push(
      `Web initial JS (${bundle.files.length} files from index.html scripts + modulepreload): ` +
        `gzip -9 ${bytes(bundle.gzipBytes)}, raw ${bytes(bundle.rawBytes)}`,
    );
    for (const f of bundle.files)
      out.push(`  ${f.file}: gzip ${bytes(f.gzipBytes)}, raw ${bytes(f.rawBytes)}`);
    if (bundle.note) out.push(`  note: ${bundle.note}`);
  } else {
    out.push(`Web initial JS: not measured (${bundle.note})`);
  }
  out.push(...formatRoutes(report.routes));
  out.push('', `Run took ${fixed(report.wallSeconds)} s.`);
  return out.join('\n');
}

export function writeJson(report: BenchReport): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'latest.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/**
 * Writes one benchmark's figures to bench/results/<name>.json beside the machine's CPUs and its
 * load average before and after (figures from a busy machine mean little), and prints the path.
 */
export function writeResults(
  name: string,
  loadAverageBefore: number[],
  figures: Record<string, unknown>,
): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const body = { cpus: cpus().length, loadAverageBefore, loadAverageAfter: loadavg(), ...figures };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`JSON: ${file}`);
  return file;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, normalize, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { webDir, webDist } from './paths.ts';
import { runCommand } from './processes.ts';

export interface BundleFile {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export type BundleSize =
  | { status: 'ok'; files: BundleFile[]; rawBytes: number; gzipBytes: number; note?: string }
  | { status: 'unavailable'; note: string };

/** Builds the web app when its dist is missing and the workspace has a build script. */
async function ensureWebBuilt(): Promise<string | undefined> {
  if (existsSync(join(webDist, 'index.html'))) return undefined;
  const pkgPath = join(webDir, 'package.json');
  if (!existsSync(pkgPath)) return 'apps/web has no package.json';
  const pkg: unknown = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const scripts =
    typeof pkg === 'object' && pkg !== null && 'scripts' in pkg ? pkg.scripts : undefined;
  const hasBuild = typeof scripts === 'object' && scripts !== null && 'build' in scripts;
  if (!hasBuild) return 'apps/web has no build script';
  console.log('apps/web/dist/index.html is missing: running npm run build -w @portal/web ...');
  const code = await runCommand(
    'npm',
    ['run', 'build', '-w', '@portal/web'],
    join(webDir, '../..'),
  );
  if (code !== 0) return `web build failed (exit ${code})`;
  if (!existsSync(join(webDist, 'index.html'))) return 'web build produced no dist/index.html';
  return undefined;
}

/** The JS the page loads up front: module/classic script tags and modulepreload links. */
export function initialScripts(html: string): string[] {
  const refs: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi)) {
    if (match[1]) refs.push(match[1]);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brel\s*=\s*["']?modulepreload["']?/i.test(tag)) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) refs.push(href);
  }
  return [...new Set(refs)];
}

/** Maps a reference in index.html to a file in dist (null for other origins or escapes). */
function toDistFile(ref: string): string | null {
  if (/^(?:[a-z]+:)?\/\//i.test(ref) || ref.startsWith('data:')) return null;
  const path = ref.split(/[?#]/)[0] ?? '';
  const file = normalize(join(webDist, path.replace(/^\/+/, '')));
  const rel = relative(webDist, file);
  if (rel.startsWith('..') || rel.startsWith(sep)) return null;
  return file;
}

export async function measureBundle(): Promise<BundleSize> {
  const buildNote = await ensureWebBuilt();
  if (buildNote) return { status: 'unavailable', note: buildNote };
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const files: BundleFile[] = [];
  const skipped: string[] = [];
  for (const ref of initialScripts(html)) {
    const file = toDistFile(ref);
    if (!file || !existsSync(file)) {
      skipped.push(ref);
      continue;
    }
    const raw = readFileSync(file);
    files.push({
      file: relative(webDist, file),
      rawBytes: raw.length,
      gzipBytes: gzipSync(raw, { level: 9 }).length,
    });
  }
  const rawBytes = files.reduce((sum, f) => sum + f.rawBytes, 0);
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const note = skipped.length ? `not found in dist or external: ${skipped.join(', ')}` : undefined;
  return note
    ? { status: 'ok', files, rawBytes, gzipBytes, note }
    : { status: 'ok', files, rawBytes, gzipBytes };
}

/**
 * The screens whose first load is measured: each lists the source files (keys of Vite's
 * manifest) a visit loads besides the entry. The shell is the signed-in frame with the
 * auto-logout ring, the home redirect and the list of features (loaded on the first signed-in
 * path); home adds OneView's route table and screen, the default landing page.
 */
export const measuredRoutes: readonly { name: string; path: string; sources: string[] }[] = [
  { name: 'sign-in', path: '/login', sources: ['src/features/auth/LoginPage.tsx'] },
  {
    name: 'shell',
    path: '/ (frame)',
    sources: [
      'src/app/frame/SignedInFrame.tsx',
      'src/app/HomeRedirect.tsx',
      'src/app/features.ts',
      'src/features/auth/IdleLockRing.tsx',
    ],
  },
  {
    name: 'home',
    path: '/oneview',
    sources: [
      'src/app/frame/SignedInFrame.tsx',
      'src/app/HomeRedirect.tsx',
      'src/app/features.ts',
      'src/features/auth/IdleLockRing.tsx',
      'src/features/oneview/routes.tsx',
      'src/features/oneview/OneViewPage.tsx',
    ],
  },
];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface RouteBundle {
  name: string;
  path: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Sources of measuredRoutes missing from the manifest (a screen renamed or moved). */
  missing: string[];
}

export type RouteBundles =
  { status: 'ok'; dist: string; routes: RouteBundle[] } | { status: 'unavailable'; note: string };

function isManifestChunk(value: unknown): value is ManifestChunk {
  return typeof value === 'object' && value !== null && 'file' in value;
}

/** The size of a built file as it is sent: its precompressed .br/.gz copy, else compressed here. */
function sentSizes(dist: string, file: string): { raw: number; gzip: number; brotli: number } {
  const raw = readFileSync(join(dist, file));
  const br = join(dist, `${file}.br`);
  const gz = join(dist, `${file}.gz`);
  return {
    raw: raw.length,
    gzip: existsSync(gz) ? statSync(gz).size : gzipSync(raw, { level: 9 }).length,
    brotli: existsSync(br) ? statSync(br).size : brotliCompressSync(raw).length,
  };
}

/** The app's sources a built chunk holds ("src/app/features.ts"), read from its source map. */
function mapSources(dist: string, file: string): string[] {
  const mapFile = join(dist, `${file}.map`);
  if (!existsSync(mapFile)) return [];
  const map: unknown = JSON.parse(readFileSync(mapFile, 'utf8'));
  const sources = typeof map === 'object' && map !== null && 'sources' in map ? map.sources : [];
  if (!Array.isArray(sources)) return [];
  // Vite writes them relative to the map ("../../src/app/features.ts" from dist/assets/).
  return sources
    .filter((source): source is string => typeof source === 'string')
    .map((source) => source.replace(/^(\.\.\/)+/, ''));
}

/**
 * The JavaScript each measured route loads before its screen shows: the entry and its static
 * imports (what index.html preloads), plus each screen chunk and its static imports, every file
 * once. Read from the build's .vite/manifest.json (build.manifest in apps/web/vite.config.ts).
 */
export function measureRoutes(dist: string = webDist): RouteBundles {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    return { status: 'unavailable', note: `${relative(process.cwd(), manifestFile)} is missing` };
  const parsed: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const manifest = new Map<string, ManifestChunk>();
  if (typeof parsed === 'object' && parsed !== null)
    for (const [key, value] of Object.entries(parsed))
      if (isManifestChunk(value)) manifest.set(key, value);
  const entry = [...manifest.entries()].find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) return { status: 'unavailable', note: 'the manifest has no entry chunk' };

  // A lazy screen caught in an import cycle is keyed by its chunk ("_SignedInFrame-<hash>.js")
  // rather than by its source: find it by its name then. One merged into another chunk
  // (experimentalMinChunkSize) has neither: find the chunk whose source map lists it.
  const chunkOf = (key: string) =>
    manifest.get(key) ??
    [...manifest.values()].find(
      (chunk) => chunk.isDynamicEntry && chunk.name === basename(key).replace(/\.[jt]sx?$/, ''),
    ) ??
    [...manifest.values()].find((chunk) => mapSources(dist, chunk.file).includes(key));
  const collect = (key: string, into: Set<string>) => {
    const chunk = chunkOf(key);
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const routes = measuredRoutes.map((route): RouteBundle => {
    const files = new Set<string>();
    collect(entry, files);
    for (const source of route.sources) collect(source, files);
    const sizes = [...files].filter((file) => file.endsWith('.js')).map((f) => sentSizes(dist, f));
    return {
      name: route.name,
      path: route.path,
      files: sizes.length,
      rawBytes: sizes.reduce((sum, s) => sum + s.raw, 0),
      gzipBytes: sizes.reduce((sum, s) => sum + s.gzip, 0),
      brotliBytes: sizes.reduce((sum, s) => sum + s.brotli, 0),
      missing: route.sources.filter((source) => !chunkOf(source)),
    };
  });
  return { status: 'ok', dist, routes };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** One line per route: brotli (as sent), gzip and raw sizes of its initial JavaScript. */
export function formatRoutes(bundles: RouteBundles): string[] {
  if (bundles.status !== 'ok') return [`Initial JS per route: not measured (${bundles.note})`];
  return [
    `Initial JS per route (entry + preloads + the screen's chunks, as sent) of ${relative(process.cwd(), bundles.dist) || '.'}:`,
    ...bundles.routes.map(
      (r) =>
        `  ${r.name.padEnd(8)} ${r.path.padEnd(11)} brotli ${kib(r.brotliBytes).padStart(10)}  gzip ${kib(r.gzipBytes).padStart(10)}  raw ${kib(r.rawBytes).padStart(10)}  ${r.files} files` +
        (r.missing.length ? `  (not in the build: ${r.missing.join(', ')})` : ''),
    ),
  ];
}

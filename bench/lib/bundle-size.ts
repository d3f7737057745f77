import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
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

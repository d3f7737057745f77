import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where things live, from the bench folder's point of view. */
export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(benchDir, '..');
export const apiDir = join(repoRoot, 'apps/api');
/** BENCH_API_ENTRY: a private build (dist-<name>/main.js) of an engineer sharing the tree. */
export const apiEntry = process.env.BENCH_API_ENTRY ?? join(apiDir, 'dist/main.js');
export const webDir = join(repoRoot, 'apps/web');
/** BENCH_WEB_DIST: a private web build (apps/web/dist-<name>) to measure instead of dist/. */
export const webDist = resolve(process.env.BENCH_WEB_DIST ?? join(webDir, 'dist'));
export const resultsDir = join(benchDir, 'results');

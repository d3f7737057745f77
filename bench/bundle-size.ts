/**
 * npm run bench:bundle -w @portal/bench: the initial JavaScript of the sign-in page, the signed-in
 * shell and the home page as sent (brotli), from a build's dist and its .vite/manifest.json.
 * BENCH_WEB_DIST measures a private build (apps/web/dist-<name>). Figures, never pass or fail.
 */
import { formatRoutes, measureRoutes } from './lib/bundle-size.ts';

console.log(formatRoutes(measureRoutes()).join('\n'));

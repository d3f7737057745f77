// Bundles the API (and the contract it imports as TypeScript) into one ES module; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
// The contract is TypeScript source: bundle it; every other dependency is loaded from node_modules.
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@portal/'));

await build({
  entryPoints: ['src/main.ts'],
  // API_OUTFILE: a private build (dist-<name>/main.js) for engineers sharing one working tree.
  outfile: process.env.API_OUTFILE ?? 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { prerenderSignIn } from './prerender/sign-in-plugin.ts';

// In development the API runs on its own port (npm run dev -w @portal/api); the page talks to it
// through this proxy, exactly as it talks to the same origin in production.
const apiOrigin = 'http://localhost:8080';

export default defineConfig({
  // Brotli and gzip copies of every text asset are written at build time, so the server sends the
  // smaller file without compressing on each request (@fastify/static's preCompressed). The sign-in
  // page's prerendered login.html (prerender/sign-in-plugin.ts) is one of them.
  plugins: [
    react(),
    prerenderSignIn(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    proxy: {
      '/api': apiOrigin,
      '/config.json': apiOrigin,
    },
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each screen loads (bench/bundle-size.ts reads it).
    manifest: true,
    // The entry holds React DOM, the router, MUI's core and TanStack Query (about 160 kB gzipped);
    // screens are split off with React.lazy.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Lazy screens share MUI and contract modules in many small chunks (a sign-in page of 17
        // files, a home page of 72): chunks under 3 kB with no side effects are merged into one
        // loaded under similar conditions, for fewer requests. Rollup may add up to that much
        // unneeded code to a load, the entry's included: at 8 kB the sign-in page and the frame
        // carried data-table export helpers and route paths (about 1.5 KiB each as sent).
        experimentalMinChunkSize: 3_000,
      },
    },
  },
});

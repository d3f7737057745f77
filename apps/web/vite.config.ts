import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port (npm run dev -w @portal/api); the page talks to it
// through this proxy, exactly as it talks to the same origin in production.
const apiOrigin = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiOrigin,
      '/config.json': apiOrigin,
    },
  },
  build: {
    sourcemap: true,
    // The entry holds React DOM, the router, MUI's core and TanStack Query (about 160 kB gzipped);
    // screens are split off with React.lazy.
    chunkSizeWarningLimit: 600,
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';

/** Where the API listens during development (`npm start` or `npx tsx apps/api/src/main.ts`). */
const apiTarget = process.env.IPOS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions)],
  server: {
    port: 5173,
    // The SPA reads everything deployment-specific from the API at run time, so the dev server only
    // forwards the API's own paths to it.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oidc': { target: apiTarget, changeOrigin: false },
      '/config.json': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget (ARCHITECTURE.md section 8) is 350 kB gzip per route chunk; warn well before that.
    chunkSizeWarningLimit: 600,
  },
});

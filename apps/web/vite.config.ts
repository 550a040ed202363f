import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';

/** Where the API listens during development (`npm start` or `npx tsx apps/api/src/main.ts`). */
const apiTarget = process.env.IPOS_API_URL ?? 'http://localhost:3000';

/**
 * Mantine's CSS per component: each component's class-name module (`X.module.mjs`) brings the
 * component's own stylesheet (`@mantine/core/styles/X.layer.css`) inside its chunk and adopts it when
 * it loads (src/mantine-css.ts), so a page gets the CSS of the components it draws, in the chunks it
 * downloads anyway, instead of all of `styles.css` on every page (main.tsx imports the global part).
 * The `.layer` copies put Mantine in the `mantine` cascade layer: the app's own CSS wins over it
 * whatever order the stylesheets arrive in.
 */
export function mantineCssPerComponent(): Plugin {
  const classNamesModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/]([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'ipos:mantine-css-per-component',
    transform(code, id) {
      const component = classNamesModule.exec(id)?.[1];
      if (!component) return null;
      const css = `@mantine/core/styles/${component}.layer.css?inline`;
      return {
        code: `${code}\nimport __css from '${css}';\nimport { adoptCss as __adopt } from '/src/mantine-css.ts';\n__adopt('${component}', __css);\n`,
        map: null,
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineCssPerComponent(), VitePWA(pwaOptions)],
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
    rolldownOptions: {
      output: {
        // Mantine's components in two chunks instead of a file each (about eighty, each with its own
        // headers and compression dictionary on a phone's connection): those the shell itself draws,
        // which every page loads anyway, and those that eight or more pages share. A component fewer
        // pages use stays with them, so a light page (Landing, sign-in) does not carry the heavy ones.
        codeSplitting: {
          groups: [
            { name: 'ui-base', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'ui', test: /node_modules[\\/]@mantine[\\/]/, minShareCount: 8, priority: 1 },
          ],
        },
      },
    },
  },
});

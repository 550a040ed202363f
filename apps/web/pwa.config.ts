import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable app and its service worker (decision 0036). The worker precaches the whole built
 * app (every route chunk, its CSS and icons), so after one online visit the register opens with the
 * network off. It never caches an API answer: those belong to whoever is signed in, and the worker
 * cannot tell who that is (the register's own reads are kept per account in IndexedDB instead).
 */

/** The brand colour (theme.ts, shade 6), also index.html's theme-color. */
const BRAND = '#0b7a63';

/** Paths the server must answer itself: a navigation there is never given the cached app. */
export const SERVER_ONLY_PATHS = [/^\/api(?:\/|$)/, /^\/oidc(?:\/|$)/, /^\/config\.json$/];

/** How long the worker waits for the network before answering start-up reads from its cache. */
export const STARTUP_NETWORK_TIMEOUT_SECONDS = 3;

export const pwaOptions: Partial<VitePWAOptions> = {
  // A new version waits until the person reloads (app/pwa): never in the middle of a sale.
  registerType: 'prompt',
  // The app registers the worker itself (app/pwa/service-worker.ts), after start-up.
  injectRegister: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/',
    name: 'iPos',
    short_name: 'iPos',
    description: 'Point of sale and business management for retailers',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND,
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,webmanifest}'],
    // Every route chunk must be precached, whatever its size: a missing one is a screen that will
    // not open offline. Workbox only warns when it leaves a file out; the offline journey checks.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: SERVER_ONLY_PATHS,
    cleanupOutdatedCaches: true,
    // The first worker takes the open page at once, so its route chunks load offline without a reload;
    // later versions still wait for the person (no skipWaiting).
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        // The runtime config: fresh when the server answers within the timeout, else the last copy.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'ipos-config',
          networkTimeoutSeconds: STARTUP_NETWORK_TIMEOUT_SECONDS,
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The identity provider's discovery document (embedded or external), read at every start-up.
        urlPattern: ({ url }) => url.pathname.endsWith('/.well-known/openid-configuration'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'ipos-oidc-discovery',
          networkTimeoutSeconds: STARTUP_NETWORK_TIMEOUT_SECONDS,
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
};

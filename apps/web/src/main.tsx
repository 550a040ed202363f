import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OIDC_AUTH_NAME } from '@ipos/contracts';
import { App } from './app/app';
import { isProtectedPath } from './app/guards';
import { createAppRouter } from './app/router';
import { createAuthClient, isCallbackWindowPath } from './features/identity/auth-client';
import { loadConfig } from './lib/config';
import { logger } from './lib/logger';
import { createQueryClient } from './lib/query-client';

// A route's code failed to download (usually a deploy replaced the files): Vite raises this event,
// and the route's error screen offers a reload.
window.addEventListener('vite:preloadError', (event) => {
  logger.error('a route chunk failed to load', (event as Event & { payload?: unknown }).payload);
});

/**
 * Start-up (spec section 1): read the runtime config, run the identity-provider startup check, then
 * create and mount the app. If any of it fails nothing is mounted.
 */
async function start() {
  const config = await loadConfig();
  const auth = createAuthClient({
    name: OIDC_AUTH_NAME,
    defaultSignInType: 'window',
    appBaseUrl: window.location.origin,
    config,
    isCallbackWindow: isCallbackWindowPath(window.location.pathname),
  });
  if (!(await auth.startup())) return;

  const queryClient = createQueryClient();
  const deps = { auth, queryClient };
  const router = createAppRouter(deps);
  auth.watchSession({ currentPath: () => router.state.location.pathname, isProtectedPath });

  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in index.html');
  createRoot(container).render(
    <StrictMode>
      <App deps={deps} router={router} />
    </StrictMode>,
  );
  // Product analytics arrives with its own issue; until then the event is only logged.
  logger.debug('App Initialized');
}

start().catch((error: unknown) => {
  console.error('Startup was not okay', error instanceof Error ? (error.stack ?? error.message) : error);
});

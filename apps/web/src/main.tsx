// First: zod must be jitless before any schema is made (zod-jitless.ts).
import './zod-jitless';
// Mantine's global CSS; each component's own arrives with the chunk that draws it (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OIDC_AUTH_NAME } from '@ipos/contracts';
import { App } from './app/app';
import { isProtectedPath } from './app/guards';
import type { AppDeps } from './app/providers';
import { createAppRouter, type AppRouter } from './app/router';
import { forgetDeviceQueries, persistDeviceQueries } from './app/pwa/device-queries';
import { registerServiceWorker } from './app/pwa/service-worker';
import { shouldRegisterServiceWorker } from './app/pwa/update-rules';
import { completeSignIn } from './app/session-bootstrap';
import { meQueryKey } from './features/accounts/api/get-me';
import {
  createAuthClient,
  isCallbackWindowPath,
  type AuthClient,
  type SignInType,
} from './features/identity/auth-client';
import { resolveReturnTo } from './features/identity/session';
import { analytics } from './lib/analytics';
import { CONFIG_URL, loadConfig } from './lib/config';
import { installGlobals } from './lib/globals';
import { installPreloadRecovery } from './lib/preload-recovery';
import { createQueryClient } from './lib/query-client';
import { readStored, storageKeys } from './lib/storage';
import { followAccountForAnalytics } from './analytics-identity';
import { APP_INITIALIZED, runStartup, startWhenSignedIn } from './startup';

// The dev server serves @mantine/core pre-bundled, so no component module brings its own CSS there.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

// Before anything is fetched: a route chunk that fails to download reloads the page once.
installPreloadRecovery();

const isCallbackWindow = isCallbackWindowPath(window.location.pathname);

/** Spec section 1: `window.login(returnTo?, type?)` starts sign-in, by default back to where the person is. */
function loginHelper(auth: AuthClient, router: AppRouter) {
  return (returnTo?: string, type?: SignInType) => {
    const { pathname, search } = router.state.location;
    const here = pathname === '/' ? resolveReturnTo(new URLSearchParams(search)) : pathname + search;
    return auth.signIn({ returnTo: returnTo ?? here, type });
  };
}

void runStartup({
  async check() {
    const config = await loadConfig();
    const auth = createAuthClient({
      name: OIDC_AUTH_NAME,
      defaultSignInType: 'window',
      appBaseUrl: window.location.origin,
      config,
      isCallbackWindow,
    });
    if (!(await auth.startup())) return false;
    const queryClient = createQueryClient();
    // The register's own reads, kept per account on the device, answer when the network does not.
    if (!isCallbackWindow) await persistDeviceQueries(queryClient);
    return { auth, config, queryClient } satisfies AppDeps;
  },

  mount(deps) {
    const router = createAppRouter(deps);
    const { auth, queryClient } = deps;
    auth.watchSession({
      currentPath: () => router.state.location.pathname + router.state.location.search,
      isProtectedPath,
    });
    // A popup sign-in stays on this page: the account is loaded and the forced flows come first,
    // exactly as after the window callback.
    auth.setAfterSignIn(async (returnTo) => {
      await router.navigate(await completeSignIn(queryClient, returnTo));
    });
    installGlobals({ login: loginHelper(auth, router) });

    const container = document.getElementById('root');
    if (!container) throw new Error('No #root element in index.html');
    createRoot(container).render(
      <StrictMode>
        <App deps={deps} router={router} />
      </StrictMode>,
    );
  },

  afterMount(deps) {
    // The popup and hidden-frame copies of the app only hand a response back: they are not visits.
    if (isCallbackWindow) return;
    const hasServiceWorker = 'serviceWorker' in navigator;
    if (shouldRegisterServiceWorker({ isProduction: import.meta.env.PROD, hasServiceWorker, isCallbackWindow })) {
      registerServiceWorker({ warmUrls: [CONFIG_URL, deps.auth.userManager.settings.metadataUrl] });
    }
    deps.auth.onSignedOut(() => void forgetDeviceQueries());
    // No one's PIN stays checkable offline on this device once they sign out.
    deps.auth.onSignedOut(() => void import('./features/accounts/pin-verifier').then((pins) => pins.forgetAllPins()));
    // Sales waiting on this device are sent from any screen of the tab (never cleared by sign-out),
    // with a session only: loaded once someone is signed in, so neither the entry chunk nor the
    // signed-out Landing carries the device store.
    startWhenSignedIn(
      () => void import('./features/checkout/outbox/outbox-sync').then((outbox) => outbox.startOutboxSync()),
      {
        isSignedIn: () => readStored(storageKeys.token) !== null,
        onSignedIn: (listener) => deps.auth.userManager.events.addUserLoaded(listener),
      },
    );
    followAccountForAnalytics({
      queryClient: deps.queryClient,
      accountQueryKey: meQueryKey,
      onSignedOut: (listener) => deps.auth.onSignedOut(listener),
      analytics,
    });
    void analytics.init(deps.config);
    analytics.track(APP_INITIALIZED);
  },
});

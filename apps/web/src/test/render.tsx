import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { PublicConfig } from '@ipos/contracts';
import { AuthProvider } from '../features/identity/auth-context';
import type { AuthClient } from '../features/identity/auth-client';
import { cssVariablesResolver, theme } from '../app/theme';
import { ConfigProvider } from '../app/providers';

/** `/config.json` as a test server would serve it. */
export function testConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    appName: 'iPos',
    version: '1.0.0',
    environment: 'test',
    publicUrl: 'http://localhost',
    oidc: {
      authority: 'http://localhost/oidc',
      clientId: 'ipos_webapp',
      scopes: 'openid email roles profile offline_access',
      extraQueryParams: { prompt: 'login', provider: 'Google' },
    },
    inactivityTimeoutMs: 900_000,
    postLogoutUrl: 'http://localhost/?signedOut=1',
    analytics: null,
    ...overrides,
  };
}

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** A stand-in for the identity client: only what screens call. */
export function fakeAuth(overrides: Partial<AuthClient> = {}): AuthClient {
  return {
    options: { name: 'main', defaultSignInType: 'window', appBaseUrl: 'http://localhost', config: undefined },
    signIn: async () => undefined,
    signOut: async () => undefined,
    ...overrides,
  } as unknown as AuthClient;
}

export function TestProviders({
  children,
  auth = fakeAuth(),
  queryClient = testQueryClient(),
  config = testConfig(),
}: {
  children: ReactNode;
  auth?: AuthClient;
  queryClient?: QueryClient;
  config?: PublicConfig;
}) {
  // Mantine's test mode: no transitions and no portals, and no hiding of a menu or popover whose
  // target looks detached. jsdom lays nothing out, so every target looks detached: an open menu went
  // display: none a moment after opening, and a test that clicked its item a little late on a loaded
  // machine failed (router.test.tsx in CI).
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <ConfigProvider config={config}>
          <AuthProvider client={auth}>{children}</AuthProvider>
        </ConfigProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    auth,
    queryClient,
    config,
  }: { initialEntries?: string[]; auth?: AuthClient; queryClient?: QueryClient; config?: PublicConfig } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <TestProviders auth={auth} queryClient={queryClient} config={config}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...utils };
}

export function renderWithProviders(ui: ReactElement, options: { auth?: AuthClient; queryClient?: QueryClient } = {}) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

/** A component with links, inside the app's providers and a memory router. */
export function renderInRouter(ui: ReactElement) {
  return renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
}

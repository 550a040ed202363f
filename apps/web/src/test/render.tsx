import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '../features/identity/auth-context';
import type { AuthClient } from '../features/identity/auth-client';
import { cssVariablesResolver, theme } from '../app/theme';

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
}: {
  children: ReactNode;
  auth?: AuthClient;
  queryClient?: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={auth}>{children}</AuthProvider>
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
  }: { initialEntries?: string[]; auth?: AuthClient; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <TestProviders auth={auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...utils };
}

export function renderWithProviders(ui: ReactElement, options: { auth?: AuthClient; queryClient?: QueryClient } = {}) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

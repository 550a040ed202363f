import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/identity/auth-context';
import type { AuthClient } from '../features/identity/auth-client';
import { cssVariablesResolver, theme } from './theme';

export interface AppDeps {
  auth: AuthClient;
  queryClient: QueryClient;
}

/** Everything a screen may rely on: theme, toasts (spec: top-right, 3 s), server state, identity. */
export function AppProviders({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={3000} />
      <QueryClientProvider client={deps.queryClient}>
        <AuthProvider client={deps.auth}>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

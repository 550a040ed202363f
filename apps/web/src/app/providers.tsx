import { createContext, useContext, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '@ipos/contracts';
import { ToastViewport } from '../components/toast';
import { AuthProvider } from '../features/identity/auth-context';
import type { AuthClient } from '../features/identity/auth-client';
import { cssVariablesResolver, theme } from './theme';

export interface AppDeps {
  auth: AuthClient;
  queryClient: QueryClient;
  /** `/config.json`, read once at start-up. */
  config: PublicConfig;
}

const ConfigContext = createContext<PublicConfig | null>(null);

/** The runtime configuration (inactivity timeout, post-logout URL, …). */
export function useAppConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAppConfig must be used inside <AppProviders>');
  return config;
}

export function ConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** Everything a screen may rely on: theme, toasts (spec section 3), server state, identity, config. */
export function AppProviders({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastViewport />
      <QueryClientProvider client={deps.queryClient}>
        <ConfigProvider config={deps.config}>
          <AuthProvider client={deps.auth}>{children}</AuthProvider>
        </ConfigProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

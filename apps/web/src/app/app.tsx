import { RouterProvider } from 'react-router';
import { UpdateNotice } from './pwa/update-notice';
import { AppProviders, type AppDeps } from './providers';
import type { AppRouter } from './router';

export function App({ deps, router }: { deps: AppDeps; router: AppRouter }) {
  return (
    <AppProviders deps={deps}>
      <RouterProvider router={router} />
      <UpdateNotice />
    </AppProviders>
  );
}

import { Outlet, ScrollRestoration } from 'react-router';
import { DatabaseNotice } from '../components/feedback/database-notice';
import { NavigationProgress } from '../components/feedback/navigation-progress';
import { InactivityWatcher } from '../features/session-timeout/inactivity-watcher';
import { useAppConfig } from './providers';
import { isExemptPath } from './route-table';
import { RouteTitle } from './route-title';

export function RootLayout() {
  const config = useAppConfig();
  return (
    <>
      <RouteTitle />
      <NavigationProgress />
      <DatabaseNotice />
      <InactivityWatcher timeoutMs={config.inactivityTimeoutMs} isExemptPath={isExemptPath} />
      <Outlet />
      {/* Scroll goes to the top on each navigation (spec section 2), and back on history moves. */}
      <ScrollRestoration />
    </>
  );
}

import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../components/feedback/navigation-progress';

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      {/* Scroll goes to the top on each navigation (spec section 2), and back on history moves. */}
      <ScrollRestoration />
    </>
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredLayout } from '../components/layout/page-shell';
import { ErrorState } from '../components/feedback/error-state';
import { logger } from '../lib/logger';
import { usePageTitle } from '../lib/page-title';

const NotFound = lazy(() => import('./routes/not-found').then((m) => ({ default: m.Component })));

/** The last line of defence: a screen's code failed to load, a loader threw, or a render threw. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  // The root layout (which sets titles from the route table) is not shown while this one is.
  usePageTitle(isNotFound ? 'Page not found' : 'Something went wrong');
  useEffect(() => {
    if (!isNotFound) logger.error('route error', error);
  }, [error, isNotFound]);

  if (isNotFound) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  return (
    <CenteredLayout>
      <ErrorState title="Something went wrong" actionLabel="Reload the page" onAction={() => window.location.reload()}>
        This page could not be shown. Reloading usually fixes it.
      </ErrorState>
    </CenteredLayout>
  );
}

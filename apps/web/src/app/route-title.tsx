import { useMatches } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import type { RouteHandle } from './router';
import type { RouteMeta } from './route-table';

function hasMeta(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** The route-table entry of the deepest matched route. */
export function useRouteMeta(): RouteMeta | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(hasMeta)
    .at(-1)?.meta;
}

/** The document title of the deepest matched route, from the route table (screens set none). */
export function RouteTitle() {
  const meta = useRouteMeta();
  usePageTitle(meta?.title ?? null);
  return null;
}

import { useMatches } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import type { RouteHandle } from './router';

function hasMeta(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** The document title of the deepest matched route, from the route table (screens set none). */
export function RouteTitle() {
  const matches = useMatches();
  const meta = matches
    .map((match) => match.handle)
    .filter(hasMeta)
    .at(-1)?.meta;
  usePageTitle(meta?.title ?? null);
  return null;
}

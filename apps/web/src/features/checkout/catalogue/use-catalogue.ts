import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { CategoryNode, RegisterSellable } from '@ipos/contracts';
import { useFetchSellableSearch, useSellableSearch } from '../api/checkout-api';
import { isNoAnswer } from '../../../lib/query-persistence';
import { useRegisterFavourites } from '../api/register-favourites';
import { findByVariant, inCategories, searchIndex } from './catalogue-index';
import {
  catalogueLoaded,
  catalogueSnapshot,
  requestCatalogueSync,
  subscribeCatalogue,
  type CatalogueSnapshot,
} from './catalogue';

/** How often an open register asks for the catalogue's changes while online. */
export const CATALOGUE_SYNC_MS = 60_000;
/** What the search list shows, and the tile grid. */
export const SEARCH_LIMIT = 20;
export const TILE_LIMIT = 60;

/** The store's catalogue on the device, kept current in the component. */
export function useLocalCatalogue(storeId: string): CatalogueSnapshot {
  const subscribe = useCallback((listener: () => void) => subscribeCatalogue(storeId, listener), [storeId]);
  const snapshot = useCallback(() => catalogueSnapshot(storeId), [storeId]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * While the register is open: the catalogue is brought up to date at once (the full download the
 * first time), then every minute while online, and as soon as the network comes back.
 */
export function useCatalogueSync(storeId: string): void {
  useEffect(() => {
    const sync = () => requestCatalogueSync(storeId);
    sync();
    const timer = window.setInterval(sync, CATALOGUE_SYNC_MS);
    window.addEventListener('online', sync);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', sync);
    };
  }, [storeId]);
}

export interface RegisterSearch {
  items: RegisterSellable[];
  /** The list is the answer to what is typed now (not a previous answer kept while the next loads). */
  answered: boolean;
  /** Waiting for the server (never when the catalogue is on the device). */
  searching: boolean;
  /** The device's copy of the catalogue is being read: it answers once read (the server meanwhile, if it can). */
  loadingCatalogue: boolean;
  error: unknown;
  retry: () => void;
  /** The best match for `q`, once known (Enter pressed before the answer came). */
  bestFor: (q: string) => Promise<RegisterSellable | undefined>;
}

/**
 * The register's search: from the catalogue on the device as each key is typed once it is there;
 * until its first download has finished, the server's search (debounced) answers instead.
 */
export function useRegisterSearch(storeId: string, text: string): RegisterSearch {
  const catalogue = useLocalCatalogue(storeId);
  const local = catalogue.ready;
  const [debounced] = useDebouncedValue(text, 150);
  const server = useSellableSearch(storeId, local ? '' : debounced, null);
  const fetchServer = useFetchSellableSearch(storeId);
  const localItems = useMemo(
    () => (local ? searchIndex(catalogue.index, text, SEARCH_LIMIT) : []),
    [local, catalogue.index, text],
  );
  if (local)
    return {
      items: localItems,
      answered: text.trim() !== '',
      searching: false,
      loadingCatalogue: false,
      error: null,
      retry: () => undefined,
      bestFor: (q) => Promise.resolve(searchIndex(catalogue.index, q, 1)[0]),
    };
  const { loading } = catalogue;
  return {
    items: text.trim() && server.data ? server.data.items : [],
    answered: text.trim() !== '' && debounced === text && server.isSuccess && !server.isPlaceholderData,
    searching: server.isFetching || debounced !== text || loading,
    loadingCatalogue: loading,
    // While the device's copy is read, a server that cannot answer is no error: the device will.
    error: server.isError && !loading ? server.error : null,
    retry: () => void server.refetch(),
    bestFor: loading ? (q) => bestOnDevice(storeId, q) : async (q) => (await fetchServer(q)).items[0],
  };
}

/** The best match for `q` once the device's copy of the catalogue has been read. */
async function bestOnDevice(storeId: string, q: string): Promise<RegisterSellable | undefined> {
  await catalogueLoaded(storeId);
  const catalogue = catalogueSnapshot(storeId);
  return catalogue.ready ? searchIndex(catalogue.index, q, 1)[0] : undefined;
}

/** A tile's products: a top-level category's and its children's, from the device once it has them. */
export function useTileProducts(storeId: string, category: CategoryNode | null) {
  const catalogue = useLocalCatalogue(storeId);
  const local = catalogue.ready;
  const server = useSellableSearch(storeId, '', local ? null : (category?.id ?? null));
  const items = useMemo(() => {
    if (!local || !category) return [];
    return inCategories(catalogue.index, new Set([category.id, ...category.children.map((c) => c.id)]), TILE_LIMIT);
  }, [local, catalogue.index, category]);
  if (local) return { items, pending: false, error: null, retry: () => undefined, isFetching: false };
  return {
    items: server.data?.items ?? [],
    pending: server.isPending,
    error: server.isError ? server.error : null,
    retry: () => void server.refetch(),
    isFetching: server.isFetching,
  };
}

/**
 * The tiles the register opens on: the store's favourites, or its best sellers while none is pinned,
 * in the server's order. Each is taken from the catalogue on the device once it holds it (its price
 * and on hand now, less this device's unsynced sales), else as the server gave it (an item added in
 * the last minute). The list itself is kept on the device per person, so the tiles show offline.
 */
export function useFavouriteTiles(storeId: string) {
  const catalogue = useLocalCatalogue(storeId);
  const favourites = useRegisterFavourites(storeId);
  const { data } = favourites;
  const unreachable = !data && favourites.isError && isNoAnswer(favourites.error);
  const items = useMemo(() => {
    const listed = data?.items ?? [];
    return catalogue.ready ? listed.map((s) => findByVariant(catalogue.index, s.variantId) ?? s) : listed;
  }, [data, catalogue.ready, catalogue.index]);
  return {
    kind: data?.kind ?? 'favourites',
    items,
    version: data?.version ?? 0,
    // Never read on this device and the server out of reach: nothing to show yet, and nothing wrong.
    unreachable,
    pending: favourites.isPending && !unreachable,
    // A list already shown stays when a later read fails.
    error: favourites.isError && !data && !unreachable ? favourites.error : null,
    retry: () => void favourites.refetch(),
    isFetching: favourites.isFetching,
  };
}

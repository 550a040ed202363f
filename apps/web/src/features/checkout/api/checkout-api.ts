import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  closeRegisterSession,
  createSale,
  discardHeldSale,
  getContact,
  getRegisterSession,
  holdSale,
  listCategories,
  listContacts,
  listHeldSales,
  listRegisterSessions,
  listSellables,
  openRegisterSession,
  quickCreateCustomer,
  recordCashMovement,
  resumeHeldSale,
  type Endpoint,
  type RegisterSellable,
  type RegisterSession,
  type SellablePage,
} from '@ipos/contracts';
import { apiRequest, type RequestOptions } from '../../../lib/api-client';
import { activeStoreQueryOptions } from '../../../lib/active-store';
import { isOnline } from '../../../lib/online';
import { lowerBySale } from '../stock';
import { catalogueLoaded, catalogueSnapshot, requestCatalogueSync } from '../catalogue/catalogue';
import { findByCode } from '../catalogue/catalogue-index';

/** The body an endpoint takes, as the client sends it. */
type BodyOf<E extends Endpoint> = NonNullable<RequestOptions<E>['body']>;

/**
 * The register's endpoints (packages/contracts/src/checkout/*, contacts/contacts.ts) as TanStack
 * Query hooks. Every key starts with 'checkout' and names the store, so switching store asks again.
 */
const checkoutKey = ['checkout'] as const;

// ---------------------------------------------------------------- register sessions

const sessionsKey = (storeId: string) => [...checkoutKey, storeId, 'sessions'] as const;

/** The store's open registers, read again every 30 s while shown (each till's device report moves on). */
const OPEN_REGISTERS_REFRESH_MS = 30_000;

export function useOpenRegisters(storeId: string) {
  return useQuery({
    queryKey: [...sessionsKey(storeId), 'open'] as const,
    queryFn: ({ signal }) => apiRequest(listRegisterSessions, { query: { status: 'open', pageSize: 100 }, signal }),
    refetchInterval: OPEN_REGISTERS_REFRESH_MS,
  });
}

export function useRegisterSession(storeId: string, sessionId: string | null) {
  return useQuery({
    queryKey: [...sessionsKey(storeId), sessionId] as const,
    queryFn: ({ signal }) => apiRequest(getRegisterSession, { params: { sessionId: sessionId! }, signal }),
    enabled: sessionId !== null,
  });
}

function useSessionMutation<A>(storeId: string, fn: (args: A) => Promise<RegisterSession>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (session) => queryClient.setQueryData([...sessionsKey(storeId), session.id], session),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...sessionsKey(storeId), 'open'] }),
  });
}

export const useOpenRegister = (storeId: string) =>
  useSessionMutation(storeId, (body: BodyOf<typeof openRegisterSession>) => apiRequest(openRegisterSession, { body }));

export const useCashMovement = (storeId: string, sessionId: string) =>
  useSessionMutation(storeId, (body: BodyOf<typeof recordCashMovement>) =>
    apiRequest(recordCashMovement, { params: { sessionId }, body }),
  );

export const useCloseRegister = (storeId: string, sessionId: string) =>
  useSessionMutation(storeId, (body: BodyOf<typeof closeRegisterSession>) =>
    apiRequest(closeRegisterSession, { params: { sessionId }, body }),
  );

// ---------------------------------------------------------------- sellables and categories

const sellablesKey = (storeId: string) => [...checkoutKey, storeId, 'sellables'] as const;

/** The search as the cashier types; the previous answer stays on screen while the next one loads. */
function sellableSearch(storeId: string, q: string, categoryId: string | null) {
  const query = q.trim();
  return queryOptions({
    queryKey: [...sellablesKey(storeId), { q: query, categoryId }] as const,
    queryFn: ({ signal }) =>
      apiRequest(listSellables, {
        query: { q: query || undefined, categoryId: categoryId ?? undefined, pageSize: query ? 20 : 60 },
        signal,
      }),
    staleTime: 15_000,
  });
}

export function useSellableSearch(storeId: string, q: string, categoryId: string | null) {
  return useQuery({
    ...sellableSearch(storeId, q, categoryId),
    enabled: q.trim().length > 0 || categoryId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The search's answer to `q` now: from the cache, the request in flight, or a new one. */
export function useFetchSellableSearch(storeId: string) {
  const queryClient = useQueryClient();
  return (q: string) => queryClient.fetchQuery(sellableSearch(storeId, q, null));
}

/**
 * The sellable carrying this exact barcode or SKU (the scanner's lookup); null when none. From the
 * store's catalogue on the device once it is there (online or not); a code it does not hold (an item
 * added in the last minute) is asked of the server while online, and unknown when that fails.
 */
/** How long a scan waits for the device's copy of the catalogue to be read (a cold start takes ~2 s). */
const CATALOGUE_WAIT_MS = 10_000;

export async function findSellableByCode(storeId: string, code: string): Promise<RegisterSellable | null> {
  // A scan just after a reload, while the device's copy is still being read, waits for it: with the
  // server gone it is the only one that can answer, and online it answers without a request.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    catalogueLoaded(storeId),
    new Promise((resolve) => (timer = setTimeout(resolve, CATALOGUE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  const catalogue = catalogueSnapshot(storeId);
  if (!catalogue.ready) return findOnServer(code);
  const local = findByCode(catalogue.index, code);
  if (local || !isOnline()) return local;
  try {
    const found = await findOnServer(code);
    if (found) requestCatalogueSync(storeId);
    return found;
  } catch {
    return null;
  }
}

async function findOnServer(code: string): Promise<RegisterSellable | null> {
  const page = await apiRequest(listSellables, { query: { q: code, pageSize: 5 } });
  const wanted = code.trim().toLowerCase();
  return page.items.find((s) => s.barcode?.toLowerCase() === wanted || s.sku.toLowerCase() === wanted) ?? null;
}

/** The current sellables of these variants (re-pricing a resumed cart or after PRICE_CHANGED). */
export async function fetchSellables(variantIds: string[]): Promise<Map<string, RegisterSellable>> {
  const found = new Map<string, RegisterSellable>();
  const ids = [...new Set(variantIds)];
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const page = await apiRequest(listSellables, { query: { variantId: chunk, pageSize: 100 } });
    for (const s of page.items) found.set(s.variantId, s);
  }
  return found;
}

/**
 * Reads the stock again (another till may have sold meanwhile): the searches and tiles (the
 * catalogue on the device asks for its changes), and the store's negative-stock setting. What the
 * cart holds is read with `fetchSellables`.
 */
export function useRefreshStock(storeId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    requestCatalogueSync(storeId);
    void queryClient.invalidateQueries({ queryKey: sellablesKey(storeId) });
    void queryClient.invalidateQueries({ queryKey: activeStoreQueryOptions(storeId).queryKey });
  }, [queryClient, storeId]);
}

/** Top-level categories for the tiles (the same request and key as the catalog screens). */
export function useTopCategories() {
  return useQuery({
    queryKey: ['catalog', 'categories', { includeArchived: false }] as const,
    queryFn: ({ signal }) => apiRequest(listCategories, { query: { includeArchived: 'false' }, signal }),
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------- held sales

const heldKey = (storeId: string) => [...checkoutKey, storeId, 'held'] as const;

export function useHeldSales(storeId: string) {
  return useQuery({
    queryKey: heldKey(storeId),
    queryFn: ({ signal }) => apiRequest(listHeldSales, { signal }),
    refetchInterval: 30_000,
  });
}

function useHeldMutation<A, R>(storeId: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: heldKey(storeId) }),
  });
}

export const useHoldSale = (storeId: string) =>
  useHeldMutation(storeId, (body: BodyOf<typeof holdSale>) => apiRequest(holdSale, { body }));
export const useResumeHeldSale = (storeId: string) =>
  useHeldMutation(storeId, (heldSaleId: string) => apiRequest(resumeHeldSale, { params: { heldSaleId } }));
export const useDiscardHeldSale = (storeId: string) =>
  useHeldMutation(storeId, (heldSaleId: string) => apiRequest(discardHeldSale, { params: { heldSaleId } }));

// ---------------------------------------------------------------- sales

export function useCreateSale(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The sale's own store and an abort: the outbox gives up waiting after a few seconds.
    mutationFn: (v: { body: BodyOf<typeof createSale>; idempotencyKey: string; signal?: AbortSignal }) =>
      apiRequest(createSale, { body: v.body, idempotencyKey: v.idempotencyKey, signal: v.signal, storeId }),
    onSuccess: (sale) => {
      // The sold quantities leave the cached on hand at once; the refetch then brings the store's own.
      queryClient.setQueriesData<SellablePage>({ queryKey: sellablesKey(storeId) }, (page) =>
        page ? lowerBySale(page, sale.lines) : page,
      );
      return queryClient.invalidateQueries({ queryKey: [...checkoutKey, storeId] });
    },
  });
}

// ---------------------------------------------------------------- customers

export function useCustomerSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: [...checkoutKey, 'customers', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(listContacts, { query: { q: query || undefined, kind: 'customer', pageSize: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(customerId: string | null) {
  return useQuery({
    queryKey: [...checkoutKey, 'customer', customerId] as const,
    queryFn: ({ signal }) => apiRequest(getContact, { params: { contactId: customerId! }, signal }),
    enabled: customerId !== null,
    staleTime: 300_000,
  });
}

export const useQuickCreateCustomer = () =>
  useMutation({
    mutationFn: (body: BodyOf<typeof quickCreateCustomer>) => apiRequest(quickCreateCustomer, { body }),
  });

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRefund,
  getContact,
  getSale,
  listContacts,
  listRegisterSessions,
  listSaleCashiers,
  listSaleEvents,
  listSales,
  voidSale,
  type CreateRefundBody,
  type ListSalesQuery,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { activeStoreId } from '../../../lib/active-store';

/**
 * The transactions endpoints (packages/contracts/src/transactions/*) as TanStack Query hooks. Sales
 * belong to the active store, so its id is part of every key; every key starts with 'transactions'.
 */
const transactionsKey = ['transactions'] as const;

/** The list's filters without paging (`cursor` and `limit` belong to the pages). */
export type SalesFilter = Omit<ListSalesQuery, 'cursor' | 'limit'>;

export const SALES_PAGE_SIZE = 50;

/** The filtered sales, newest first, one keyset page after another ("Load more"). */
export function useSales(filter: SalesFilter) {
  return useInfiniteQuery({
    queryKey: [...transactionsKey, activeStoreId(), 'sales', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listSales, {
        query: { ...filter, limit: SALES_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** Everyone who has sold in the active store, for the cashier filter. */
export function useSaleCashiers() {
  return useQuery({
    queryKey: [...transactionsKey, activeStoreId(), 'cashiers'] as const,
    queryFn: ({ signal }) => apiRequest(listSaleCashiers, { signal }),
    staleTime: 60_000,
  });
}

const saleKey = (saleId: string) => [...transactionsKey, activeStoreId(), 'sale', saleId] as const;

export function useSale(saleId: string) {
  return useQuery({
    queryKey: saleKey(saleId),
    queryFn: ({ signal }) => apiRequest(getSale, { params: { saleId }, signal }),
  });
}

export function useSaleEvents(saleId: string) {
  return useQuery({
    queryKey: [...saleKey(saleId), 'events'] as const,
    queryFn: ({ signal }) => apiRequest(listSaleEvents, { params: { saleId }, signal }),
  });
}

/**
 * A refund or a void changes the sale, its trail, the list's totals, the dashboard and stock: refresh
 * everything but the account's own queries.
 */
function useRefreshAfterSaleChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'accounts' });
}

export function useCreateRefund(saleId: string) {
  const refresh = useRefreshAfterSaleChange();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateRefundBody; idempotencyKey: string }) =>
      apiRequest(createRefund, { params: { saleId }, body, idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

export function useVoidSale(saleId: string) {
  const refresh = useRefreshAfterSaleChange();
  return useMutation({
    mutationFn: ({ reason, idempotencyKey }: { reason: string; idempotencyKey: string }) =>
      apiRequest(voidSale, { params: { saleId }, body: { reason }, idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

/** The registers open now in the active store: a cash refund is paid out of one of them. */
export function useOpenRegisters(enabled: boolean) {
  return useQuery({
    queryKey: ['checkout', activeStoreId(), 'register-sessions', 'open'] as const,
    queryFn: ({ signal }) =>
      apiRequest(listRegisterSessions, { query: { status: 'open', page: 1, pageSize: 100 }, signal }),
    enabled,
  });
}

/** Customers whose name, phone or email matches `q` (the list's customer filter). */
export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['contacts', 'customers', q] as const,
    queryFn: ({ signal }) =>
      apiRequest(listContacts, { query: { kind: 'customer', q: q || undefined, page: 1, pageSize: 20 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One contact, to name the customer a filter in the URL points at. */
export function useContact(contactId: string | undefined) {
  return useQuery({
    queryKey: ['contacts', 'one', contactId] as const,
    queryFn: ({ signal }) => apiRequest(getContact, { params: { contactId: contactId! }, signal }),
    enabled: Boolean(contactId),
    staleTime: 60_000,
  });
}

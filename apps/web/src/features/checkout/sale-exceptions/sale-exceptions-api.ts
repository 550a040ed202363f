import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listSaleExceptions,
  resolveSaleException,
  type SaleExceptionKind,
  type saleExceptionStates,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { activeStoreId } from '../../../lib/active-store';

/**
 * The sale exceptions endpoints (packages/contracts/src/checkout/sale-exceptions.ts) as TanStack
 * Query hooks. They belong to the active store, so its id is in every key; every key starts with
 * 'sale-exceptions'.
 */
const exceptionsKey = ['sale-exceptions'] as const;

export interface SaleExceptionsQuery {
  state: (typeof saleExceptionStates)[number];
  kind?: SaleExceptionKind | undefined;
  page: number;
  pageSize: number;
}

export function useSaleExceptions(query: SaleExceptionsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...exceptionsKey, activeStoreId(), 'list', query] as const,
    queryFn: ({ signal }) => apiRequest(listSaleExceptions, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** How many open exceptions of a kind the store has (the stock screen's notice); only asked when `enabled`. */
export function useOpenSaleExceptionCount(kind: SaleExceptionKind, enabled: boolean) {
  const list = useSaleExceptions({ state: 'open', kind, page: 1, pageSize: 1 }, { enabled });
  return list.data?.total ?? 0;
}

/** Marks one looked into; the lists and the dashboard's count are read again. */
export function useResolveSaleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exceptionId, note }: { exceptionId: string; note?: string | undefined }) =>
      apiRequest(resolveSaleException, { params: { exceptionId }, body: note ? { note } : {} }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exceptionsKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

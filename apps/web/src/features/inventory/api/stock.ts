import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelStockCount,
  cancelStockTransfer,
  createStockAdjustment,
  createStockCount,
  createStockTransfer,
  getStockAdjustment,
  getStockCount,
  listProductMovements,
  listStockCounts,
  listStockTransfers,
  postStockCount,
  previewStockCount,
  receiveStockTransfer,
  recordStockCountLines,
  scanStockCount,
  type CreateStockAdjustmentBody,
  type StockCount,
  type StockCountStatus,
  type StockTransferStatus,
} from '@ipos/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { activeStoreId } from '../../../lib/active-store';

/**
 * The stock endpoints (packages/contracts/src/inventory/stock.ts) as TanStack Query hooks. Every
 * query key starts with 'inventory'; counts and transfers belong to the active store, so its id is
 * part of their keys.
 */
const inventoryKey = ['inventory'] as const;

/**
 * A stock change moves figures on many screens (on hand in the product, the list, the movements, the
 * counts and transfers): refresh every query except the account's own, which no stock change touches.
 */
function useRefreshAfterStockChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'accounts' });
}

// ---------------------------------------------------------------- movements

export interface MovementFilter {
  page: number;
  pageSize?: number;
  storeId?: string;
  variantId?: string;
}

export function productMovementsQueryOptions(productId: string, filter: MovementFilter) {
  return queryOptions({
    queryKey: [...inventoryKey, 'movements', productId, filter] as const,
    queryFn: ({ signal }) =>
      apiRequest(listProductMovements, {
        params: { productId },
        query: {
          page: filter.page,
          pageSize: filter.pageSize ?? 20,
          storeId: filter.storeId,
          variantId: filter.variantId,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useProductMovements = (productId: string, filter: MovementFilter) =>
  useQuery(productMovementsQueryOptions(productId, filter));

// ---------------------------------------------------------------- adjustments

export function useStockAdjustment(adjustmentId: string | null) {
  return useQuery({
    queryKey: [...inventoryKey, 'adjustments', activeStoreId(), adjustmentId] as const,
    queryFn: ({ signal }) => apiRequest(getStockAdjustment, { params: { adjustmentId: adjustmentId! }, signal }),
    enabled: adjustmentId !== null,
  });
}

export function useCreateStockAdjustment() {
  const refresh = useRefreshAfterStockChange();
  return useMutation({
    mutationFn: (body: CreateStockAdjustmentBody) => apiRequest(createStockAdjustment, { body }),
    onSuccess: () => refresh(),
  });
}

// ---------------------------------------------------------------- counts

export function stockCountsQueryOptions(filter: { page: number; status?: StockCountStatus }) {
  return queryOptions({
    queryKey: [...inventoryKey, 'counts', activeStoreId(), 'list', filter] as const,
    queryFn: ({ signal }) =>
      apiRequest(listStockCounts, { query: { page: filter.page, pageSize: 20, status: filter.status }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useStockCounts = (filter: { page: number; status?: StockCountStatus }) =>
  useQuery(stockCountsQueryOptions(filter));

const countKey = (countId: string) => [...inventoryKey, 'counts', activeStoreId(), 'one', countId] as const;

export function stockCountQueryOptions(countId: string) {
  return queryOptions({
    queryKey: countKey(countId),
    queryFn: ({ signal }) => apiRequest(getStockCount, { params: { countId }, signal }),
  });
}

export const useStockCount = (countId: string) => useQuery(stockCountQueryOptions(countId));

/** How many variants a count of these products or categories (none: everything) would cover. */
export function useStockCountPreview(scope: { productIds?: string[]; categoryIds?: string[] }, enabled = true) {
  return useQuery({
    queryKey: [...inventoryKey, 'counts', activeStoreId(), 'preview', scope] as const,
    queryFn: ({ signal }) =>
      apiRequest(previewStockCount, {
        query: { productId: scope.productIds, categoryId: scope.categoryIds },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCreateStockCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof createStockCount.body>>) => apiRequest(createStockCount, { body }),
    onSuccess: (count) => {
      queryClient.setQueryData(countKey(count.id), count);
      return queryClient.invalidateQueries({ queryKey: [...inventoryKey, 'counts'] });
    },
  });
}

/**
 * Changes to an open count answer the whole count: it replaces the cached one at once, so the sheet
 * shows the server's figures (expected, variance, values) without another request.
 */
function useCountChange<A>(fn: (args: A) => Promise<StockCount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (count) => queryClient.setQueryData(countKey(count.id), count),
  });
}

export const useRecordCountLines = () =>
  useCountChange(({ countId, lines }: { countId: string; lines: { variantId: string; counted: number | null }[] }) =>
    apiRequest(recordStockCountLines, { params: { countId }, body: { lines } }),
  );

export const useScanCount = () =>
  useCountChange(({ countId, barcode }: { countId: string; barcode: string }) =>
    apiRequest(scanStockCount, { params: { countId }, body: { barcode } }),
  );

/** Posting or cancelling closes the count; posting moves stock everywhere it shows. */
export function useCloseStockCount() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterStockChange();
  return useMutation({
    mutationFn: ({ countId, version, action }: { countId: string; version: number; action: 'post' | 'cancel' }) =>
      apiRequest(action === 'post' ? postStockCount : cancelStockCount, { params: { countId }, body: { version } }),
    onSuccess: (count) => {
      queryClient.setQueryData(countKey(count.id), count);
      return refresh();
    },
  });
}

// ---------------------------------------------------------------- transfers

export type TransferDirection = 'outgoing' | 'incoming';

export function stockTransfersQueryOptions(filter: {
  direction: TransferDirection;
  page: number;
  status?: StockTransferStatus;
}) {
  return queryOptions({
    queryKey: [...inventoryKey, 'transfers', activeStoreId(), filter] as const,
    queryFn: ({ signal }) =>
      apiRequest(listStockTransfers, {
        query: { direction: filter.direction, page: filter.page, pageSize: 20, status: filter.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useStockTransfers = (filter: {
  direction: TransferDirection;
  page: number;
  status?: StockTransferStatus;
}) => useQuery(stockTransfersQueryOptions(filter));

export function useCreateStockTransfer() {
  const refresh = useRefreshAfterStockChange();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof createStockTransfer.body>>) =>
      apiRequest(createStockTransfer, { body }),
    onSuccess: () => refresh(),
  });
}

export function useCloseStockTransfer() {
  const refresh = useRefreshAfterStockChange();
  return useMutation({
    mutationFn: ({
      transferId,
      version,
      action,
    }: {
      transferId: string;
      version: number;
      action: 'receive' | 'cancel';
    }) =>
      apiRequest(action === 'receive' ? receiveStockTransfer : cancelStockTransfer, {
        params: { transferId },
        body: { version },
      }),
    onSuccess: () => refresh(),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrderEvents,
  listPurchaseOrders,
  listReorderSuggestions,
  purchaseOrderPdf,
  recallPurchaseOrder,
  receivePurchaseOrder,
  sendPurchaseOrder,
  updatePurchaseOrder,
  type CancelPurchaseOrderBody,
  type ClosePurchaseOrderBody,
  type CreatePurchaseOrderBody,
  type ListPurchaseOrdersQuery,
  type RecallPurchaseOrderBody,
  type ReceivePurchaseOrderBody,
  type SendPurchaseOrderBody,
  type UpdatePurchaseOrderBody,
} from '@ipos/contracts';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { activeStoreId } from '../../../lib/active-store';

/**
 * The purchase-order endpoints (packages/contracts/src/purchase-orders) as TanStack Query hooks.
 * Orders belong to the active store, so its id is part of every key; every key starts with
 * 'purchase-orders'.
 */
const root = ['purchase-orders'] as const;

export const PURCHASE_ORDERS_PAGE_SIZE = 25;

export function usePurchaseOrders(query: ListPurchaseOrdersQuery) {
  return useQuery({
    queryKey: [...root, activeStoreId(), 'list', query] as const,
    queryFn: ({ signal }) => apiRequest(listPurchaseOrders, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const orderKey = (orderId: string) => [...root, activeStoreId(), 'order', orderId] as const;

export function usePurchaseOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderKey(orderId ?? ''),
    queryFn: ({ signal }) => apiRequest(getPurchaseOrder, { params: { orderId: orderId! }, signal }),
    enabled: orderId !== null,
  });
}

export function usePurchaseOrderEvents(orderId: string) {
  return useQuery({
    queryKey: [...orderKey(orderId), 'events'] as const,
    queryFn: ({ signal }) => apiRequest(listPurchaseOrderEvents, { params: { orderId }, signal }),
  });
}

/** The vendor's low-stock variants with suggested quantities; fetched when the person asks for them. */
export function useReorderSuggestions() {
  const queryClient = useQueryClient();
  return (vendorId: string) =>
    queryClient.fetchQuery({
      queryKey: [...root, activeStoreId(), 'reorder-suggestions', vendorId] as const,
      queryFn: ({ signal }) => apiRequest(listReorderSuggestions, { query: { vendorId }, signal }),
      staleTime: 0,
    });
}

/**
 * A change to an order moves stock, costs and the vendor's figures: refresh this feature, the
 * catalogue and inventory, contacts and the dashboard (everything but the account's own queries).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'accounts' });
}

export function useCreatePurchaseOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreatePurchaseOrderBody) => apiRequest(createPurchaseOrder, { body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdatePurchaseOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdatePurchaseOrderBody) => apiRequest(updatePurchaseOrder, { params: { orderId }, body }),
    onSuccess: () => refresh(),
  });
}

export function useReceivePurchaseOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ReceivePurchaseOrderBody; idempotencyKey: string }) =>
      apiRequest(receivePurchaseOrder, { params: { orderId }, body, idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

export function useRecallPurchaseOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RecallPurchaseOrderBody; idempotencyKey: string }) =>
      apiRequest(recallPurchaseOrder, { params: { orderId }, body, idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

export function useClosePurchaseOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ClosePurchaseOrderBody) => apiRequest(closePurchaseOrder, { params: { orderId }, body }),
    onSuccess: () => refresh(),
  });
}

export function useCancelPurchaseOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CancelPurchaseOrderBody) => apiRequest(cancelPurchaseOrder, { params: { orderId }, body }),
    onSuccess: () => refresh(),
  });
}

export function useSendPurchaseOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SendPurchaseOrderBody) => apiRequest(sendPurchaseOrder, { params: { orderId }, body }),
    onSuccess: () => refresh(),
  });
}

/** The order's PDF (to download or print). */
export function fetchPurchaseOrderPdf(orderId: string) {
  return apiBlob(purchaseOrderPdf, { params: { orderId } });
}

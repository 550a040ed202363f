import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createPurchaseOrder,
  createRestockOrders,
  type CreatePurchaseOrderBody,
  type CreateRestockOrdersBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { reportsKey } from '../../api/reports';

/**
 * POST /purchase-orders (the purchase orders' own contract) for the active store, from restock
 * lines. The reports are read again afterwards: what is on order has changed.
 */
export function useCreateRestockOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePurchaseOrderBody) => apiRequest(createPurchaseOrder, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}

/**
 * POST /purchase-orders/restock-orders: one order per preferred vendor for the active store, in one
 * step. The key is kept by the caller until it succeeds, so a retried click is the same request.
 */
export function useCreateRestockOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateRestockOrdersBody; idempotencyKey: string }) =>
      apiRequest(createRestockOrders, { body, idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}

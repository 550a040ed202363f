import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPurchaseOrder, type CreatePurchaseOrderBody } from '@ipos/contracts';
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

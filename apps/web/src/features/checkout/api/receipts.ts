import { saveBlob } from '../../../lib/download';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailReceipt, getReceipt, getReceiptPdf, type ReceiptPaperWidth } from '@ipos/contracts';
import { apiBlob, apiRequest } from '../../../lib/api-client';

/** The receipt endpoints (packages/contracts/src/checkout/receipts.ts) as TanStack Query hooks. */
export const receiptQuery = (saleId: string) =>
  queryOptions({
    queryKey: ['sales', saleId, 'receipt'] as const,
    queryFn: ({ signal }) => apiRequest(getReceipt, { params: { saleId }, signal }),
    // A receipt changes only by a refund or a void, which invalidate ['sales', id].
    staleTime: 60_000,
  });

/** GET /sales/:id/receipt: what the receipt prints. */
export const useReceipt = (saleId: string | null | undefined) =>
  useQuery({ ...receiptQuery(saleId ?? ''), enabled: Boolean(saleId) });

/** GET /sales/:id/receipt.pdf?width=…(&copy=true for a reprint), saved as `<number>.pdf`. */
export async function downloadReceiptPdf(saleId: string, number: string, width: ReceiptPaperWidth, copy = false) {
  // A reprint's PDF says COPY; the original (right after the sale) asks without the flag.
  const blob = await apiBlob(getReceiptPdf, { params: { saleId }, query: copy ? { width, copy: 'true' } : { width } });
  saveBlob(blob, `${number}.pdf`);
}

/** POST /sales/:id/receipt/email (copy: a reprint, marked COPY): queued for delivery (202); the sale's trail gains an event. */
export function useEmailReceipt(saleId: string, copy: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(emailReceipt, { params: { saleId }, body: copy ? { email, copy } : { email } }),
    // The sale's audit trail (the transactions screen's query) now has a sale.receipt_emailed event.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes(saleId) && query.queryKey.at(-1) === 'events',
      }),
  });
}

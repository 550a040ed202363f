import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createInvoice,
  deleteInvoice,
  emailInvoice,
  getInvoice,
  invoicePdf,
  issueInvoice,
  listInvoiceEvents,
  listInvoices,
  listTaxRates,
  recordInvoicePayment,
  updateInvoice,
  voidInvoice,
  type CreateInvoiceBody,
  type EmailInvoiceBody,
  type Invoice,
  type ListInvoicesQuery,
  type RecordInvoicePaymentBody,
  type UpdateInvoiceBody,
  type VoidInvoiceBody,
} from '@ipos/contracts';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { activeStoreId } from '../../../lib/active-store';

/**
 * The invoices endpoints (packages/contracts/src/invoices/invoices.ts) as TanStack Query hooks.
 * Invoices belong to the active store, so its id is part of every key; every key starts with 'invoices'.
 */
const invoicesKey = ['invoices'] as const;

export const INVOICES_PAGE_SIZE = 25;

/** The list's filters and page (the API pages by number: the list shows "page 2 of 5"). */
export type InvoicesFilter = Omit<ListInvoicesQuery, 'pageSize'>;

export function useInvoices(filter: InvoicesFilter) {
  return useQuery({
    queryKey: [...invoicesKey, activeStoreId(), 'list', filter] as const,
    queryFn: ({ signal }) => apiRequest(listInvoices, { query: { ...filter, pageSize: INVOICES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

const invoiceKey = (invoiceId: string) => [...invoicesKey, activeStoreId(), 'one', invoiceId] as const;

export function useInvoice(invoiceId: string | undefined) {
  return useQuery({
    queryKey: invoiceKey(invoiceId ?? ''),
    queryFn: ({ signal }) => apiRequest(getInvoice, { params: { invoiceId: invoiceId! }, signal }),
    enabled: Boolean(invoiceId),
  });
}

export function useInvoiceEvents(invoiceId: string) {
  return useQuery({
    queryKey: [...invoiceKey(invoiceId), 'events'] as const,
    queryFn: ({ signal }) => apiRequest(listInvoiceEvents, { params: { invoiceId }, signal }),
  });
}

/**
 * The business's active tax rates, for service lines (a product line takes its product's rate).
 * The same endpoint as the taxes settings; a key of our own so features stay apart.
 */
export function useServiceTaxRates() {
  return useQuery({
    queryKey: [...invoicesKey, 'tax-rates'] as const,
    queryFn: ({ signal }) => apiRequest(listTaxRates, { query: { includeInactive: 'false', pageSize: 100 }, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * A change to an invoice changes its page, its trail, the list's totals, stock (issue, void) and the
 * customer's balance: put the answer in the cache and refresh the rest, but not the account's queries.
 */
function useRefreshAfterInvoiceChange() {
  const queryClient = useQueryClient();
  return (invoice?: Invoice) => {
    if (invoice) queryClient.setQueryData(invoiceKey(invoice.id), invoice);
    return queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== 'accounts' &&
        query.queryKey[0] !== 'stores' &&
        !(invoice && query.queryKey[3] === invoice.id && query.queryKey.length === 4),
    });
  };
}

export function useCreateInvoice() {
  const refresh = useRefreshAfterInvoiceChange();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => apiRequest(createInvoice, { body }),
    onSuccess: (invoice) => refresh(invoice),
  });
}

/** Change a draft; the id travels with the call (a draft created a moment ago has it only then). */
export function useUpdateInvoice() {
  const refresh = useRefreshAfterInvoiceChange();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: UpdateInvoiceBody }) =>
      apiRequest(updateInvoice, { params: { invoiceId }, body }),
    onSuccess: (invoice) => refresh(invoice),
  });
}

export function useDeleteInvoice(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(deleteInvoice, { params: { invoiceId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: invoiceKey(invoiceId) });
      return queryClient.invalidateQueries({ queryKey: invoicesKey });
    },
  });
}

export function useIssueInvoice() {
  const refresh = useRefreshAfterInvoiceChange();
  return useMutation({
    mutationFn: ({ invoiceId, version }: { invoiceId: string; version: number }) =>
      apiRequest(issueInvoice, { params: { invoiceId }, body: { version } }),
    onSuccess: (invoice) => refresh(invoice),
  });
}

export function useRecordInvoicePayment(invoiceId: string) {
  const refresh = useRefreshAfterInvoiceChange();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RecordInvoicePaymentBody; idempotencyKey: string }) =>
      apiRequest(recordInvoicePayment, { params: { invoiceId }, body, idempotencyKey }),
    onSuccess: (invoice) => refresh(invoice),
  });
}

export function useVoidInvoice(invoiceId: string) {
  const refresh = useRefreshAfterInvoiceChange();
  return useMutation({
    mutationFn: (body: VoidInvoiceBody) => apiRequest(voidInvoice, { params: { invoiceId }, body }),
    onSuccess: (invoice) => refresh(invoice),
  });
}

export function useEmailInvoice(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailInvoiceBody) => apiRequest(emailInvoice, { params: { invoiceId }, body }),
    // Sending is on the invoice's trail.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...invoiceKey(invoiceId), 'events'] }),
  });
}

/** Saves the invoice's PDF as `LEK-INV000042.pdf` (`invoice-draft.pdf` before it has a number). */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>) {
  const blob = await apiBlob(invoicePdf, { params: { invoiceId: invoice.id } });
  saveBlob(blob, `${invoice.number ?? 'invoice-draft'}.pdf`);
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getContact, listContacts, listVariants, type ContactKind } from '@ipos/contracts';
import { apiRequest } from '../../lib/api-client';

/**
 * The searches behind the document pickers (purchase orders, invoices, waste): variants of the
 * catalogue priced and stocked for the active store, and contacts of one kind. The previous answer
 * stays on screen while the next one loads.
 */
export function variantSearchOptions(storeId: string | null, q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: ['pickers', storeId, 'variants', query] as const,
    queryFn: ({ signal }) => apiRequest(listVariants, { query: { q: query || undefined, pageSize: 20 }, signal }),
    enabled: storeId !== null && query.length > 0,
    staleTime: 15_000,
  });
}

export function useVariantSearch(storeId: string | null, q: string) {
  return useQuery({ ...variantSearchOptions(storeId, q), placeholderData: keepPreviousData });
}

export function useContactSearch(kind: ContactKind, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['pickers', 'contacts', kind, query] as const,
    queryFn: ({ signal }) =>
      apiRequest(listContacts, { query: { q: query || undefined, kind, archived: 'false', pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useContact(contactId: string | null) {
  return useQuery({
    queryKey: ['pickers', 'contact', contactId] as const,
    queryFn: ({ signal }) => apiRequest(getContact, { params: { contactId: contactId! }, signal }),
    enabled: contactId !== null,
    staleTime: 60_000,
  });
}

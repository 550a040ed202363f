import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveContact,
  commitContactImport,
  createContact,
  exportContacts,
  getContact,
  getCustomerSummary,
  getVendorSummary,
  listContacts,
  previewContactImport,
  restoreContact,
  updateContact,
  type ContactKind,
  type CreateContactBody,
  type ListContactsQuery,
  type UpdateContactBody,
} from '@ipos/contracts';
import { apiBlob, apiRequest, isApiError } from '../../../lib/api-client';

/** A missing record is not retried: the page says so at once. */
const retryUnlessMissing = (count: number, error: unknown) => count < 2 && !(isApiError(error) && error.status < 500);

/** Every contacts query starts with this key, so a change refreshes lists, pages and summaries at once. */
export const contactsKey = ['contacts'] as const;

export function useContacts(query: ListContactsQuery) {
  return useQuery({
    queryKey: [...contactsKey, 'list', query] as const,
    queryFn: ({ signal }) => apiRequest(listContacts, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contactsKey, 'one', id] as const,
    queryFn: ({ signal }) => apiRequest(getContact, { params: { contactId: id }, signal }),
    retry: retryUnlessMissing,
  });

export function useCustomerSummary(id: string) {
  return useQuery({
    queryKey: [...contactsKey, 'customer-summary', id] as const,
    queryFn: ({ signal }) => apiRequest(getCustomerSummary, { params: { contactId: id }, signal }),
    retry: retryUnlessMissing,
  });
}

export function useVendorSummary(id: string) {
  return useQuery({
    queryKey: [...contactsKey, 'vendor-summary', id] as const,
    queryFn: ({ signal }) => apiRequest(getVendorSummary, { params: { contactId: id }, signal }),
    retry: retryUnlessMissing,
  });
}

function useContactMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}

export const useCreateContact = () =>
  useContactMutation((body: CreateContactBody) => apiRequest(createContact, { body }));

export const useUpdateContact = () =>
  useContactMutation(({ id, body }: { id: string; body: UpdateContactBody }) =>
    apiRequest(updateContact, { params: { contactId: id }, body }),
  );

export const useSetContactArchived = () =>
  useContactMutation(({ id, archived }: { id: string; archived: boolean }) =>
    apiRequest(archived ? archiveContact : restoreContact, { params: { contactId: id } }),
  );

export const usePreviewContactImport = () =>
  useMutation({ mutationFn: (file: Blob) => apiRequest(previewContactImport, { file }) });

export const useCommitContactImport = () =>
  useContactMutation((file: Blob) => apiRequest(commitContactImport, { file }));

/** GET /api/v1/contacts/export: the contacts of one kind (or all) as CSV. */
export const downloadContactsCsv = (kind?: ContactKind) => apiBlob(exportContacts, { query: kind ? { kind } : {} });

export { saveBlob } from '../../../lib/download';

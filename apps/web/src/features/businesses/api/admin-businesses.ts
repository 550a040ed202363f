import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addBusinessStore,
  createBusiness,
  getBusiness,
  listBusinesses,
  type CreateBusinessBody,
  type NewStoreBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { pathTo } from '../../../lib/route-paths';

/**
 * Admin mode's businesses (packages/contracts/src/businesses/businesses.ts). Every change reads the
 * admin figures again (the dashboard, the list, the business, the users' filters) and the account,
 * whose businesses and stores the store switcher offers.
 */
export const businessPath = (businessId: string) => pathTo('dashboard.business.view/:id', { id: businessId });

export function useBusinesses(page = 1, pageSize = 25) {
  return useQuery({
    queryKey: ['businesses', 'list', { page, pageSize }],
    queryFn: ({ signal }) => apiRequest(listBusinesses, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBusiness(businessId: string) {
  return useQuery({
    queryKey: ['businesses', 'detail', businessId],
    queryFn: ({ signal }) => apiRequest(getBusiness, { params: { businessId }, signal }),
  });
}

function useAdminMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['businesses'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]),
  });
}

export const useCreateBusiness = () =>
  useAdminMutation((body: CreateBusinessBody) => apiRequest(createBusiness, { body }));

export const useAddBusinessStore = (businessId: string) =>
  useAdminMutation((body: NewStoreBody) => apiRequest(addBusinessStore, { params: { businessId }, body }));

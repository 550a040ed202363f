import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTaxRate,
  deactivateTaxRate,
  listTaxRates,
  reactivateTaxRate,
  updateTaxRate,
  type CreateTaxRateBody,
  type UpdateTaxRateBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

const taxRatesKey = ['taxes', 'rates'] as const;

/** GET /api/v1/tax-rates: the rates of the active store's business (a business has a handful). */
export function taxRatesQueryOptions(includeInactive: boolean) {
  return queryOptions({
    queryKey: [...taxRatesKey, { includeInactive }] as const,
    queryFn: ({ signal }) =>
      apiRequest(listTaxRates, {
        query: { includeInactive: includeInactive ? 'true' : 'false', pageSize: 100 },
        signal,
      }),
  });
}

export function useTaxRates(includeInactive: boolean) {
  return useQuery(taxRatesQueryOptions(includeInactive));
}

/** Every change refreshes the lists (a new default also changes the previous default's row). */
function useTaxRateMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxRatesKey }),
  });
}

export const useCreateTaxRate = () =>
  useTaxRateMutation((body: CreateTaxRateBody) => apiRequest(createTaxRate, { body }));

export const useUpdateTaxRate = () =>
  useTaxRateMutation(({ id, body }: { id: string; body: UpdateTaxRateBody }) =>
    apiRequest(updateTaxRate, { params: { taxRateId: id }, body }),
  );

export const useSetTaxRateActive = () =>
  useTaxRateMutation(({ id, version, active }: { id: string; version: number; active: boolean }) =>
    apiRequest(active ? reactivateTaxRate : deactivateTaxRate, { params: { taxRateId: id }, body: { version } }),
  );

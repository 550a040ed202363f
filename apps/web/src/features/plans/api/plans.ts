import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePlan, getPlan, type ChangePlanBody } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The business's plan (packages/contracts/src/plans/plans.ts): limits, usage and every plan. */
const planKey = ['plans', 'current'] as const;

export function useBusinessPlan() {
  return useQuery({
    queryKey: planKey,
    queryFn: ({ signal }) => apiRequest(getPlan, { signal }),
  });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePlanBody) => apiRequest(changePlan, { body }),
    onSuccess: (plan) => queryClient.setQueryData(planKey, plan),
  });
}

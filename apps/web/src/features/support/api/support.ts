import { useMutation } from '@tanstack/react-query';
import { createSupportRequest, type CreateSupportRequestBody } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/support/requests: stored and mailed to the support team; the active store goes with it. */
export function useSendSupportRequest() {
  return useMutation({ mutationFn: (body: CreateSupportRequestBody) => apiRequest(createSupportRequest, { body }) });
}

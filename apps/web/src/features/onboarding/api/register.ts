import { useMutation } from '@tanstack/react-query';
import { register, type RegisterBody } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/onboarding/register: the owner, the business, its first store. */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => apiRequest(register, { body }) });
}

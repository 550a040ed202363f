import { useMutation } from '@tanstack/react-query';
import { register, type RegisterBody } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/onboarding/register: mails the address a link that finishes the sign-up. Always 202,
 * whether or not the address has an account; sending it again sends a new link.
 */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => apiRequest(register, { body }) });
}

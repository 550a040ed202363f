import { useMutation } from '@tanstack/react-query';
import { verifyEmail } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/onboarding/verify-email with the token of the mailed link: the account and the business. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => apiRequest(verifyEmail, { body: { token } }) });
}

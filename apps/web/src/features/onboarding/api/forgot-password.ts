import { useMutation } from '@tanstack/react-query';
import { forgotPassword } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/onboarding/forgot-password: always 202, whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => apiRequest(forgotPassword, { body: { email } }) });
}

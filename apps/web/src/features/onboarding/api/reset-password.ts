import { useMutation } from '@tanstack/react-query';
import { resetPassword } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/onboarding/reset-password with the token of the mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => apiRequest(resetPassword, { body }),
  });
}

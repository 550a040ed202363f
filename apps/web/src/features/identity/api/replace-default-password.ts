import { useMutation } from '@tanstack/react-query';
import { replaceDefaultPassword } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/me/default-password: only while the account must replace the password it was given. */
export function useReplaceDefaultPassword() {
  return useMutation({
    mutationFn: (newPassword: string) => apiRequest(replaceDefaultPassword, { body: { newPassword } }),
  });
}

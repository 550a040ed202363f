import { useMutation } from '@tanstack/react-query';
import { changePassword, replaceDefaultPassword } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The password endpoints of the account (contracts `accounts/credentials`). */

/** POST /api/v1/me/password: a new password, proving the current one (10 wrong tries in 15 minutes lock it). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiRequest(changePassword, { body }),
  });
}

/** POST /api/v1/me/default-password: only while the account must replace the password it was given. */
export function useReplaceDefaultPassword() {
  return useMutation({
    mutationFn: (newPassword: string) => apiRequest(replaceDefaultPassword, { body: { newPassword } }),
  });
}

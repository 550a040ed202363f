import { useMutation } from '@tanstack/react-query';
import { changePassword, signOutEverywhere } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/me/password: a new password, proving the current one (10 wrong tries in 15 minutes lock it). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiRequest(changePassword, { body }),
  });
}

/** POST /api/v1/me/sign-out-everywhere: every session of the account ends, this one included. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => apiRequest(signOutEverywhere) });
}

import { useMutation } from '@tanstack/react-query';
import { signOutEverywhere } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/me/sign-out-everywhere: every session of the account ends, this one included. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => apiRequest(signOutEverywhere) });
}

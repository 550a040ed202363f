import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@ipos/contracts';
import { meQueryKey } from '../../api/get-me';
import { checkPinOffline, forgetPin, rememberPin, type OfflinePinCheck } from '../../pin-verifier';

/**
 * The device's copy of the signed-in person's PIN verifier (see pin-verifier), for the account the
 * app has read (GET /me). Without one known, nothing is kept and nothing can be checked offline.
 */
export function usePinVerifier() {
  const queryClient = useQueryClient();
  const accountId = () => queryClient.getQueryData<Me>(meQueryKey)?.account.id;
  return {
    /** The server has just verified or set this PIN. */
    remember: (pin: string) => {
      const id = accountId();
      if (id) void rememberPin(id, pin);
    },
    /** The PIN changed, was reset, or the server says it is locked or not set. */
    forget: () => {
      const id = accountId();
      if (id) void forgetPin(id);
    },
    checkOffline: (pin: string): Promise<OfflinePinCheck> => {
      const id = accountId();
      return id ? checkPinOffline(id, pin) : Promise.resolve({ kind: 'unknown' });
    },
  };
}

import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@ipos/contracts';
import { fetchMe, meQueryKey } from '../../api/get-me';
import { checkPinOffline, forgetPin, rememberPin, type OfflinePinCheck } from '../../pin-verifier';

/**
 * The device's copy of the signed-in person's PIN verifier (see pin-verifier), for the account the
 * app has read (GET /me). Without one known, nothing is kept and nothing can be checked offline.
 */
export function usePinVerifier() {
  const queryClient = useQueryClient();
  const accountId = () => queryClient.getQueryData<Me>(meQueryKey)?.account.id;
  return {
    /**
     * The server has just verified or set this PIN: awaited before the screen moves on, so a reload
     * straight after cannot lose it. The account may not be read yet (a PIN typed
     * as the screen opens): it is read now, by a request of its own (the screen's own read stops
     * when the unlocked screen closes).
     */
    remember: async (pin: string): Promise<void> => {
      const id = accountId() ?? (await fetchMe().catch(() => undefined))?.account.id;
      if (id) await rememberPin(id, pin);
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

import { useMutation } from '@tanstack/react-query';
import { changePin, createPin, resetPin, verifyPin } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * The PIN endpoints of the account (contracts `accounts/credentials`). Each wrong try is counted by
 * the server; the fifth locks the PIN (PIN_LOCKED) until a full sign-in.
 */

/**
 * POST /api/v1/me/pin/verify: unlocks a timed-out session. Sent even with the device offline (not
 * paused until the network returns): no answer lets the PIN screen check the PIN on the device.
 */
export function useVerifyPin() {
  return useMutation({
    mutationFn: (pin: string) => apiRequest(verifyPin, { body: { pin } }),
    networkMode: 'always',
  });
}

/** POST /api/v1/me/pin: the first PIN of an account that has none. */
export function useCreatePin() {
  return useMutation({ mutationFn: (pin: string) => apiRequest(createPin, { body: { pin } }) });
}

/** PUT /api/v1/me/pin: a new PIN, proving the current one. */
export function useChangePin() {
  return useMutation({
    mutationFn: (body: { currentPin: string; newPin: string }) => apiRequest(changePin, { body }),
  });
}

/** POST /api/v1/me/pin/reset: a forgotten or locked PIN replaced, proving the password. */
export function useResetPin() {
  return useMutation({
    mutationFn: (body: { password: string; newPin: string }) => apiRequest(resetPin, { body }),
  });
}

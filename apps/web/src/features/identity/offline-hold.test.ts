import { describe, expect, it } from 'vitest';
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { isProviderUnreachable } from './offline-hold';

describe('isProviderUnreachable', () => {
  it.each([
    ['fetch could not connect', new TypeError('Failed to fetch')],
    ['the token endpoint did not answer in time', new ErrorTimeout('Network timed out')],
    ['a gateway says the provider is down', new Error('Service Unavailable (503)')],
    [
      "wrapped in the spec's words",
      new Error('Frame window timed out', { cause: new ErrorTimeout('Network timed out') }),
    ],
  ])('no answer: %s', (_, error) => {
    expect(isProviderUnreachable(error, true)).toBe(true);
  });

  it.each([
    ['a refused grant', new ErrorResponse({ error: 'invalid_grant' })],
    ['login required', new ErrorResponse({ error: 'login_required' })],
    ['a hidden frame that timed out online', new ErrorTimeout('IFrame timed out without a response')],
    ['an identity token that fails its checks', new Error('iss mismatch')],
  ])('an answer: %s', (_, error) => {
    expect(isProviderUnreachable(error, true)).toBe(false);
  });

  it("counts anything but the provider's own refusal as no answer while the device is offline", () => {
    expect(isProviderUnreachable(new Error('whatever'), false)).toBe(true);
    expect(isProviderUnreachable(new ErrorResponse({ error: 'invalid_grant' }), false)).toBe(false);
  });
});

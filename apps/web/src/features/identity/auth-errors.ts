import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';

/**
 * The auth layer's messages of spec section 8, word for word. oidc-client-ts words some of them its
 * own way; `toSpecAuthError` translates, keeping the library's error as the cause.
 */
export const authMessages = {
  nameRequired: 'Auth name is required',
  invalidSignInType: 'Only window or popup are valid default signin types',
  baseUrlRequired: 'App base url is required',
  noConfig: 'No config provided to oidc auth',
  noRedirectUri: 'No popup_redirect_uri or redirect_uri configured',
  noSilentRedirectUri: 'No silent_redirect_uri configured',
  noUrl: 'No url provided',
  popupClosed: 'Popup window closed',
  popupInvalidResponse: 'Invalid response from popup',
  frameTimedOut: 'Frame window timed out',
  loginRequired: 'login_required',
  noAccessToken: 'No access token returned from token endpoint',
  noResponse: 'No response returned from token endpoint',
} as const;

export type AuthFlow = 'popup' | 'silent' | 'redirect';

function withCause(message: string, cause: unknown): Error {
  return new Error(message, { cause });
}

/** Maps what oidc-client-ts threw during a sign-in of the given kind onto the spec's messages. */
export function toSpecAuthError(error: unknown, flow: AuthFlow): unknown {
  if (!(error instanceof Error)) return error;
  const message = error.message;
  if (flow === 'popup') {
    // Closed by the person, or never opened (blocked): either way there is no popup window.
    if (/^Popup (closed|blocked)/.test(message) || message === 'Attempted to navigate on a disposed window') {
      return withCause(authMessages.popupClosed, error);
    }
    if (message === 'Invalid response from window') return withCause(authMessages.popupInvalidResponse, error);
  }
  if (flow === 'silent' && error instanceof ErrorTimeout) return withCause(authMessages.frameTimedOut, error);
  if (/^No (popup_)?redirect_uri configured$/.test(message)) return withCause(authMessages.noRedirectUri, error);
  if (message === 'No silent_redirect_uri configured') return withCause(authMessages.noSilentRedirectUri, error);
  // Another person came back from the provider than the one signed in here (spec section 8).
  if (error instanceof ErrorResponse && error.error === 'login_required') return error;
  if (message === 'sub in id_token does not match current sub') {
    return new ErrorResponse({ error: authMessages.loginRequired, error_description: authMessages.loginRequired });
  }
  return error;
}

/** OpenID Connect constants shared by the SPA, the API and the embedded provider (spec sections 6, 7, 9). */
export const OIDC_CLIENT_ID = 'ipos_webapp';
export const OIDC_AUDIENCE = 'urn:ipos:api';
export const OIDC_SCOPES = ['openid', 'email', 'roles', 'profile', 'offline_access'] as const;
export const OIDC_AUTH_NAME = 'main';
/** The redirect URI paths of spec section 2, relative to the app's base URL. */
export const OIDC_CALLBACK_PATHS = {
  signInWindow: `/auth/signinwin/${OIDC_AUTH_NAME}`,
  signInPopup: `/auth/signinpop/${OIDC_AUTH_NAME}`,
  signInSilent: `/auth/signinsilent/${OIDC_AUTH_NAME}`,
  signOutPopup: `/auth/signoutpop/${OIDC_AUTH_NAME}`,
  appCallback: '/index.html?auth-callback=1',
} as const;
/** Access tokens are short-lived: at most 10 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;

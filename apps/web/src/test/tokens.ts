function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A JWT-shaped token (unsigned; the SPA never verifies signatures) expiring in `expiresInSeconds`. */
export function fakeAccessToken(expiresInSeconds = 600, extra: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64url({ alg: 'RS256', typ: 'at+jwt' })}.${base64url({ sub: 'user-1', exp, ...extra })}.signature`;
}

/** Signed in, as far as the SPA can tell: a fake access token in localStorage `token` (spec section 3). */
export function storeFakeToken(expiresInSeconds = 600): void {
  localStorage.setItem('token', fakeAccessToken(expiresInSeconds));
}

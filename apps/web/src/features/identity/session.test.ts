import { describe, expect, it } from 'vitest';
import { fakeAccessToken, storeFakeToken } from '../../test/tokens';
import {
  decodeJwtPayload,
  forgetSession,
  isSignedIn,
  isTokenValid,
  rememberRequestedPath,
  resolveReturnTo,
  safeReturnTo,
} from './session';

describe('token validity (spec section 5)', () => {
  it('accepts a JWT whose exp is in the future', () => {
    expect(isTokenValid(fakeAccessToken(60))).toBe(true);
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['not a JWT', 'opaque-token'],
    ['payload not JSON', 'a.b.c'],
    ['expired', fakeAccessToken(-1)],
  ])('rejects a token that is %s', (_, token) => {
    expect(isTokenValid(token)).toBe(false);
  });

  it('rejects a token without a numeric exp', () => {
    const token = fakeAccessToken(60).split('.');
    token[1] = btoa(JSON.stringify({ sub: 'x', exp: 'tomorrow' }));
    expect(isTokenValid(token.join('.'))).toBe(false);
  });

  it('reads base64url payloads', () => {
    expect(decodeJwtPayload(fakeAccessToken(60, { name: 'Ọlá ÿ?>' }))?.name).toBe('Ọlá ÿ?>');
  });

  it('reads the stored token', () => {
    expect(isSignedIn()).toBe(false);
    storeFakeToken(60);
    expect(isSignedIn()).toBe(true);
  });
});

describe('return paths', () => {
  it('accepts only paths on this origin', () => {
    expect(safeReturnTo('/dashboard/inventory?page=2')).toBe('/dashboard/inventory?page=2');
    expect(safeReturnTo('//evil.example/x')).toBeUndefined();
    expect(safeReturnTo('/\\evil.example')).toBeUndefined();
    expect(safeReturnTo('https://evil.example')).toBeUndefined();
    expect(safeReturnTo('/x\ny')).toBeUndefined();
    expect(safeReturnTo(42)).toBeUndefined();
  });

  it('prefers the redirect query, then the stored path, then the dashboard', () => {
    expect(resolveReturnTo(new URLSearchParams())).toBe('/dashboard');
    localStorage.setItem('redirectPath', '/dashboard/report');
    expect(resolveReturnTo(new URLSearchParams())).toBe('/dashboard/report');
    expect(resolveReturnTo(new URLSearchParams({ redirect: '/dashboard/waste' }))).toBe('/dashboard/waste');
  });

  it('clears everything but the requested path when a visitor must sign in', () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('hasTimedOut', 'true');
    localStorage.setItem('oidc.user:x', '{}');
    rememberRequestedPath('/dashboard?tab=1');
    expect({ ...localStorage }).toEqual({ redirectPath: '/dashboard?tab=1' });
  });

  it('forgets the signed-in person', () => {
    for (const key of ['token', 'user-role', 'store-id', 'hasTimedOut', 'redirectPath']) localStorage.setItem(key, 'x');
    localStorage.setItem('unrelated', 'kept');
    forgetSession();
    expect({ ...localStorage }).toEqual({ unrelated: 'kept' });
  });
});

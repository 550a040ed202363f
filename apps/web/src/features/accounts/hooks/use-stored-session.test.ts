import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { STORED_SESSION_REFRESH_MS, notifyStoredSessionChanged, useStoredSession } from './use-stored-session';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useStoredSession (spec sections 6 and 9: re-read every second)', () => {
  it('re-reads the role and the store id from local storage every second', () => {
    localStorage.setItem('user-role', 'IPOS_BASIC');
    localStorage.setItem('store-id', 'ikeja');
    localStorage.setItem('isAdmin', 'false');
    const { result } = renderHook(() => useStoredSession());
    expect(result.current).toEqual({ userRole: 'IPOS_BASIC', storeId: 'ikeja', isAdmin: false });

    localStorage.setItem('user-role', 'IPOS_ADMIN');
    localStorage.setItem('store-id', 'lekki');
    act(() => vi.advanceTimersByTime(STORED_SESSION_REFRESH_MS - 1));
    expect(result.current.userRole).toBe('IPOS_BASIC');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ userRole: 'IPOS_ADMIN', storeId: 'lekki', isAdmin: false });
  });

  it('keeps the same object while nothing changes', () => {
    const { result } = renderHook(() => useStoredSession());
    const first = result.current;
    act(() => vi.advanceTimersByTime(STORED_SESSION_REFRESH_MS * 3));
    expect(result.current).toBe(first);
  });

  it('treats an absent isAdmin as admin mode', () => {
    const { result } = renderHook(() => useStoredSession());
    expect(result.current.isAdmin).toBe(true);
  });

  it('follows a change made by the app at once', () => {
    const { result } = renderHook(() => useStoredSession());
    localStorage.setItem('isAdmin', 'false');
    act(() => notifyStoredSessionChanged());
    expect(result.current.isAdmin).toBe(false);
  });

  it('stops reading once unmounted', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem');
    const { unmount } = renderHook(() => useStoredSession());
    unmount();
    spy.mockClear();
    act(() => vi.advanceTimersByTime(STORED_SESSION_REFRESH_MS * 2));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

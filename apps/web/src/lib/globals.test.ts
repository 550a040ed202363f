import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobals } from './globals';

describe('installGlobals', () => {
  afterEach(() => {
    delete (window as Partial<Window>).truncate;
    delete window.login;
  });

  it('makes the truncation helper global', () => {
    installGlobals();
    expect(window.truncate('Golden Penny', 6)).toBe('Golden...');
    expect(window.login).toBeUndefined();
  });

  it('makes the login helper global when given', async () => {
    const login = vi.fn(async () => undefined);
    installGlobals({ login });
    await window.login?.('/dashboard');
    expect(login).toHaveBeenCalledWith('/dashboard');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, renderWithProviders } from '../../../test/render';
import { SignInButton } from './sign-in-button';

describe('SignInButton', () => {
  it('signs in in this window by default', async () => {
    const signIn = vi.fn(() => new Promise<void>(() => undefined));
    renderWithProviders(<SignInButton returnTo="/dashboard/waste" />, { auth: fakeAuth({ signIn }) });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith({ returnTo: '/dashboard/waste' });
  });

  it('offers a popup sign-in', async () => {
    const signIn = vi.fn(async () => undefined);
    renderWithProviders(<SignInButton returnTo="/dashboard" />, { auth: fakeAuth({ signIn }) });
    await userEvent.click(screen.getByRole('button', { name: 'Use a pop-up window' }));
    expect(signIn).toHaveBeenCalledWith({ returnTo: '/dashboard', type: 'popup' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says so when the popup was closed before signing in', async () => {
    const signIn = vi.fn(async () => Promise.reject(new Error('Popup window closed')));
    renderWithProviders(<SignInButton returnTo="/dashboard" />, { auth: fakeAuth({ signIn }) });
    await userEvent.click(screen.getByRole('button', { name: 'Use a pop-up window' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in window was closed or blocked');
  });
});

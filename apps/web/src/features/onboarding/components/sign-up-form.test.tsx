import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SignUpForm, type RegisteredBusiness } from './sign-up-form';

function problem(status: number, code: string, errors?: { field: string; message: string }[]) {
  return new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, errors }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

function renderForm() {
  const onRegistered = vi.fn<(r: RegisteredBusiness) => void>();
  renderRoutes([{ path: '/', element: <SignUpForm onRegistered={onRegistered} /> }]);
  return { onRegistered, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Your name/), 'Ngozi Eze');
  await user.type(screen.getByLabelText(/^Email/), 'ngozi@example.test');
  await user.type(screen.getByLabelText(/^Phone/), '+234 801 234 5678');
  await user.type(screen.getByLabelText(/^Password/), 'Shop#2026');
  await user.type(screen.getByLabelText(/Business name/), 'Ngozi Stores');
  await user.selectOptions(screen.getByLabelText(/^Country/), 'KE');
}

describe('<SignUpForm />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract’s messages on their fields and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter the business name')).toBeInTheDocument();
    expect(screen.getByText('Choose a country')).toBeInTheDocument();
    expect(screen.getByText('Choose a currency')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText(/Your name/)).toHaveFocus());
  });

  it('picks the currency from the country, unless the person chose one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/^Country/), 'TZ');
    expect(screen.getByLabelText(/^Currency/)).toHaveValue('TZS');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'NG');
    expect(screen.getByLabelText(/^Currency/)).toHaveValue('NGN');
    await user.selectOptions(screen.getByLabelText(/^Currency/), 'USD');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'GB');
    expect(screen.getByLabelText(/^Currency/)).toHaveValue('USD');
  });

  it('registers with the API and hands over the email and business', async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        {
          accountId: '0190a0b0-0000-7000-8000-000000000001',
          businessId: '0190a0b0-0000-7000-8000-000000000002',
          storeId: '0190a0b0-0000-7000-8000-000000000003',
        },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const { user, onRegistered } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(onRegistered).toHaveBeenCalledWith({ email: 'ngozi@example.test', businessName: 'Ngozi Stores' }),
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/onboarding/register');
    expect(JSON.parse(init.body as string)).toEqual({
      ownerName: 'Ngozi Eze',
      email: 'ngozi@example.test',
      phone: '+234 801 234 5678',
      password: 'Shop#2026',
      businessName: 'Ngozi Stores',
      country: 'KE',
      currency: 'KSD',
    });
  });

  it('puts EMAIL_TAKEN on Email with the ways forward', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(409, 'EMAIL_TAKEN', [{ field: 'email', message: 'Already registered' }])),
    );
    const { user, onRegistered } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/An account already uses this email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reset the password' })).toHaveAttribute(
      'href',
      '/onboarding/forgot-password',
    );
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('puts the API’s validation errors on their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(400, 'VALIDATION_FAILED', [{ field: 'phone', message: 'Not a phone we can call' }])),
    );
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Not a phone we can call')).toBeInTheDocument();
  });
});

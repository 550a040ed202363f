import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import type { RegisterBody } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { SignUpForm } from './sign-up-form';

function problem(status: number, code: string, errors?: { field: string; message: string }[]) {
  return new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, errors }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

function renderForm() {
  const onSent = vi.fn<(body: RegisterBody) => void>();
  renderRoutes([
    {
      path: '/',
      element: (
        <>
          <SignUpForm onSent={onSent} />
          <ToastViewport />
        </>
      ),
    },
  ]);
  return { onSent, user: userEvent.setup() };
}

/** Clicks into a field and pastes the text: one input event, where typing key by key is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/Your name/), 'Ngozi Eze');
  await fill(user, screen.getByLabelText(/^Email/), 'ngozi@example.test');
  await fill(user, screen.getByLabelText(/^Phone/), '+234 801 234 5678');
  await fill(user, screen.getByLabelText(/^Password/), 'Shop#2026');
  await fill(user, screen.getByLabelText(/Business name/), 'Ngozi Stores');
  await user.selectOptions(screen.getByLabelText(/^Country/), 'KE');
}

describe('<SignUpForm />', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.hide();
  });

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

  it('sends the form to the API and hands it over for the check-your-email step', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const { user, onSent } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const body = {
      ownerName: 'Ngozi Eze',
      email: 'ngozi@example.test',
      phone: '+234 801 234 5678',
      password: 'Shop#2026',
      businessName: 'Ngozi Stores',
      country: 'KE',
      currency: 'KSD',
    };
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(body));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/onboarding/register');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('says too many tries in plain words and hands nothing over', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(429, 'RATE_LIMITED')),
    );
    const { user, onSent } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Too many attempts; wait a few minutes')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
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

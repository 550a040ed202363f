import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { Component as SignUp } from './sign-up';

const form = {
  ownerName: 'Ngozi Eze',
  email: 'ngozi@example.test',
  phone: '+234 801 234 5678',
  password: 'Shop#2026',
  businessName: 'Ngozi Stores',
  country: 'KE',
  currency: 'KSD',
};

function renderSignUp() {
  const user = userEvent.setup();
  const { router } = renderRoutes([{ path: '/onboarding/sign-up', Component: SignUp }], {
    initialEntries: ['/onboarding/sign-up'],
  });
  return { user, router };
}

/** Clicks into a field and pastes the text: one input event, where typing key by key is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/Your name/), form.ownerName);
  await fill(user, screen.getByLabelText(/^Email/), form.email);
  await fill(user, screen.getByLabelText(/^Phone/), form.phone);
  await fill(user, screen.getByLabelText(/^Password/), form.password);
  await fill(user, screen.getByLabelText(/Business name/), form.businessName);
  await user.selectOptions(screen.getByLabelText(/^Country/), form.country);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('/onboarding/sign-up', () => {
  it('after sending, asks the person to check the email at their address, and moves focus there', async () => {
    const calls = stubApi({ 'POST /api/v1/onboarding/register': () => jsonResponse(null, 202) });
    const { user, router } = renderSignUp();
    await fillAndSend(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    const notice = screen.getByText(/We sent a link to/).closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent('We sent a link to ngozi@example.test to finish creating your account');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=check-email');
    expect(calls.map((c) => c.body)).toEqual([form]);
  });

  it('sends the same form again for a new link, and says so', async () => {
    const calls = stubApi({ 'POST /api/v1/onboarding/register': () => jsonResponse(null, 202) });
    const { user } = renderSignUp();
    await fillAndSend(user);
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('We sent a new link to ngozi@example.test; use the newest one.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([form, form]);
  });

  it('says when sending again is refused, in plain words', async () => {
    stubApi({
      'POST /api/v1/onboarding/register': [() => jsonResponse(null, 202), () => problemResponse(429, 'RATE_LIMITED')],
    });
    const { user } = renderSignUp();
    await fillAndSend(user);
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts; wait a few minutes');
  });

  it.each([
    ['its own button', 'button'],
    ['the browser’s Back', 'history'],
  ])('going back with %s shows the form as it was typed', async (_, how) => {
    stubApi({ 'POST /api/v1/onboarding/register': () => jsonResponse(null, 202) });
    const { user, router } = renderSignUp();
    await fillAndSend(user);
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });

    if (how === 'button') await user.click(screen.getByRole('button', { name: 'Change the details' }));
    else await router.navigate(-1);

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your iPos account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue(form.ownerName);
    expect(screen.getByLabelText(/^Email/)).toHaveValue(form.email);
    expect(screen.getByLabelText(/^Password/)).toHaveValue(form.password);
    expect(screen.getByLabelText(/Business name/)).toHaveValue(form.businessName);
    expect(screen.getByLabelText(/^Country/)).toHaveValue('KE');
    expect(screen.getByLabelText(/^Currency/)).toHaveValue('KSD');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it('a reload of the check-your-email address shows the form: nothing was sent from this page', () => {
    stubApi({});
    renderRoutes([{ path: '/onboarding/sign-up', Component: SignUp }], {
      initialEntries: ['/onboarding/sign-up?step=check-email'],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Create your iPos account' })).toBeInTheDocument();
  });
});

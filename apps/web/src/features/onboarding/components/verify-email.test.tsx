import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubApi, type ApiHandler } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { VerifyEmail, type RegisteredBusiness } from './verify-email';

const token = 'b'.repeat(43);
const verified = {
  accountId: '0190a0b0-0000-7000-8000-000000000001',
  businessId: '0190a0b0-0000-7000-8000-000000000002',
  storeId: '0190a0b0-0000-7000-8000-000000000003',
  email: 'ngozi@example.test',
  businessName: 'Ngozi Stores',
};

function renderVerify(answers: ApiHandler | ApiHandler[], withToken: string | null = token) {
  const calls = stubApi({ 'POST /api/v1/onboarding/verify-email': answers });
  const onVerified = vi.fn<(registered: RegisteredBusiness) => void>();
  renderRoutes([
    {
      path: '/',
      element: (
        <VerifyEmail token={withToken} onVerified={onVerified} signIn={<button type="button">Sign in</button>} />
      ),
    },
  ]);
  return { calls, onVerified, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('<VerifyEmail />', () => {
  it('sends the token once, says it is working, and hands over the address and the business', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const calls = stubApi({ 'POST /api/v1/onboarding/verify-email': () => pending as unknown as Response });
    const onVerified = vi.fn<(registered: RegisteredBusiness) => void>();
    renderRoutes([{ path: '/', element: <VerifyEmail token={token} onVerified={onVerified} signIn={null} /> }]);

    expect(await screen.findByRole('status')).toHaveTextContent('Creating your account…');
    answer(jsonResponse(verified, 201));
    await waitFor(() =>
      expect(onVerified).toHaveBeenCalledWith({ email: 'ngozi@example.test', businessName: 'Ngozi Stores' }),
    );
    expect(calls).toEqual([expect.objectContaining({ body: { token } })]);
  });

  it('an expired or used link offers to sign up again, or to sign in', async () => {
    const { onVerified } = renderVerify(() => problemResponse(410, 'SIGN_UP_LINK_INVALID'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used');
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/onboarding/sign-up');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('a network failure says so and tries again on request', async () => {
    const { calls, onVerified, user } = renderVerify([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse(verified, 201),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not finish creating your account');
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to iPos');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ token });
  });

  it('an address that got an account meanwhile: sign in or reset the password', async () => {
    renderVerify(() => problemResponse(409, 'EMAIL_TAKEN'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an account');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Reset it/ })).toHaveAttribute('href', '/onboarding/forgot-password');
  });

  it.each([null, 'cut-short'])('a link without a whole token (%j) sends nothing', async (broken) => {
    const { calls } = renderVerify(() => jsonResponse(verified, 201), broken);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not complete');
    expect(screen.getByRole('link', { name: 'Sign up again' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

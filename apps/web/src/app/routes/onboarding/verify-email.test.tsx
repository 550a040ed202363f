import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { Component as WelcomeOnBoard } from '../welcome-on-board';
import { Component as VerifyEmail } from './verify-email';

afterEach(() => vi.unstubAllGlobals());

describe('/onboarding/verify-email', () => {
  it('goes on to the Thanks page with the business and the address, in place of the spent link', async () => {
    const token = 'c'.repeat(43);
    const calls = stubApi({
      'POST /api/v1/onboarding/verify-email': () =>
        jsonResponse(
          {
            accountId: '0190a0b0-0000-7000-8000-000000000001',
            businessId: '0190a0b0-0000-7000-8000-000000000002',
            storeId: '0190a0b0-0000-7000-8000-000000000003',
            email: 'ngozi@example.test',
            businessName: 'Ngozi Stores',
          },
          201,
        ),
    });
    const { router } = renderRoutes(
      [
        { path: '/onboarding/verify-email', Component: VerifyEmail },
        { path: '/welcome-on-board', Component: WelcomeOnBoard },
        { path: '/', element: <h1>Landing</h1> },
      ],
      { initialEntries: ['/', `/onboarding/verify-email?token=${token}`] },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome on board' })).toBeInTheDocument();
    expect(screen.getByText('Ngozi Stores')).toBeInTheDocument();
    expect(screen.getByText('ngozi@example.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ token }]);
    // Back leaves the sign-up: the link's page was replaced.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@ipos/contracts';
import { renderWithProviders } from '../../../test/render';
import { AccountSummary } from './account-summary';

const manager: Me = {
  account: { id: '0190a6a0-0000-7000-8000-000000000001', email: 'manager@demo.ipos.test', name: 'Chidi Manager' },
  isOwner: false,
  businesses: [],
  mustChangePassword: false,
  hasPin: true,
  isPinLocked: false,
  memberships: [
    {
      storeId: '0190a6a0-0000-7000-8000-0000000000aa',
      storeName: 'Lekki',
      storeAlias: 'LEK',
      businessId: '0190a6a0-0000-7000-8000-0000000000bb',
      businessName: 'Demo Mart',
      currency: 'NGN',
      roleName: 'IPOS_MANAGER_USER',
      permissions: ['dashboard.view'],
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('AccountSummary', () => {
  it('shows a loading state, then the account and its store', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<AccountSummary />);
    expect(screen.getByLabelText('Loading your account')).toHaveAttribute('aria-busy', 'true');
    answer(json(manager));
    expect(await screen.findByRole('heading', { name: 'Chidi Manager' })).toBeInTheDocument();
    expect(screen.getByText('Lekki')).toBeInTheDocument();
    expect(screen.getByText('Demo Mart')).toBeInTheDocument();
    expect(screen.getByText('Manager')).toBeInTheDocument();
    expect(screen.getByText('manager@demo.ipos.test')).toBeInTheDocument();
  });

  it('shows an error with a retry that recovers', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        json({ type: 't', title: 'Something went wrong on our side', status: 500, code: 'INTERNAL' }, 500),
      )
      .mockResolvedValueOnce(json(manager));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AccountSummary />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your account');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chidi Manager' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says when the account works in no store', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ...manager, memberships: [] })),
    );
    renderWithProviders(<AccountSummary />);
    expect(await screen.findByTestId('no-store')).toHaveTextContent('not a member of any store');
  });

  it('tells an owner without a store which business they own', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          ...manager,
          isOwner: true,
          businesses: [{ id: manager.memberships[0]!.businessId, name: 'Demo Mart' }],
          memberships: [],
        }),
      ),
    );
    renderWithProviders(<AccountSummary />);
    expect(await screen.findByTestId('no-store')).toHaveTextContent('You own Demo Mart');
  });
});

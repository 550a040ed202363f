import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentStore, listBusinesses } from '@ipos/contracts';
import { ApiError, type ResponseOf } from '../../../lib/api-client';
import { BUSINESS_ID, demoMart, LEKKI_ID, queryResult as query } from '../../../test/fixtures';
import { renderInRouter as render } from '../../../test/render';
import { AdminDashboard } from './admin-dashboard';
import { NoStore, NotAnOwner } from './no-store';
import { StoreDashboard } from './store-dashboard';

type Businesses = ResponseOf<typeof listBusinesses>;

const businesses: Businesses = { items: [demoMart], total: 1, page: 1, pageSize: 100 };

const store: CurrentStore = {
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: 'Admiralty Way',
  allowNegativeStock: false,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN' },
  roleName: 'IPOS_BASIC',
  permissions: ['dashboard.view', 'inventory.view'],
};

const links = [{ id: 'business', label: 'Businesses', description: 'Yours', to: '/dashboard/business' }];

describe('AdminDashboard', () => {
  it('shows the businesses, their stores and counts, and opens a store', async () => {
    const onOpenStore = vi.fn();
    render(
      <AdminDashboard
        personName="Ada"
        businesses={query<Businesses>({ data: businesses })}
        quickLinks={links}
        onOpenStore={onOpenStore}
      />,
    );
    expect(screen.getByTestId('business-count')).toHaveTextContent('1');
    expect(screen.getByTestId('store-count')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Demo Mart' })).toHaveAttribute(
      'href',
      '/dashboard/business/view/0190a6a0-0000-7000-8000-0000000000bb',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Work in Ikeja' }));
    expect(onOpenStore).toHaveBeenCalledWith('0190a6a0-0000-7000-8000-0000000000cc');
    expect(screen.getByRole('link', { name: 'Businesses' })).toHaveAttribute('href', '/dashboard/business');
  });

  it('has loading, empty and error states with a retry', async () => {
    const { unmount } = render(
      <AdminDashboard personName="Ada" businesses={query({ isPending: true })} quickLinks={[]} onOpenStore={vi.fn()} />,
    );
    expect(screen.getByLabelText('Loading your businesses')).toHaveAttribute('aria-busy', 'true');
    unmount();

    const empty = render(
      <AdminDashboard
        personName="Ada"
        businesses={query<Businesses>({ data: { ...businesses, items: [], total: 0 } })}
        quickLinks={[]}
        onOpenStore={vi.fn()}
      />,
    );
    expect(screen.getByTestId('no-businesses')).toHaveTextContent('You do not own a business yet.');
    empty.unmount();

    const refetch = vi.fn();
    render(
      <AdminDashboard
        personName="Ada"
        businesses={query({
          isError: true,
          error: new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'x' }),
          refetch,
        })}
        quickLinks={[]}
        onOpenStore={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to iPos');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });
});

describe('StoreDashboard', () => {
  it('shows the store, its business, currency and the role, and the role’s sections', () => {
    const quickLinksFor = vi.fn(() => [
      { id: 'inventory', label: 'Inventory', description: 'Stock', to: '/dashboard/inventory' },
    ]);
    render(
      <StoreDashboard
        personName="Dayo"
        store={query<CurrentStore>({ data: store })}
        roleLabel={(r) => (r === 'IPOS_BASIC' ? 'Basic user' : r)}
        quickLinksFor={quickLinksFor}
      />,
    );
    expect(screen.getByTestId('store-name')).toHaveTextContent('Lekki');
    expect(screen.getByTestId('store-alias')).toHaveTextContent('LEK');
    expect(screen.getByTestId('business-name')).toHaveTextContent('Demo Mart');
    expect(screen.getByTestId('store-currency')).toHaveTextContent('NGN');
    expect(screen.getByTestId('store-role')).toHaveTextContent('Basic user');
    expect(quickLinksFor).toHaveBeenCalledWith(store.permissions);
    expect(screen.getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/dashboard/inventory');
  });

  it('explains a failure in plain words', () => {
    render(
      <StoreDashboard
        personName="Dayo"
        store={query({ isError: true, error: new ApiError({ code: 'FORBIDDEN', status: 403, message: 'x' }) })}
        roleLabel={(r) => r}
        quickLinksFor={() => []}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your role does not allow this');
  });
});

describe('no store', () => {
  it('lets a member of stores choose one', async () => {
    const onChoose = vi.fn();
    render(<NoStore choices={[{ storeId: 's1', label: 'Lekki (LEK)' }]} onChoose={onChoose} isOwner={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Lekki (LEK)' }));
    expect(onChoose).toHaveBeenCalledWith('s1');
  });

  it('tells someone without a store to ask their manager', () => {
    render(<NoStore choices={[]} onChoose={vi.fn()} isOwner={false} />);
    expect(screen.getByTestId('no-store')).toHaveTextContent('Ask your manager to add you.');
  });

  it('tells a non-owner in admin mode where to work instead', () => {
    render(<NotAnOwner choices={[{ storeId: 's1', label: 'Ikeja (IKJ)' }]} onChoose={vi.fn()} />);
    expect(screen.getByTestId('not-an-owner')).toHaveTextContent('Admin mode is for business owners');
    expect(screen.getByRole('button', { name: 'Work in Ikeja (IKJ)' })).toBeInTheDocument();
  });
});

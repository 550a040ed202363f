import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDashboard as AdminFigures, ActiveStore, StoreDashboard as StoreFiguresData } from '@ipos/contracts';
import { ApiError } from '../../../lib/api-client';
import { BUSINESS_ID, demoAdminDashboard, IKEJA_ID, LEKKI_ID, queryResult as query } from '../../../test/fixtures';
import { renderInRouter as render } from '../../../test/render';
import { AdminDashboard } from './admin-dashboard';
import { NoStore, NotAnOwner } from './no-store';
import { StoreDashboard } from './store-dashboard';

const store: ActiveStore = {
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: 'Admiralty Way',
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: 'IPOS_BASIC',
  permissions: ['dashboard.view', 'inventory.view'],
};

const figures: StoreFiguresData = {
  timeZone: 'Africa/Lagos',
  today: '2026-03-07',
  salesCount: 3,
  salesMinor: 1_000_000,
  refundsMinor: 50_000,
  netSalesMinor: 950_000,
  averageBasketMinor: 333_333,
  paymentMix: [
    { method: 'cash', amountMinor: 600_000, count: 2 },
    { method: 'card', amountMinor: 400_000, count: 1 },
    { method: 'bank_transfer', amountMinor: 0, count: 0 },
    { method: 'mobile_money', amountMinor: 0, count: 0 },
  ],
  topProducts: [
    {
      productId: '0190a6a0-0000-7000-8000-00000000f001',
      variantId: '0190a6a0-0000-7000-8000-00000000f101',
      name: 'Peak Milk 400g',
      quantity: 6,
      salesMinor: 600_000,
    },
  ],
  last7Days: ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({
    date: `2026-03-${d}`,
    salesMinor: d === '07' ? 1_000_000 : 0,
    salesCount: d === '07' ? 3 : 0,
  })),
  lowStockCount: 4,
  outOfStockCount: 1,
  openSaleExceptionsCount: 0,
  recentSales: [
    {
      id: '0190a6a0-0000-7000-8000-00000000e001',
      number: 'LEK-S000042',
      completedAt: '2026-03-07T18:05:00.000Z',
      status: 'completed',
      totalMinor: 400_000,
      cashierName: 'Tola Cashier',
      customerName: 'Ada Obi',
    },
  ],
};

const quietDay: StoreFiguresData = {
  ...figures,
  salesCount: 0,
  salesMinor: 0,
  refundsMinor: 0,
  netSalesMinor: 0,
  averageBasketMinor: 0,
  paymentMix: figures.paymentMix.map((m) => ({ ...m, amountMinor: 0, count: 0 })),
  topProducts: [],
  recentSales: [],
};

const links = [{ id: 'business', label: 'Businesses', description: 'Yours', to: '/dashboard/business' }];

describe('AdminDashboard', () => {
  it('shows today by business and store, the counts and the low stock, and opens a store', async () => {
    const onOpenStore = vi.fn();
    render(
      <AdminDashboard
        personName="Ada"
        dashboard={query<AdminFigures>({ data: demoAdminDashboard })}
        quickLinks={links}
        onOpenStore={onOpenStore}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('business-count')).toHaveTextContent('1');
    expect(screen.getByTestId('store-count')).toHaveTextContent('2');
    expect(screen.getByTestId('staff-count')).toHaveTextContent('5');
    expect(screen.getByTestId('low-stock-count')).toHaveTextContent('2');
    expect(screen.getByTestId(`net-sales-${BUSINESS_ID}`)).toHaveTextContent('₦25,000.00');
    const stores = screen.getByRole('table', { name: 'Stores of Demo Mart today' });
    const lekki = within(stores).getByRole('row', { name: /Lekki/ });
    expect(
      within(lekki)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lekki (LEK)2026-03-14 · Africa/Lagos', '3', '₦25,000.00', '2', 'Work here']);
    expect(screen.getAllByRole('link', { name: 'Demo Mart' })[0]).toHaveAttribute(
      'href',
      `/dashboard/business/view/${BUSINESS_ID}`,
    );
    const low = screen.getByRole('table', { name: 'Low-stock alerts' });
    expect(within(low).getByRole('row', { name: /Peak Milk 400g/ })).toHaveTextContent('DM-DA-001');
    expect(screen.getByText('The 1 lowest of 2.')).toBeInTheDocument();
    // Speech users say what they see: the name holds the visible "Work here".
    const workInIkeja = screen.getByRole('button', { name: 'Work here in Ikeja' });
    expect(workInIkeja).toHaveTextContent('Work here');
    await userEvent.click(workInIkeja);
    expect(onOpenStore).toHaveBeenCalledWith(IKEJA_ID);
    expect(screen.getByRole('link', { name: 'Businesses' })).toHaveAttribute('href', '/dashboard/business');
  });

  it('has loading, empty and error states with a retry', async () => {
    const { unmount } = render(
      <AdminDashboard personName="Ada" dashboard={query({ isPending: true })} quickLinks={[]} onOpenStore={vi.fn()} />,
    );
    expect(screen.getByLabelText('Loading your businesses')).toHaveAttribute('aria-busy', 'true');
    unmount();

    const empty = render(
      <AdminDashboard
        personName="Ada"
        dashboard={query<AdminFigures>({
          data: { ...demoAdminDashboard, businessCount: 0, storeCount: 0, businesses: [], lowStock: [] },
        })}
        quickLinks={[]}
        onOpenStore={vi.fn()}
      />,
    );
    expect(screen.getByTestId('no-businesses')).toHaveTextContent('You do not own a business yet');
    expect(screen.getByRole('link', { name: 'Create a business' })).toHaveAttribute('href', '/dashboard/business');
    empty.unmount();

    const refetch = vi.fn();
    render(
      <AdminDashboard
        personName="Ada"
        dashboard={query({
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
        store={query<ActiveStore>({ data: store })}
        figures={query<StoreFiguresData>({ data: figures })}
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
        store={query({ isError: true, error: new ApiError({ code: 'STORE_REQUIRED', status: 400, message: 'x' }) })}
        figures={query({ isPending: true })}
        roleLabel={(r) => r}
        quickLinksFor={() => []}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a store first');
  });
});

describe('StoreDashboard figures', () => {
  const renderFigures = (
    data: Partial<Parameters<typeof query<StoreFiguresData>>[0]>,
    permissions = store.permissions,
  ) =>
    render(
      <StoreDashboard
        personName="Dayo"
        store={query<ActiveStore>({ data: { ...store, permissions } })}
        figures={query<StoreFiguresData>(data)}
        roleLabel={(r) => r}
        quickLinksFor={() => []}
      />,
    );

  it("shows today's sales, count, basket and net in the business currency, with links to the sales and stock", () => {
    renderFigures({ data: figures }, ['dashboard.view', 'inventory.view', 'transactions.view']);
    expect(screen.getByTestId('today-sales')).toHaveTextContent('₦10,000.00');
    expect(screen.getByTestId('today-count')).toHaveTextContent('3');
    expect(screen.getByTestId('today-basket')).toHaveTextContent('₦3,333.33');
    expect(screen.getByTestId('today-net')).toHaveTextContent('₦9,500.00');
    expect(screen.getByText(/Refunds/)).toHaveTextContent('Refunds ₦500.00');
    // The mix lists the methods used today with their amounts (the donut draws the same figures).
    const mix = screen.getByTestId('payment-mix');
    expect(mix).toHaveTextContent('Cash (2)₦6,000.00');
    expect(mix).toHaveTextContent('Card (1)₦4,000.00');
    expect(mix).not.toHaveTextContent('Bank transfer');
    expect(screen.getByTestId('top-products')).toHaveTextContent('Peak Milk 400g6₦6,000.00');
    expect(screen.getByRole('table', { name: 'Sales of the last 7 days' })).toHaveTextContent('Sat 7₦10,000.003 sales');
    expect(screen.getByTestId('low-stock-count')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'At or below reorder level' })).toHaveAttribute(
      'href',
      '/dashboard/inventory?stock=low',
    );
    expect(screen.getByRole('link', { name: 'Out of stock' })).toHaveAttribute(
      'href',
      '/dashboard/inventory?stock=out',
    );
    // 18:05 UTC is 19:05 in Lagos.
    expect(screen.getByTestId('recent-sales')).toHaveTextContent('LEK-S00004219:05 · Tola Cashier · Ada Obi₦4,000.00');
    expect(screen.getByRole('link', { name: 'LEK-S000042' })).toHaveAttribute(
      'href',
      '/dashboard/transactions/0190a6a0-0000-7000-8000-00000000e001',
    );
  });

  it('says so on a day without sales, and hides sales from a role that may not see transactions', () => {
    renderFigures({ data: quietDay }, ['dashboard.view']);
    expect(screen.getByTestId('no-sales-today')).toHaveTextContent('No sales yet today');
    expect(screen.getByTestId('today-sales')).toHaveTextContent('₦0.00');
    expect(screen.queryByTestId('payment-mix')).not.toBeInTheDocument();
    expect(screen.queryByText('Recent sales')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All of today’s sales' })).not.toBeInTheDocument();
    // Without inventory.view the counts show, without the links.
    expect(screen.getByTestId('low-stock-count')).toHaveTextContent('4');
    expect(screen.queryByRole('link', { name: 'Out of stock' })).not.toBeInTheDocument();
  });

  it('points a reports reader at sales made offline to review, only when there are any', () => {
    const { unmount } = renderFigures({ data: { ...figures, openSaleExceptionsCount: 3 } }, [
      'dashboard.view',
      'reports.view',
    ]);
    const notice = screen.getByTestId('sale-exceptions-notice');
    expect(notice).toHaveTextContent('3 differences from sales made offline are waiting');
    expect(within(notice).getByRole('link', { name: 'Review them' })).toHaveAttribute(
      'href',
      '/dashboard/report/sale-exceptions',
    );
    unmount();
    // None open, or a role that may not read the list: no notice.
    const again = renderFigures({ data: figures }, ['dashboard.view', 'reports.view']);
    expect(screen.queryByTestId('sale-exceptions-notice')).toBeNull();
    again.unmount();
    renderFigures({ data: { ...figures, openSaleExceptionsCount: 3 } }, ['dashboard.view']);
    expect(screen.queryByTestId('sale-exceptions-notice')).toBeNull();
  });

  it('has a loading skeleton and an error with a retry', async () => {
    const { unmount } = renderFigures({ isPending: true });
    expect(screen.getByLabelText('Loading today’s figures')).toHaveAttribute('aria-busy', 'true');
    unmount();
    const refetch = vi.fn();
    renderFigures({ isError: true, error: new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }), refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load today’s figures');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });
});

describe('no store', () => {
  it('lets a member of stores choose one', async () => {
    const onChoose = vi.fn();
    render(<NoStore choices={[{ storeId: 's1', label: 'Lekki (LEK)' }]} onChoose={onChoose} isOwner={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Lekki (LEK)' }));
    expect(onChoose).toHaveBeenCalledWith('s1');
  });

  it('tells someone without a store to ask their manager for an invitation, or to accept the one shown', () => {
    const { unmount } = render(<NoStore choices={[]} onChoose={vi.fn()} isOwner={false} hasInvitations={false} />);
    expect(screen.getByTestId('no-store')).toHaveTextContent('Ask your manager to invite you');
    unmount();
    render(<NoStore choices={[]} onChoose={vi.fn()} isOwner={false} hasInvitations />);
    expect(screen.getByTestId('no-store')).toHaveTextContent('Accept an invitation above to start working.');
  });

  it('tells a non-owner in admin mode where to work instead', () => {
    render(<NotAnOwner choices={[{ storeId: 's1', label: 'Ikeja (IKJ)' }]} onChoose={vi.fn()} />);
    expect(screen.getByTestId('not-an-owner')).toHaveTextContent('Admin mode is for business owners');
    expect(screen.getByRole('button', { name: 'Work in Ikeja (IKJ)' })).toBeInTheDocument();
  });
});

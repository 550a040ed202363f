import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissions, type ActiveStore } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { demoMartPlan, LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { PlanRoute } from './plan';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const onGrowth = demoMartPlan;
const summaries = onGrowth.plans;
const admin: ActiveStore = { ...reportingStore, permissions: [...permissions] };
const manager: ActiveStore = {
  ...reportingStore,
  permissions: permissions.filter((p) => !['settings.plan', 'businesses.manage', 'users.manage'].includes(p)),
};

function show() {
  localStorage.setItem('store-id', LEKKI_ID);
  renderRoutes(
    [
      {
        path: '/dashboard/settings/plan',
        element: (
          <>
            <PlanRoute />
            <ToastViewport />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/settings/plan'] },
  );
  return userEvent.setup();
}

describe('plan', () => {
  it('shows the current plan, a labelled meter per limit and the plans compared', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/plan': () => jsonResponse(onGrowth),
    });
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Growth plan' })).toBeInTheDocument();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Growth');
    expect(screen.getAllByText('₦15,000.00 a month').length).toBeGreaterThan(0);

    const stores = screen.getByRole('progressbar', { name: 'Stores: 3 of 3' });
    expect(stores).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Staff: 5 of 15' })).toHaveAttribute(
      'aria-valuenow',
      '33.33333333333333',
    );
    expect(screen.getByRole('progressbar', { name: 'Products: 180 of 5,000' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sales this month: 1,234 of 10,000' })).toBeInTheDocument();
    expect(screen.getByText('3 of 3 — limit reached')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'The plans compared' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(header).toEqual([
      'Plan',
      'Price',
      'Stores',
      'Staff',
      'Products',
      'Sales a month',
      'Who it is for',
      'Choose',
    ]);
    const cellsOf = (plan: RegExp) =>
      within(within(table).getByRole('row', { name: plan }))
        .getAllByRole('cell')
        .map((td) => td.textContent);
    // Free allows one store and the business has three: said where the plans are compared.
    expect(cellsOf(/^Free/).slice(0, 3)).toEqual(['Free', 'Free', '1The business has 3']);
    expect(cellsOf(/^Growth/).slice(0, 3)).toEqual(['GrowthCurrent plan', '₦15,000.00 a month', '3']);
    expect(cellsOf(/^Growth/).at(-1)).toBe('Your plan');
    expect(cellsOf(/^Business/)[2]).toBe('20');
    expect(within(table).getByRole('button', { name: 'Choose Free' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Choose Business' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Choose Growth' })).not.toBeInTheDocument();
  });

  it('changes the plan after a confirmation, sending the version read', async () => {
    const business = { ...onGrowth, plan: summaries[2]!, version: 3, changedAt: '2026-11-25T10:00:00.000Z' };
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/plan': () => jsonResponse(onGrowth),
      'PUT /api/v1/plan': () => jsonResponse(business),
    });
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Choose Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to the Business plan?' });
    expect(dialog).toHaveTextContent('up to 20 stores, 200 active staff members, 100,000 active products and');
    expect(dialog).toHaveTextContent('It costs ₦45,000.00 a month.');
    expect(calls.some((c) => c.key === 'PUT /api/v1/plan')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change to Business' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/v1/plan')?.body).toEqual({ version: 2, plan: 'business' }),
    );
    expect(await screen.findByText('The business is now on the Business plan.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Business plan' })).toBeInTheDocument();
    expect(screen.getByText('Since 25 Nov 2026, 11:00')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why a smaller plan is refused (PLAN_LIMIT_REACHED) in the dialog, and keeps the plan', async () => {
    const refusal =
      'The Free plan allows 1 store (the business has 3): bring it within the plan first, or choose a larger plan';
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/plan': () => jsonResponse(onGrowth),
      'PUT /api/v1/plan': () => problemResponse(409, 'PLAN_LIMIT_REACHED', refusal),
    });
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Choose Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to the Free plan?' });
    expect(dialog).toHaveTextContent('It costs nothing.');
    await user.click(within(dialog).getByRole('button', { name: 'Change to Free' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The Free plan is too small');
    expect(alert).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Change to Free' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Growth' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Growth');
  });

  it('tells a role without settings.plan that an administrator manages the plan, without asking for it', async () => {
    const calls = stubApi({ 'GET /api/v1/stores/current': () => jsonResponse(manager) });
    show();
    expect(await screen.findByTestId('no-access')).toHaveTextContent(
      "You don't have access to this pageYour role does not include this permission. Ask an administrator",
    );
    expect(calls.some((c) => c.key === 'GET /api/v1/plan')).toBe(false);
  });
});

describe('plan on a phone', () => {
  // jsdom has no layout: the comparison's box is 300 px wide and each header cell 100 px (the details
  // column 40 px), so only the plan and its price fit beside the details buttons.
  beforeEach(() => {
    const inComparison = (el: HTMLElement) => el.querySelector('table[aria-label="The plans compared"]') !== null;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return inComparison(this) ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (!inComparison(this)) return 0;
      const cells = [...this.querySelectorAll('table thead th')];
      return cells.reduce((sum, th) => sum + (th.textContent === 'Details' ? 40 : 100), 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps each plan and its price; its limits and Choose are in the plan’s details', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/plan': () => jsonResponse(onGrowth),
    });
    const user = show();
    const table = await screen.findByRole('table', { name: 'The plans compared' });
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Plan', 'Price', 'Details']);
    expect(within(table).queryByRole('button', { name: 'Choose Free' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Details: Free' }));
    const list = table.querySelector('dl[aria-label="Details: Free"]') as HTMLElement;
    expect(within(list).getByText('Stores').nextElementSibling).toHaveTextContent('1The business has 3');
    expect(within(list).getByText('Who it is for')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Choose Free' }));
    expect(await screen.findByRole('dialog', { name: 'Change to the Free plan?' })).toBeInTheDocument();
  });
});

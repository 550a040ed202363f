import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaxRate } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { TaxRateList } from './tax-rate-list';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.hide();
});

const LIST = 'GET /api/v1/tax-rates?includeInactive=false&pageSize=100';
const vat: TaxRate = {
  id: '0190a6a0-0000-7000-8000-000000000201',
  name: 'VAT',
  rateBasisPoints: 750,
  isInclusive: true,
  isDefault: true,
  isActive: true,
  isUsed: true,
  version: 1,
};
const luxury: TaxRate = {
  ...vat,
  id: '0190a6a0-0000-7000-8000-000000000202',
  name: 'Luxury',
  rateBasisPoints: 1225,
  isInclusive: false,
  isDefault: false,
  version: 4,
};
const page = (items: TaxRate[]) => jsonResponse({ items, total: items.length, page: 1, pageSize: 100 });

function show(canManage = true) {
  renderRoutes([
    {
      path: '/',
      element: (
        <>
          <TaxRateList canManage={canManage} createPath="/create" />
          <ToastViewport />
        </>
      ),
    },
  ]);
  return userEvent.setup();
}

describe('TaxRateList', () => {
  it('lists the rates with their kind and status; deactivates another than the default after a confirmation', async () => {
    const calls = stubApi({
      [LIST]: [() => page([vat, luxury]), () => page([vat])],
      [`POST /api/v1/tax-rates/${luxury.id}/deactivate`]: () => jsonResponse({ ...luxury, isActive: false }),
    });
    const user = show();
    const rows = await screen.findAllByTestId('tax-rate-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['VATDefault', '7.5%', 'Inclusive', 'Active'],
      ['Luxury', '12.25%', 'Exclusive', 'Active'],
    ]);
    expect(within(rows[0]!).queryByRole('button', { name: 'Deactivate VAT' })).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Deactivate Luxury' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this tax rate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivated Luxury.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 4 });
    expect(await screen.findAllByTestId('tax-rate-row')).toHaveLength(1);
  });

  it('says when there is none, and when the list could not load, with a retry', async () => {
    stubApi({ [LIST]: [() => problemResponse(500, 'INTERNAL'), () => page([])] });
    const user = show(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the tax rates');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No tax rates yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New tax rate' })).not.toBeInTheDocument();
  });
});

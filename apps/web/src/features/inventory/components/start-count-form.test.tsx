import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { StartCountDialog } from './start-count-form';
import { countLineOf, countOf, COUNT_ID, PRODUCT_ID } from './stock-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CREATE = 'POST /api/v1/stock-counts';

describe('<StartCountDialog>', () => {
  it('"Count" on a product says what will be counted and starts nothing until confirmed, blind if asked', async () => {
    const calls = stubApi({
      [`GET /api/v1/stock-counts/preview?productId=${PRODUCT_ID}`]: () =>
        jsonResponse({ variantCount: 3, productCount: 1 }),
      [CREATE]: () => jsonResponse(countOf([countLineOf()], { isBlind: true }), 201),
    });
    const onStarted = vi.fn();
    renderWithProviders(
      <StartCountDialog
        opened
        onClose={vi.fn()}
        scope={{ kind: 'product', productId: PRODUCT_ID, productName: 'Peak Milk 400g' }}
        storeName="Lekki"
        onStarted={onStarted}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Count Peak Milk 400g?' }));
    expect(await dialog.findByText('This count covers 3 variants of Peak Milk 400g in Lekki.')).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    const user = userEvent.setup();
    await user.click(dialog.getByRole('checkbox', { name: /Blind count/ }));
    await user.click(dialog.getByRole('button', { name: 'Start count' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(COUNT_ID));
    expect(calls.find((c) => c.key === CREATE)!.body).toEqual({ isBlind: true, productIds: [PRODUCT_ID] });
  });

  it('a count of the store says how many variants it covers; categories must be chosen before starting', async () => {
    const calls = stubApi({
      'GET /api/v1/stock-counts/preview': () => jsonResponse({ variantCount: 120, productCount: 80 }),
      'GET /api/v1/categories?includeArchived=false': () => jsonResponse({ items: [] }),
    });
    renderWithProviders(
      <StartCountDialog opened onClose={vi.fn()} scope={{ kind: 'choose' }} storeName="Lekki" onStarted={vi.fn()} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Start a stock count' }));
    expect(
      await dialog.findByText('This count covers 120 variants of every tracked product in Lekki.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(dialog.getByRole('radio', { name: 'Products of some categories' }));
    await user.click(dialog.getByRole('button', { name: 'Start count' }));
    expect(await dialog.findByText('Choose at least one category')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

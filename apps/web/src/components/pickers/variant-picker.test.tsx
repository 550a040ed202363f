import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api';
import { LEKKI_ID } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { rice, sellableOf, variantSearch, variantsPage } from './picker-fixtures';
import { VariantPicker } from './variant-picker';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const milk = sellableOf();

describe('VariantPicker', () => {
  it('searches by what is typed and shows the cost price and on hand when asked for cost', async () => {
    stubApi({ [variantSearch('ri')]: () => jsonResponse(variantsPage(rice)) });
    renderWithProviders(<VariantPicker storeId={LEKKI_ID} currency="NGN" price="cost" onPick={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a product' }), 'ri');
    const option = await screen.findByRole('option', { name: /Rice \(loose\)/, hidden: true });
    expect(option).toHaveTextContent('RICE-KG · 7.25 kg on hand');
    expect(option).toHaveTextContent('1,200.00');
    expect(option).not.toHaveTextContent('1,500.00');
  });

  it('adds the first match on Enter, clears for the next product, and never submits the form', async () => {
    stubApi({ [variantSearch('peak')]: () => jsonResponse(variantsPage(milk, rice)) });
    const onPick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <VariantPicker storeId={LEKKI_ID} currency="NGN" onPick={onPick} />
      </form>,
    );
    const input = screen.getByRole('textbox', { name: 'Add a product' });
    await userEvent.type(input, 'peak');
    await screen.findByRole('option', { name: /Peak Milk/, hidden: true });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0]).toMatchObject({ variantId: rice.variantId });
    expect(input).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('waits for the answer to a scanned barcode before adding, never a previous search’s option', async () => {
    const calls = stubApi({
      [variantSearch('ri')]: () => jsonResponse(variantsPage(rice)),
      [variantSearch('6151100012345')]: () => jsonResponse(variantsPage(milk)),
    });
    const onPick = vi.fn();
    renderWithProviders(<VariantPicker storeId={LEKKI_ID} currency="NGN" onPick={onPick} />);
    const input = screen.getByRole('textbox', { name: 'Add a product' });
    await userEvent.type(input, 'ri');
    await screen.findByRole('option', { name: /Rice/, hidden: true });
    await userEvent.clear(input);
    // A scanner: the whole code and Enter at once, before the debounced search has run.
    await userEvent.type(input, '6151100012345{Enter}', { delay: null });
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick.mock.calls[0]![0]).toMatchObject({ variantId: milk.variantId });
    expect(calls.map((c) => c.key)).toContain(variantSearch('6151100012345'));
  });

  it('shows variants already on the document as added, and they cannot be picked', async () => {
    stubApi({ [variantSearch('peak')]: () => jsonResponse(variantsPage(milk)) });
    const onPick = vi.fn();
    renderWithProviders(
      <VariantPicker storeId={LEKKI_ID} currency="NGN" onPick={onPick} excludeVariantIds={new Set([milk.variantId])} />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a product' }), 'peak');
    const option = await screen.findByRole('option', { name: /Peak Milk/, hidden: true });
    expect(option).toHaveTextContent('already added');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(option);
    expect(onPick).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentInput } from '@ipos/contracts';
import { ApiError } from '../../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render';
import { PaymentDialog } from './payment-dialog';
import { quickCashAmounts } from './cash-notes';

afterEach(() => vi.restoreAllMocks());

function renderDialog(totalMinor: number, extra: { error?: string | Error } = {}) {
  const onConfirm = vi.fn<(payments: PaymentInput[]) => void>();
  renderWithProviders(
    <PaymentDialog
      opened
      totalMinor={totalMinor}
      currency="NGN"
      onClose={() => undefined}
      onConfirm={onConfirm}
      submitting={false}
      error={extra.error}
    />,
  );
  const dialog = within(screen.getByRole('dialog'));
  return { dialog, onConfirm, user: userEvent.setup() };
}

const complete = (dialog: ReturnType<typeof within>) => dialog.getByRole('button', { name: 'Complete sale' });

describe('quickCashAmounts', () => {
  it('offers the exact amount, then round sums of each note just above it', () => {
    // ₦3,300: ₦3,500 (7 × ₦500), ₦4,000 (4 × ₦1,000 or 2 × ₦2,000), ₦5,000, ₦10,000, ₦20,000.
    expect(quickCashAmounts(330_000, 'NGN', 2)).toEqual([330_000, 350_000, 400_000, 500_000, 1_000_000, 2_000_000]);
    // A round amount is its own exact payment, not repeated (₦6,000 is three ₦2,000 notes).
    expect(quickCashAmounts(500_000, 'NGN', 2)).toEqual([500_000, 600_000, 1_000_000, 2_000_000]);
    expect(quickCashAmounts(2_350, 'KSD', 2)).toEqual([2_350, 5_000, 10_000, 20_000, 50_000, 100_000]);
    expect(quickCashAmounts(0, 'NGN', 2)).toEqual([]);
  });
});

describe('<PaymentDialog>', () => {
  it('shows the amount due; a quick-cash note shows the change live; Enter completes with amount and tendered', async () => {
    const { dialog, onConfirm, user } = renderDialog(330_000);
    expect(dialog.getByTestId('amount-due')).toHaveTextContent('₦3,300.00');
    const tendered = dialog.getByLabelText('Cash tendered');
    await waitFor(() => expect(tendered).toHaveFocus());
    expect(complete(dialog)).toBeDisabled();

    await user.click(dialog.getByRole('button', { name: '₦5,000.00' }));
    expect(tendered).toHaveValue('5000.00');
    expect(dialog.getByTestId('change-due')).toHaveTextContent('₦1,700.00');
    expect(complete(dialog)).toBeEnabled();

    await user.type(tendered, '{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith([{ method: 'cash', amountMinor: 330_000, tenderedMinor: 500_000 }]);
  });

  it('keeps Complete disabled until the tenders cover the total', async () => {
    const { dialog, onConfirm, user } = renderDialog(330_000);
    const tendered = dialog.getByLabelText('Cash tendered');
    await user.type(tendered, '3000');
    expect(dialog.getByTestId('change-due')).toHaveTextContent('₦0.00');
    expect(complete(dialog)).toBeDisabled();
    await user.type(tendered, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(tendered);
    await user.type(tendered, '3300');
    expect(complete(dialog)).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Exact ₦3,300.00' }));
    await user.click(complete(dialog));
    expect(onConfirm).toHaveBeenCalledWith([{ method: 'cash', amountMinor: 330_000, tenderedMinor: 330_000 }]);
  });

  it('Enter with nothing typed in Cash tendered completes with exact cash for what remains, no change', async () => {
    const { dialog, onConfirm, user } = renderDialog(330_000);
    const tendered = dialog.getByLabelText('Cash tendered');
    await waitFor(() => expect(tendered).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith([{ method: 'cash', amountMinor: 330_000, tenderedMinor: 330_000 }]);
  });

  it('after a card part, Enter on an empty Cash tendered pays the rest exactly; a card still needs its amount', async () => {
    const { dialog, onConfirm, user } = renderDialog(330_000);
    await user.keyboard('{F2}');
    const amount = dialog.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(amount, '1000');
    await user.click(dialog.getByRole('button', { name: 'Add payment' }));

    await user.keyboard('{F1}');
    const tendered = dialog.getByLabelText('Cash tendered');
    await waitFor(() => expect(tendered).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith([
      { method: 'card', amountMinor: 100_000 },
      { method: 'cash', amountMinor: 230_000, tenderedMinor: 230_000 },
    ]);
  });

  it('splits: card for part with its reference (F2), then cash for the rest with change', async () => {
    const { dialog, onConfirm, user } = renderDialog(330_000);
    await user.keyboard('{F2}');
    const amount = dialog.getByLabelText('Amount');
    // The amount starts at what remains.
    expect(amount).toHaveValue('3300.00');
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.type(dialog.getByLabelText(/Reference/), 'POS-778');
    // A card may not pay more than remains.
    expect(complete(dialog)).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Add payment' }));

    const list = within(dialog.getByRole('list', { name: 'Payments' }));
    expect(list.getByText('Card · POS-778')).toBeInTheDocument();
    expect(dialog.getByText(/Remaining/).textContent).toContain('₦2,300.00');

    await user.keyboard('{F1}');
    const tendered = dialog.getByLabelText('Cash tendered');
    await user.type(tendered, '2500');
    expect(dialog.getByTestId('change-due')).toHaveTextContent('₦200.00');
    await user.click(complete(dialog));
    expect(onConfirm).toHaveBeenCalledWith([
      { method: 'card', amountMinor: 100_000, reference: 'POS-778' },
      { method: 'cash', amountMinor: 230_000, tenderedMinor: 250_000 },
    ]);
  });

  it('refuses a card amount above what remains, and removing a tender brings its amount back', async () => {
    const { dialog, user } = renderDialog(100_000);
    await user.keyboard('{F2}');
    const amount = dialog.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '1500');
    expect(dialog.getByText('More than what remains (₦1,000.00)')).toBeInTheDocument();
    expect(complete(dialog)).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '400');
    await user.click(dialog.getByRole('button', { name: 'Add payment' }));
    expect(dialog.getByText(/Remaining/).textContent).toContain('₦600.00');
    await user.click(dialog.getByRole('button', { name: 'Remove Card ₦400.00' }));
    expect(dialog.queryByRole('list', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('takes mobile money with provider, phone and reference, as the contract wants (4 outside a field)', async () => {
    const { dialog, onConfirm, user } = renderDialog(250_000);
    await user.click(dialog.getByTestId('amount-due'));
    await user.keyboard('4');
    expect(dialog.getByLabelText('Amount')).toHaveValue('2500.00');
    await user.click(dialog.getByRole('radio', { name: 'M-Pesa' }));
    await user.type(dialog.getByLabelText('Phone'), 'not a phone');
    await user.click(complete(dialog));
    expect(dialog.getByText('Enter a phone number')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText('Phone'));
    await user.type(dialog.getByLabelText('Phone'), '+254 712 345 678');
    await user.type(dialog.getByLabelText(/Reference/), 'QX12');
    await user.click(complete(dialog));
    expect(onConfirm).toHaveBeenCalledWith([
      {
        method: 'mobile_money',
        amountMinor: 250_000,
        reference: 'QX12',
        provider: 'mpesa',
        phone: '+254 712 345 678',
      },
    ]);
  });

  it('completes a zero total with no payment from Enter, and shows the till’s error inside', async () => {
    const { dialog, onConfirm, user } = renderDialog(0, { error: 'Only 1 left of Peak Milk' });
    expect(dialog.getByText('Nothing to pay')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Cash tendered')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add payment' })).not.toBeInTheDocument();
    expect(dialog.getByRole('alert', { name: 'The sale was not completed' })).toHaveTextContent(
      'Only 1 left of Peak Milk',
    );
    await waitFor(() => expect(complete(dialog)).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith([]);
  });

  it('completes a zero total from Enter pressed before the dialog has the focus', async () => {
    const { onConfirm } = renderDialog(0);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith([]);
  });

  it('shows a sale refused by the plan in the API’s words: the limit, the plan, the usage', () => {
    const words =
      'Sales this month: the Free plan allows 1,000 sales this month; the business has recorded 1,000. An administrator can choose a larger plan in Settings → Plan to raise the limit';
    const { dialog } = renderDialog(150_000, {
      error: new ApiError({ code: 'PLAN_LIMIT_REACHED', status: 409, message: words }),
    });
    expect(dialog.getByRole('alert', { name: 'The sale was not completed' })).toHaveTextContent(words);
  });
});

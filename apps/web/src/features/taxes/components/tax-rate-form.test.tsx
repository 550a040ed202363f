import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { basisPointsToPercent, percentToBasisPoints, type TaxRate } from '@ipos/contracts';
import { CreateTaxRateForm, EditTaxRateForm } from './tax-rate-form';

afterEach(() => vi.restoreAllMocks());

describe('percent ⇄ basis points', () => {
  it.each([
    ['7.5', 750],
    ['12.25', 1225],
    ['0', 0],
    ['100', 10000],
    ['0.01', 1],
    ['16', 1600],
    [' 7,5 ', 750],
  ])('percent %s → %i bp, exactly', (text, bp) => {
    expect(percentToBasisPoints(text)).toBe(bp);
  });
  it.each(['7.125', '-1', 'abc', '', '1e2', '.5'])('refuses %j', (text) => {
    expect(percentToBasisPoints(text)).toBeNaN();
  });
  it.each([
    [750, '7.5'],
    [1225, '12.25'],
    [1600, '16'],
    [5, '0.05'],
  ])('%i bp → percent %s', (bp, text) => {
    expect(basisPointsToPercent(bp)).toBe(text);
  });
});

describe('<CreateTaxRateForm>', () => {
  const fill = async (name: string, rate: string) => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), name);
    await user.type(screen.getByLabelText(/^Rate/), rate);
    return user;
  };

  it('sends the contract’s body: 12.25% becomes 1225 basis points, exclusive, made default', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<CreateTaxRateForm onSubmit={onSubmit} />);
    const user = await fill('Luxury', '12.25');
    await user.click(screen.getByLabelText(/Make this the default/));
    await user.click(screen.getByRole('button', { name: 'Create tax rate' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Luxury',
      rateBasisPoints: 1225,
      isInclusive: false,
      isDefault: true,
    });
  });

  it('inclusive is chosen with the keyboard too', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<CreateTaxRateForm onSubmit={onSubmit} />);
    const user = await fill('VAT shelf', '7.5');
    await user.click(screen.getByLabelText(/^Inclusive/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'VAT shelf',
      rateBasisPoints: 750,
      isInclusive: true,
      isDefault: false,
    });
  });

  it.each([
    ['7.125', 'Enter a rate from 0 to 100 with at most 2 decimals'],
    ['101', 'A rate cannot be more than 100%'],
    ['abc', 'Enter a rate from 0 to 100 with at most 2 decimals'],
  ])('refuses a rate of %s before sending anything', async (rate, message) => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<CreateTaxRateForm onSubmit={onSubmit} />);
    const user = await fill('Odd', rate);
    await user.click(screen.getByRole('button', { name: 'Create tax rate' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an empty name is refused with the contract’s words', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<CreateTaxRateForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Rate/), '5');
    await user.click(screen.getByRole('button', { name: 'Create tax rate' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the API’s field error (TAX_RATE_NAME_TAKEN on name) on the name field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        code: 'TAX_RATE_NAME_TAKEN',
        status: 409,
        message: 'taken',
        fieldErrors: [{ field: 'name', message: 'A tax rate with this name already exists' }],
      });
    });
    renderWithProviders(<CreateTaxRateForm onSubmit={onSubmit} />);
    const user = await fill('VAT', '7.5');
    await user.click(screen.getByRole('button', { name: 'Create tax rate' }));
    expect(await screen.findByText('A tax rate with this name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('<EditTaxRateForm>', () => {
  const rate: TaxRate = {
    id: '0190a0a0-0000-7000-8000-000000000001',
    name: 'VAT',
    rateBasisPoints: 750,
    isInclusive: true,
    isDefault: true,
    isActive: true,
    isUsed: false,
    version: 3,
  };

  it('starts from the rate as a percentage and sends the version it read', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<EditTaxRateForm rate={rate} onSubmit={onSubmit} onCancel={() => undefined} />);
    const input = screen.getByLabelText(/^Rate/);
    expect(input).toHaveValue('7.5');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ version: 3, name: 'VAT', rateBasisPoints: 800, isInclusive: true });
  });

  it('a rate in use can only be renamed: its rate is locked and not sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <EditTaxRateForm rate={{ ...rate, isUsed: true }} onSubmit={onSubmit} onCancel={() => undefined} />,
    );
    expect(screen.getByLabelText(/^Rate/)).toBeDisabled();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'VAT 2020');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ version: 3, name: 'VAT 2020' });
  });
});

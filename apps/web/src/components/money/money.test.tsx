import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Money } from './money';

describe('<Money />', () => {
  it('shows minor units in the currency with its symbol', () => {
    renderWithProviders(
      <p>
        Total <Money amountMinor={250075} currency="NGN" /> and <Money amountMinor={-500} currency="KSD" />
      </p>,
    );
    expect(screen.getByText('₦2,500.75')).toHaveAttribute('data-currency', 'NGN');
    expect(screen.getByText('-KSD 5.00')).toHaveAttribute('data-currency', 'KSD');
  });
});

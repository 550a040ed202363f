import { screen } from '@testing-library/react';
import { purchaseOrderStatuses } from '@ipos/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge';

describe('<PurchaseOrderStatusBadge />', () => {
  it('labels every status of spec section 3', () => {
    renderWithProviders(
      <>
        {purchaseOrderStatuses.map((s) => (
          <PurchaseOrderStatusBadge key={s.value} status={s.value} />
        ))}
      </>,
    );
    for (const [name, label] of [
      ['OPEN', 'Open'],
      ['CANCELLED', 'Cancelled'],
      ['CLOSED', 'Closed'],
      ['FULLY RECALLED', 'Fully recalled'],
      ['PARTIALLY RECALLED', 'Partially recalled'],
    ] as const) {
      expect(screen.getByText(label).closest('[data-status]')).toHaveAttribute('data-status', name);
    }
  });
});

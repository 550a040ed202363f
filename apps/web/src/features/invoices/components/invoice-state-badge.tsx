import { Badge } from '@mantine/core';
import { invoiceStateLabels, type InvoiceState } from '@ipos/contracts';

const colors: Record<InvoiceState, string> = {
  draft: 'gray',
  unpaid: 'blue',
  partially_paid: 'yellow',
  overdue: 'red',
  paid: 'green',
  void: 'dark',
};

/** An invoice's state in words and colour: Draft, Unpaid, Partly paid, Overdue, Paid, Void. */
export function InvoiceStateBadge({ state, size = 'sm' }: { state: InvoiceState; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={colors[state]}
      variant={state === 'overdue' ? 'filled' : 'light'}
      size={size}
      data-testid="invoice-state"
    >
      {invoiceStateLabels[state]}
    </Badge>
  );
}

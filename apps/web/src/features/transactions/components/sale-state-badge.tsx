import { Badge } from '@mantine/core';
import { saleStateLabels, type SaleState } from '@ipos/contracts';

const colors: Record<SaleState, string> = {
  completed: 'green',
  partially_refunded: 'yellow',
  refunded: 'orange',
  voided: 'gray',
};

/** A sale's state in words and colour: Completed, Partly refunded, Refunded, Voided. */
export function SaleStateBadge({ state, size = 'sm' }: { state: SaleState; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={colors[state]} variant="light" size={size} data-testid="sale-state">
      {saleStateLabels[state]}
    </Badge>
  );
}

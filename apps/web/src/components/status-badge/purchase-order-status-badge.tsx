import { purchaseOrderStatuses, type PurchaseOrderStatusValue } from '@ipos/contracts';
import { Badge, type BadgeProps } from '@mantine/core';

// Colour follows what the status asks of the person: open work, finished, or goods sent back.
const colorOf: Record<PurchaseOrderStatusValue, string> = {
  0: 'blue',
  1: 'gray',
  2: 'ipos',
  3: 'red',
  4: 'orange',
};

export interface PurchaseOrderStatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: PurchaseOrderStatusValue;
}

/** A purchase order's status (spec section 3) as a labelled badge; the label never relies on colour. */
export function PurchaseOrderStatusBadge({ status, ...props }: PurchaseOrderStatusBadgeProps) {
  const known = purchaseOrderStatuses.find((s) => s.value === status);
  return (
    <Badge variant="light" color={colorOf[status] ?? 'gray'} data-status={known?.name ?? status} {...props}>
      {known?.label ?? `Status ${status}`}
    </Badge>
  );
}

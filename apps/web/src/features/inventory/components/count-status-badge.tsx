import { Badge } from '@mantine/core';
import type { StockCountStatus, StockTransferStatus } from '@ipos/contracts';

const countStatus: Record<StockCountStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue' },
  posted: { label: 'Posted', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

const transferStatus: Record<StockTransferStatus, { label: string; color: string }> = {
  in_transit: { label: 'In transit', color: 'orange' },
  received: { label: 'Received', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export function CountStatusBadge({ status }: { status: StockCountStatus }) {
  return (
    <Badge color={countStatus[status].color} variant="light">
      {countStatus[status].label}
    </Badge>
  );
}

export function TransferStatusBadge({ status }: { status: StockTransferStatus }) {
  return (
    <Badge color={transferStatus[status].color} variant="light">
      {transferStatus[status].label}
    </Badge>
  );
}

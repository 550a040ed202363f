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

/** A count's status, then "Blind" when its counters do not see the quantity expected. */
export function CountBadges({ count }: { count: { status: StockCountStatus; isBlind: boolean } }) {
  return (
    <>
      <CountStatusBadge status={count.status} />
      {count.isBlind ? (
        <Badge variant="outline" color="gray" radius="sm">
          Blind
        </Badge>
      ) : null}
    </>
  );
}

export function TransferStatusBadge({ status }: { status: StockTransferStatus }) {
  return (
    <Badge color={transferStatus[status].color} variant="light">
      {transferStatus[status].label}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { wasteStatusLabels, type WasteStatus } from '@ipos/contracts';

const colors: Record<WasteStatus, string> = { pending: 'yellow', recorded: 'green', rejected: 'gray' };

/** A waste record's status in words and colour: Waiting for approval, Recorded, Rejected. */
export function WasteStatusBadge({ status, size = 'sm' }: { status: WasteStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={colors[status]} variant="light" size={size} data-testid="waste-status">
      {wasteStatusLabels[status]}
    </Badge>
  );
}

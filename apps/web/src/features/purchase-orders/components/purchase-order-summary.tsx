import type { ReactNode } from 'react';
import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type CurrencyCode, formatStoreDateTime, type PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatDay } from '../../../lib/format';
import { vendorPath } from './paths';

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The vendor, the dates and people of the order's life, its amounts and notes. */
export function PurchaseOrderSummary({
  order: po,
  currency,
  timeZone,
}: {
  order: PurchaseOrder;
  currency: CurrencyCode;
  timeZone: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Detail label="Vendor" testId="po-vendor">
          <Anchor component={Link} to={vendorPath(po.vendor.id)}>
            {po.vendor.name}
          </Anchor>
          {po.vendor.phone || po.vendor.email ? (
            <Text size="xs" c="dimmed">
              {[po.vendor.phone, po.vendor.email].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Detail>
        <Detail label="Expected">{po.expectedOn ? formatDay(po.expectedOn) : '—'}</Detail>
        <Detail label="Created">
          {formatStoreDateTime(po.createdAt, timeZone)}
          {po.createdBy ? (
            <Text size="xs" c="dimmed">
              by {po.createdBy.name}
            </Text>
          ) : null}
        </Detail>
        <Detail label="Sent">{po.sentAt ? formatStoreDateTime(po.sentAt, timeZone) : 'Not yet'}</Detail>
        {po.closedAt ? (
          <Detail label={po.closeReason ? 'Closed short' : 'Closed'}>
            {formatStoreDateTime(po.closedAt, timeZone)}
            <Text size="xs" c="dimmed">
              {[po.closedBy?.name, po.closeReason].filter(Boolean).join(' · ')}
            </Text>
          </Detail>
        ) : null}
        {po.cancelledAt ? (
          <Detail label="Cancelled">
            {formatStoreDateTime(po.cancelledAt, timeZone)}
            <Text size="xs" c="dimmed">
              {[po.cancelledBy?.name, po.cancelReason].filter(Boolean).join(' · ')}
            </Text>
          </Detail>
        ) : null}
        <Detail label="Ordered">
          <Money amountMinor={po.orderedMinor} currency={currency} />
        </Detail>
        <Detail label="Received" testId="po-received-amount">
          <Money amountMinor={po.receivedMinor} currency={currency} />
        </Detail>
        {po.returnedMinor > 0 ? (
          <Detail label="Returned">
            <Money amountMinor={po.returnedMinor} currency={currency} />
          </Detail>
        ) : null}
      </SimpleGrid>
      {po.notes ? (
        <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
          {po.notes}
        </Text>
      ) : null}
    </Card>
  );
}

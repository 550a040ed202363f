import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  formatStoreDateTime,
  wasteReasonLabels,
  type CurrencyCode,
  type ProductUnit,
  type WasteDetail,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { Photo } from './waste-photo';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** What was written off: product, quantity, value at cost (when shown), reason, who and when, note and photo. */
export function WasteDetailsCard({
  waste: w,
  currency,
  timeZone,
}: {
  waste: WasteDetail;
  currency: CurrencyCode;
  timeZone: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600} size="lg">
            {w.name}
          </Text>
          <Text size="sm" c="dimmed">
            {w.sku}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Quantity">{formatQuantity(w.quantity, w.unit as ProductUnit)}</Fact>
          {w.unitCostMinor !== null && w.valueMinor !== null ? (
            <>
              <Fact label="Unit cost">
                <Money amountMinor={w.unitCostMinor} currency={currency} />
              </Fact>
              <Fact label="Value at cost">
                <Money amountMinor={w.valueMinor} currency={currency} fw={700} />
              </Fact>
            </>
          ) : null}
          <Fact label="Reason">{wasteReasonLabels[w.reason]}</Fact>
          <Fact label="Recorded">
            {formatStoreDateTime(w.recordedAt, timeZone)}
            <Text size="xs" c="dimmed">
              by {w.recordedBy.name}
            </Text>
          </Fact>
          {w.decidedAt && w.decidedBy ? (
            <Fact label={w.status === 'rejected' ? 'Rejected' : 'Approved'}>
              {formatStoreDateTime(w.decidedAt, timeZone)}
              <Text size="xs" c="dimmed">
                by {w.decidedBy.name}
              </Text>
            </Fact>
          ) : null}
        </SimpleGrid>
        {w.note ? <Fact label="Note">{w.note}</Fact> : null}
        <Fact label="Photo">
          <Photo waste={w} />
        </Fact>
      </Stack>
    </Card>
  );
}

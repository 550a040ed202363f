import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { type CurrencyCode, formatStoreDateTime, type PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';

/** The goods received against the order and those returned to the vendor, each with its lines. */
export function PurchaseOrderMovements({
  order: po,
  currency,
  timeZone,
}: {
  order: PurchaseOrder;
  currency: CurrencyCode;
  timeZone: string;
}) {
  const nameOfLine = (lineNo: number) => po.lines.find((l) => l.lineNo === lineNo);
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="po-receipts-title">
        <Title order={2} size="h4" id="po-receipts-title">
          Deliveries
        </Title>
        {po.receipts.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing received yet.
          </Text>
        ) : (
          po.receipts.map((receipt) => (
            <Card key={receipt.id} withBorder radius="md" padding="sm" data-testid="po-receipt">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {formatStoreDateTime(receipt.receivedAt, timeZone)} · {receipt.by.name}
                </Text>
                <Money amountMinor={receipt.valueMinor} currency={currency} fw={700} />
              </Group>
              {receipt.reference || receipt.note ? (
                <Text size="xs" c="dimmed">
                  {[receipt.reference ? `Ref. ${receipt.reference}` : null, receipt.note].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
              <Text size="sm" mt={4}>
                {receipt.lines
                  .map((l) => {
                    const line = nameOfLine(l.lineNo);
                    return `${formatQuantity(l.quantity, line?.unit)} × ${line?.name ?? `line ${l.lineNo}`}`;
                  })
                  .join(', ')}
              </Text>
            </Card>
          ))
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="po-returns-title">
        <Title order={2} size="h4" id="po-returns-title">
          Returns to the vendor
        </Title>
        {po.returns.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing returned.
          </Text>
        ) : (
          po.returns.map((ret) => (
            <Card key={ret.id} withBorder radius="md" padding="sm" data-testid="po-return">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {formatStoreDateTime(ret.returnedAt, timeZone)} · {ret.by.name}
                </Text>
                <Money amountMinor={ret.valueMinor} currency={currency} fw={700} />
              </Group>
              <Text size="xs" c="dimmed">
                {ret.reason}
              </Text>
              <Text size="sm" mt={4}>
                {ret.lines
                  .map((l) => {
                    const line = nameOfLine(l.lineNo);
                    return `${formatQuantity(l.quantity, line?.unit)} × ${line?.name ?? `line ${l.lineNo}`}`;
                  })
                  .join(', ')}
              </Text>
            </Card>
          ))
        )}
      </Stack>
    </Stack>
  );
}

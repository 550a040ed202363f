import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  type CurrencyCode,
  formatStoreDateTime,
  mobileMoneyProviderLabels,
  paymentMethodLabels,
  type SaleDetail,
  type SaleEvent,
} from '@ipos/contracts';
import {
  isRecordMissing,
  LoadError,
  LoadingCard,
  RecordNotFound,
  WhenLoaded,
} from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { useSale, useSaleEvents } from '../api/transactions';
import { RefundDialog } from './refund-dialog';
import { SaleStateBadge } from './sale-state-badge';
import { TRANSACTIONS_PATH } from './sales-list';
import { VoidDialog } from './void-dialog';

export interface SaleViewProps {
  saleId: string;
  currency: CurrencyCode;
  timeZone: string;
  permissions: readonly string[];
  /** Opens the receipt (the route composes the checkout feature's receipt dialog). */
  onReprint?: () => void;
}

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

const actionWords: Record<string, string> = {
  'sale.completed': 'Sale completed',
  'sale.created': 'Sale completed',
  'sale.refunded': 'Refunded',
  'refund.created': 'Refunded',
  'sale.voided': 'Voided',
  'sale.receipt_emailed': 'Receipt emailed',
  'receipt.emailed': 'Receipt emailed',
};

/** An audit action in words: known ones by name, others from their code ("sale.note_added" → "Note added"). */
export function actionInWords(action: string): string {
  const known = actionWords[action];
  if (known) return known;
  const last = action.split('.').at(-1) ?? action;
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

function eventDetail(event: SaleEvent): string | null {
  const after = event.after ?? {};
  const parts: string[] = [];
  for (const key of ['number', 'reason', 'to', 'email']) {
    const value = after[key];
    if (typeof value === 'string' && value) parts.push(value);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

function PaymentDetail({ payment }: { payment: SaleDetail['payments'][number] }) {
  const bits = [
    payment.provider ? mobileMoneyProviderLabels[payment.provider] : null,
    payment.phone,
    payment.reference ? `Ref. ${payment.reference}` : null,
  ].filter(Boolean);
  return bits.length > 0 ? (
    <>{bits.join(' · ')}</>
  ) : (
    <Text span c="dimmed" size="sm">
      —
    </Text>
  );
}

/** One sale: who, when, what, how it was paid, its refunds and void, its audit trail, and what can be done to it. */
export function SaleView({ saleId, currency, timeZone, permissions, onReprint }: SaleViewProps) {
  const sale = useSale(saleId);
  const events = useSaleEvents(saleId);
  const [refunding, setRefunding] = useState(false);
  const [voiding, setVoiding] = useState(false);

  if (sale.isPending) return <LoadingCard label="Loading the sale" />;
  if (sale.isError) {
    if (isRecordMissing(sale.error))
      return (
        <RecordNotFound title="Sale not found" backTo={TRANSACTIONS_PATH} backLabel="Back to transactions">
          There is no such sale in this store. Check the store you are working in.
        </RecordNotFound>
      );
    return (
      <Stack gap="md">
        <LoadError
          title="We could not load this sale"
          error={sale.error}
          onRetry={() => void sale.refetch()}
          isRetrying={sale.isFetching}
        />
        <Anchor component={Link} to={TRANSACTIONS_PATH}>
          Back to transactions
        </Anchor>
      </Stack>
    );
  }

  const s = sale.data;
  const canRefund = permissions.includes('transactions.refund') && s.status === 'completed' && s.state !== 'refunded';
  const mayVoid = permissions.includes('transactions.void') && s.status === 'completed';
  const voidBlocked =
    s.session.status !== 'open'
      ? `Only while ${s.session.registerName}’s session is open; it is closed. Refund instead.`
      : s.refunds.length > 0
        ? 'This sale has refunds, so it cannot be voided.'
        : null;
  const lineDiscount = (line: SaleDetail['lines'][number]) => line.lineDiscountMinor + line.cartDiscountMinor;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Anchor component={Link} to={TRANSACTIONS_PATH} size="sm">
            ← Transactions
          </Anchor>
          <Group gap="sm" align="center">
            <Title order={1} ff="monospace" data-testid="sale-number">
              {s.number}
            </Title>
            <SaleStateBadge state={s.state} size="lg" />
          </Group>
        </Stack>
        <Group gap="sm">
          {onReprint ? (
            <Button variant="default" onClick={onReprint}>
              Reprint receipt
            </Button>
          ) : null}
          {canRefund ? (
            <Button color="orange" variant="light" onClick={() => setRefunding(true)}>
              Refund
            </Button>
          ) : null}
          {mayVoid ? (
            <Button
              color="red"
              variant="light"
              disabled={voidBlocked !== null}
              onClick={() => setVoiding(true)}
              aria-describedby={voidBlocked ? 'void-blocked' : undefined}
            >
              Void
            </Button>
          ) : null}
        </Group>
      </Group>
      {mayVoid && voidBlocked ? (
        <Text size="xs" c="dimmed" id="void-blocked" ta="right" mt={-12}>
          Void: {voidBlocked}
        </Text>
      ) : null}

      {s.voided ? (
        <Alert color="gray" variant="light" title="Voided" data-testid="void-info">
          {formatStoreDateTime(s.voided.at, timeZone)} by {s.voided.by.name}: {s.voided.reason}
        </Alert>
      ) : null}

      <Card withBorder padding="lg" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          <Detail label="Date and time" testId="sale-date">
            {formatStoreDateTime(s.completedAt, timeZone)}
          </Detail>
          <Detail label="Register">
            {s.session.registerName}
            {s.session.status === 'open' ? (
              <Text span size="xs" c="green.8">
                {' '}
                (open)
              </Text>
            ) : null}
          </Detail>
          <Detail label="Cashier">{s.cashier.name}</Detail>
          <Detail label="Customer" testId="sale-customer">
            {s.customer ? (
              <>
                {s.customer.name}
                {s.customer.phone ? (
                  <Text size="xs" c="dimmed">
                    {s.customer.phone}
                  </Text>
                ) : null}
              </>
            ) : (
              <Text span c="dimmed" size="sm">
                Walk-in
              </Text>
            )}
          </Detail>
          <Detail label="Total">
            <Money amountMinor={s.totalMinor} currency={currency} />
          </Detail>
        </SimpleGrid>
        {s.note ? (
          <Text size="sm" mt="md">
            Note: {s.note}
          </Text>
        ) : null}
      </Card>

      <Stack gap="xs" component="section" aria-labelledby="lines-title">
        <Title order={2} size="h4" id="lines-title">
          Items
        </Title>
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-label="Items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Refunded</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th ta="right">Discounts</Table.Th>
                  <Table.Th ta="right">Tax</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.lines.map((line) => (
                  <Table.Tr key={line.lineNo} data-testid="sale-line">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {line.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
                    <Table.Td ta="right">
                      {line.refundedQuantity > 0 ? (
                        <Text span c="orange.8" size="sm" fw={600}>
                          {formatQuantity(line.refundedQuantity)}
                        </Text>
                      ) : (
                        <Text span c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.unitPriceMinor} currency={currency} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {lineDiscount(line) > 0 ? (
                        <Money amountMinor={-lineDiscount(line)} currency={currency} />
                      ) : (
                        <Text span c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.taxMinor} currency={currency} />
                      <Text size="xs" c="dimmed">
                        {line.taxRateBasisPoints / 100}%{line.taxInclusive ? ' incl.' : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.totalMinor} currency={currency} fw={600} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={4} p="md" align="flex-end" data-testid="sale-totals">
            <TotalRow label="Subtotal" amountMinor={s.subtotalMinor} currency={currency} />
            {s.discountMinor > 0 ? (
              <TotalRow label="Discounts" amountMinor={-s.discountMinor} currency={currency} />
            ) : null}
            <TotalRow label="Tax" amountMinor={s.taxMinor} currency={currency} />
            <TotalRow label="Total" amountMinor={s.totalMinor} currency={currency} strong />
            {s.refundedMinor > 0 ? (
              <>
                <TotalRow label="Refunded" amountMinor={-s.refundedMinor} currency={currency} />
                <TotalRow label="Net" amountMinor={s.totalMinor - s.refundedMinor} currency={currency} strong />
              </>
            ) : null}
          </Stack>
        </Card>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs" component="section" aria-labelledby="payments-title">
          <Title order={2} size="h4" id="payments-title">
            Payments
          </Title>
          <Card withBorder padding={0} radius="md">
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" aria-label="Payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Details</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Tendered</Table.Th>
                    <Table.Th ta="right">Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.payments.map((payment, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{paymentMethodLabels[payment.method]}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          <PaymentDetail payment={payment} />
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amountMinor={payment.amountMinor} currency={currency} />
                      </Table.Td>
                      <Table.Td ta="right">
                        {payment.tenderedMinor !== null ? (
                          <Money amountMinor={payment.tenderedMinor} currency={currency} />
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {payment.changeMinor > 0 ? (
                          <Money amountMinor={payment.changeMinor} currency={currency} />
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {s.payments.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text size="sm" c="dimmed">
                          No payment: nothing was due.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="trail-title">
          <Title order={2} size="h4" id="trail-title">
            History
          </Title>
          <Card withBorder padding="md" radius="md">
            <WhenLoaded query={events} loadingLabel="Loading the history" errorTitle="We could not load the history">
              {({ items }) =>
                items.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nothing recorded.
                  </Text>
                ) : (
                  <Timeline bulletSize={14} lineWidth={2} active={items.length - 1} data-testid="sale-history">
                    {items.map((event) => (
                      <Timeline.Item key={event.id} title={actionInWords(event.action)}>
                        <Text size="xs" c="dimmed">
                          {formatStoreDateTime(event.occurredAt, timeZone)}
                          {event.actor ? ` · ${event.actor.name}` : ''}
                        </Text>
                        {eventDetail(event) ? <Text size="sm">{eventDetail(event)}</Text> : null}
                      </Timeline.Item>
                    ))}
                  </Timeline>
                )
              }
            </WhenLoaded>
          </Card>
        </Stack>
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="refunds-title">
        <Title order={2} size="h4" id="refunds-title">
          Refunds
        </Title>
        {s.refunds.length === 0 ? (
          <Text size="sm" c="dimmed">
            No refunds.
          </Text>
        ) : (
          <Stack gap="sm">
            {s.refunds.map((refund) => (
              <Card key={refund.id} withBorder padding="md" radius="md" data-testid="refund">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="sm">
                    <Text fw={600} ff="monospace">
                      {refund.number}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatStoreDateTime(refund.createdAt, timeZone)} · {refund.by.name} ·{' '}
                      {paymentMethodLabels[refund.method]}
                      {refund.reference ? ` · Ref. ${refund.reference}` : ''}
                      {refund.provider ? ` · ${mobileMoneyProviderLabels[refund.provider]}` : ''}
                    </Text>
                  </Group>
                  <Money amountMinor={refund.totalMinor} currency={currency} fw={700} />
                </Group>
                <Text size="sm" mt={4}>
                  {refund.reason}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {refund.lines
                    .map((l) => `${formatQuantity(l.quantity)} × ${l.name}${l.restocked ? '' : ' (not restocked)'}`)
                    .join(', ')}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>

      <RefundDialog opened={refunding} onClose={() => setRefunding(false)} sale={s} currency={currency} />
      <VoidDialog opened={voiding} onClose={() => setVoiding(false)} sale={s} currency={currency} />
    </Stack>
  );
}

function TotalRow({
  label,
  amountMinor,
  currency,
  strong,
}: {
  label: string;
  amountMinor: number;
  currency: CurrencyCode;
  strong?: boolean;
}) {
  return (
    <Group gap="xl" justify="space-between" miw={240}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Money amountMinor={amountMinor} currency={currency} fw={strong ? 700 : 400} />
    </Group>
  );
}

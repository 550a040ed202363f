import { useState } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type CurrencyCode, formatStoreDateTime } from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { useSale, useSaleEvents } from '../api/transactions';
import { RefundDialog } from './refund-dialog';
import { SaleHistory } from './sale-history';
import { SaleItems } from './sale-items';
import { SalePayments, SaleRefunds } from './sale-payments';
import { SaleStateBadge } from './sale-state-badge';
import { SaleSummaryCard } from './sale-summary-card';
import { VoidDialog } from './void-dialog';
import { pathTo } from '../../../lib/route-paths';

export { actionInWords } from './sale-history';

export interface SaleViewProps {
  saleId: string;
  currency: CurrencyCode;
  timeZone: string;
  permissions: readonly string[];
  /** Opens the receipt (the route composes the checkout feature's receipt dialog). */
  onReprint?: () => void;
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
        <RecordNotFound
          title="Sale not found"
          backTo={pathTo('dashboard.transactions')}
          backLabel="Back to transactions"
        >
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
        <Anchor component={Link} to={pathTo('dashboard.transactions')}>
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

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Anchor component={Link} to={pathTo('dashboard.transactions')} size="sm">
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

      <SaleSummaryCard sale={s} currency={currency} timeZone={timeZone} />

      <SaleItems sale={s} currency={currency} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SalePayments sale={s} currency={currency} />

        <SaleHistory events={events} timeZone={timeZone} />
      </SimpleGrid>

      <SaleRefunds sale={s} currency={currency} timeZone={timeZone} />

      <RefundDialog opened={refunding} onClose={() => setRefunding(false)} sale={s} currency={currency} />
      <VoidDialog opened={voiding} onClose={() => setVoiding(false)} sale={s} currency={currency} />
    </Stack>
  );
}

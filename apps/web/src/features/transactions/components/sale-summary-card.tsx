import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CurrencyCode, formatStoreDateTime, type SaleDetail } from '@ipos/contracts';
import { Money } from '../../../components/money/money';

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

/** When, where, by whom, for whom and for how much; the sale's note. */
export function SaleSummaryCard({
  sale: s,
  currency,
  timeZone,
}: {
  sale: SaleDetail;
  currency: CurrencyCode;
  timeZone: string;
}) {
  return (
    <Card withBorder padding="lg" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <Detail label="Date and time" testId="sale-date">
          {formatStoreDateTime(s.completedAt, timeZone)}
        </Detail>
        <Detail label="Register">
          {s.session.registerName}
          {s.session.status === 'open' ? (
            <Text span size="xs" c="green">
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
  );
}

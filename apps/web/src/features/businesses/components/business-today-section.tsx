import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BusinessDetail } from '@ipos/contracts';
import { formatMoney } from '../../../lib/money';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** A business's today across its stores: net sales, sales, refunds (in its currency) and low stock. */
export function BusinessTodaySection({ business: data }: { business: BusinessDetail }) {
  const money = (minor: number) => formatMoney(minor, data.currency);
  return (
    <Stack gap="sm" component="section" aria-labelledby="today-title">
      <Title order={2} size="h4" id="today-title">
        Today
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Net sales" value={money(data.todayFigures.netSalesMinor)} />
        <Figure label="Sales" value={data.todayFigures.salesCount} />
        <Figure label="Refunded" value={money(data.todayFigures.refundsMinor)} />
        <Figure label="Low on stock" value={data.lowStockCount} />
      </SimpleGrid>
    </Stack>
  );
}

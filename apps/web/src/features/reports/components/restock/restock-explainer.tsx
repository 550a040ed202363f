import { Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { restockColumnHints, type CurrencyCode, type RestockReport } from '@ipos/contracts';
import { ReportBreakdownChart } from '../report-chart';

/** Suggested value by category, largest first (the chart's share). */
function byCategory(report: RestockReport) {
  const totals = new Map<string, number>();
  for (const l of report.lines) totals.set(l.category, (totals.get(l.category) ?? 0) + l.suggestedValueMinor);
  return [...totals]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, value]) => ({ name, value }));
}

/** Beside the lines: the suggested order by category, and how the figures are worked out. */
export function RestockExplainer({ report, currency }: { report: RestockReport; currency: CurrencyCode }) {
  const categories = byCategory(report);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          Suggested order by category
        </Title>
        {categories.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            Nothing to order.
          </Text>
        ) : (
          <ReportBreakdownChart kind="donut" data={categories} format="money" currency={currency} />
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          How the figures are worked out
        </Title>
        <Stack gap={4}>
          <List size="sm" spacing={4}>
            {Object.values(restockColumnHints).map((hint) => (
              <List.Item key={hint}>{hint}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            Only tracked, active products with a reorder level are listed; set levels on a product’s stock page.
          </Text>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

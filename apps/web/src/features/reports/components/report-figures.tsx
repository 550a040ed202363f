import { Card, SimpleGrid, Text } from '@mantine/core';
import type { CurrencyCode, ReportFigure } from '@ipos/contracts';
import { formatReportValue } from './report-format';

/** A report's headline figures as a grid of cards, each with a line on what it means. */
export function ReportFigures({ figures, currency }: { figures: ReportFigure[]; currency: CurrencyCode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      {figures.map((figure) => (
        <Card key={figure.key} withBorder padding="sm" radius="md" data-testid={`figure-${figure.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {figure.label}
          </Text>
          <Text size="xl" fw={700} data-testid="figure-value" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatReportValue(figure.value, figure.format, currency)}
          </Text>
          {figure.hint ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {figure.hint}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

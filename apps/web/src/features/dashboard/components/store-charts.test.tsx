import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Last7DaysChart, PaymentMixChart } from './store-charts';

// recharts draws nothing in jsdom (no layout): the charts' props are what decide focus and hiding.
const drawn = vi.hoisted(() => [] as { chart: string; props: Record<string, unknown> }[]);
vi.mock('@mantine/charts', () => {
  const chart = (name: string) => (props: Record<string, unknown>) => {
    drawn.push({ chart: name, props });
    return null;
  };
  return { BarChart: chart('bar'), DonutChart: chart('donut') };
});

describe('store dashboard charts', () => {
  it('are pictures of the figures beside them: hidden from screen readers, nothing in them focusable', () => {
    renderWithProviders(
      <>
        <PaymentMixChart mix={[{ method: 'cash', amountMinor: 5000, count: 1 }]} currency="NGN" />
        <Last7DaysChart
          days={[{ date: '2026-03-14', salesMinor: 5000, salesCount: 1 }]}
          currency="NGN"
          dayLabel={(d) => d}
        />
      </>,
    );
    expect(drawn.map((d) => d.chart)).toEqual(['donut', 'bar']);
    for (const { props } of drawn) {
      expect(props['aria-hidden']).toBe(true);
      // recharts' keyboard layer makes the chart a tab stop.
      expect(props.accessibilityLayer).toBe(false);
    }
    // A pie is a tab stop of its own.
    expect(drawn[0]!.props.pieProps).toEqual({ rootTabIndex: -1 });
  });
});

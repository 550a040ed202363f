import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BreakdownChart, TrendChart } from './report-charts';

// recharts draws nothing in jsdom (no layout): the charts' props are what decide focus and hiding.
const drawn = vi.hoisted(() => [] as { chart: string; props: Record<string, unknown> }[]);
vi.mock('@mantine/charts', () => {
  const chart = (name: string) => (props: Record<string, unknown>) => {
    drawn.push({ chart: name, props });
    return null;
  };
  return { AreaChart: chart('area'), BarChart: chart('bar'), DonutChart: chart('donut') };
});

describe('report charts', () => {
  it('are pictures of the table beside them: hidden from screen readers, nothing in them focusable', () => {
    const series = [{ key: 'sales', label: 'Sales', color: 'blue.6' }];
    const data = [{ name: 'Drinks', value: 300 }];
    renderWithProviders(
      <>
        <TrendChart data={[{ day: 'Mon', sales: 1 }]} dataKey="day" series={series} format="money" currency="NGN" />
        <TrendChart data={[]} dataKey="day" series={series} format="money" currency="NGN" kind="area" />
        <BreakdownChart data={data} format="money" currency="NGN" />
        <BreakdownChart data={data} format="money" currency="NGN" kind="donut" />
      </>,
    );
    expect(drawn.map((d) => d.chart)).toEqual(['bar', 'area', 'bar', 'donut']);
    for (const { props } of drawn) {
      expect(props['aria-hidden']).toBe(true);
      // recharts' keyboard layer makes the chart a tab stop.
      expect(props.accessibilityLayer).toBe(false);
    }
    // A pie is a tab stop of its own.
    expect(drawn[3]!.props.pieProps).toEqual({ rootTabIndex: -1 });
  });
});

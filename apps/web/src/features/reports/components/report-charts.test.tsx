import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BreakdownChart, TrendChart } from './report-charts';

const FOCUSABLE = 'a, button, input, select, textarea, [tabindex]';

describe('report charts', () => {
  it('are pictures of the table beside them: hidden from screen readers, nothing in them focusable', () => {
    const series = [{ key: 'sales', label: 'Sales', color: 'blue.6' }];
    const data = [{ name: 'Drinks', value: 300 }];
    const { container } = renderWithProviders(
      <>
        <TrendChart data={[{ day: 'Mon', sales: 1 }]} dataKey="day" series={series} format="money" currency="NGN" />
        <TrendChart data={[]} dataKey="day" series={series} format="money" currency="NGN" kind="area" />
        <BreakdownChart data={data} format="money" currency="NGN" />
        <BreakdownChart data={data} format="money" currency="NGN" kind="donut" />
      </>,
    );
    const charts = [...container.querySelectorAll('[data-chart]')];
    expect(charts).toHaveLength(4);
    for (const chart of charts) {
      expect(chart.getAttribute('aria-hidden')).toBe('true');
      expect(chart.querySelectorAll(FOCUSABLE)).toHaveLength(0);
    }
  });

  it('gives each mark its bucket and formatted value as a tooltip', () => {
    const series = [
      { key: 'sales', label: 'Sales', color: 'blue.6' },
      { key: 'refunds', label: 'Refunds', color: 'red.6' },
    ];
    const { container } = renderWithProviders(
      <>
        <TrendChart
          data={[{ day: 'Mon', sales: 150_000, refunds: 2_500 }]}
          dataKey="day"
          series={series}
          format="money"
          currency="NGN"
        />
        <TrendChart
          data={[{ day: 'Tue', sales: 1_000, refunds: 0 }]}
          dataKey="day"
          series={series}
          format="money"
          currency="NGN"
          kind="area"
        />
        <BreakdownChart data={[{ name: 'Drinks', value: 300 }]} format="money" currency="NGN" kind="donut" />
      </>,
    );
    const titles = [...container.querySelectorAll('[title]')].map((e) => e.getAttribute('title'));
    expect(titles).toEqual(['Mon\nSales: ₦1,500.00', 'Mon\nRefunds: ₦25.00', 'Tue\nSales: ₦10.00\nRefunds: ₦0.00']);
    expect(container.querySelector('circle title')?.textContent).toBe('Drinks: ₦3.00');
    // Two series: a legend names them.
    expect(container.textContent).toContain('SalesRefunds');
  });
});

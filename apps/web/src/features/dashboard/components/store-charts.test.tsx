import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Last7DaysChart, PaymentMixChart } from './store-charts';

describe('store dashboard charts', () => {
  it('are pictures of the figures beside them: hidden from screen readers, nothing in them focusable', () => {
    const { container } = renderWithProviders(
      <>
        <PaymentMixChart mix={[{ method: 'cash', amountMinor: 5000, count: 1 }]} currency="NGN" />
        <Last7DaysChart
          days={[{ date: '2026-03-14', salesMinor: 5000, salesCount: 1 }]}
          currency="NGN"
          dayLabel={(d) => d}
        />
      </>,
    );
    const charts = [...container.querySelectorAll('[data-chart]')];
    expect(charts).toHaveLength(2);
    for (const chart of charts) {
      expect(chart.getAttribute('aria-hidden')).toBe('true');
      expect(chart.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
    }
    expect(container.querySelector('circle title')?.textContent).toBe('Cash: ₦50.00');
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe('2026-03-14\nSales: ₦50.00');
  });
});

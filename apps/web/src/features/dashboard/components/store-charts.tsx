import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { paymentMethodLabels, type CurrencyCode, type StoreDashboard } from '@ipos/contracts';
import { pictureChartProps, picturePieProps } from '../../../components/figures/picture-chart';
import { formatMoney } from '../../../lib/money';

/**
 * The dashboard's charts. recharts is large, so this module is loaded lazily (React.lazy in
 * store-figures.tsx) and stays out of the main bundle. Amounts are drawn in major units (a chart
 * axis needs numbers) but every label and tooltip is formatted from the exact minor units.
 */
const methodColors = { cash: 'teal.6', card: 'blue.6', bank_transfer: 'violet.6', mobile_money: 'orange.6' } as const;

export function PaymentMixChart({ mix, currency }: { mix: StoreDashboard['paymentMix']; currency: CurrencyCode }) {
  const data = mix
    .filter((m) => m.amountMinor > 0)
    .map((m) => ({ name: paymentMethodLabels[m.method], value: m.amountMinor, color: methodColors[m.method] }));
  return (
    <DonutChart
      data={data}
      size={150}
      thickness={24}
      withTooltip
      tooltipDataSource="segment"
      valueFormatter={(value) => formatMoney(value, currency)}
      pieProps={picturePieProps}
      {...pictureChartProps}
    />
  );
}

export function Last7DaysChart({
  days,
  currency,
  dayLabel,
}: {
  days: StoreDashboard['last7Days'];
  currency: CurrencyCode;
  dayLabel: (date: string) => string;
}) {
  const data = days.map((d) => ({ day: dayLabel(d.date), sales: d.salesMinor }));
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="day"
      series={[{ name: 'sales', label: 'Sales', color: 'blue.6' }]}
      valueFormatter={(value) => formatMoney(value, currency)}
      withYAxis={false}
      gridAxis="none"
      {...pictureChartProps}
    />
  );
}

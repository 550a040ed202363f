import { paymentMethodLabels, type CurrencyCode, type StoreDashboard } from '@ipos/contracts';
import { DonutChartFigure } from '../../../components/figures/share-charts';
import { TrendChartFigure } from '../../../components/figures/trend-chart';
import { formatMoney } from '../../../lib/money';

/**
 * The dashboard's charts, loaded lazily (React.lazy in store-sales-panels.tsx). Amounts are drawn in
 * minor units (a chart needs numbers) and every label and tooltip is formatted from them exactly.
 */
const methodColors = { cash: 'teal.6', card: 'blue.6', bank_transfer: 'violet.6', mobile_money: 'orange.6' } as const;

export function PaymentMixChart({ mix, currency }: { mix: StoreDashboard['paymentMix']; currency: CurrencyCode }) {
  const data = mix
    .filter((m) => m.amountMinor > 0)
    .map((m) => ({ name: paymentMethodLabels[m.method], value: m.amountMinor, color: methodColors[m.method] }));
  return (
    <DonutChartFigure data={data} size={150} thickness={24} valueFormatter={(value) => formatMoney(value, currency)} />
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
    <TrendChartFigure
      height={200}
      data={data}
      dataKey="day"
      series={[{ key: 'sales', label: 'Sales', color: 'blue.6' }]}
      valueFormatter={(value) => formatMoney(value, currency)}
      withYAxis={false}
      withGrid={false}
    />
  );
}

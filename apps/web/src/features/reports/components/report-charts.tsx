import type { CurrencyCode, ReportFormat } from '@ipos/contracts';
import { DonutChartFigure, RowChartFigure } from '../../../components/figures/share-charts';
import { TrendChartFigure, type ChartSeries } from '../../../components/figures/trend-chart';
import { formatReportValue } from './report-format';

/**
 * The reports' charts, loaded lazily (report-chart.tsx) so they stay out of the reports' first paint.
 * Values are drawn as given (money in
 * minor units: an axis needs numbers) and every label and tooltip is formatted from them exactly.
 * Charts are pictures of the table beside them: hidden from screen readers, which read the table.
 */
export type { ChartSeries };

export interface TrendChartProps {
  data: Record<string, string | number>[];
  /** The x-axis key (a bucket label). */
  dataKey: string;
  series: ChartSeries[];
  format: ReportFormat;
  currency: CurrencyCode;
  kind?: 'bar' | 'area';
  height?: number;
}

export function TrendChart({ data, dataKey, series, format, currency, kind = 'bar', height = 260 }: TrendChartProps) {
  return (
    <TrendChartFigure
      height={height}
      data={data}
      dataKey={dataKey}
      series={series}
      kind={kind}
      valueFormatter={(value) => formatReportValue(value, format, currency)}
      yAxisWidth={90}
    />
  );
}

export interface BreakdownChartProps {
  data: { name: string; value: number }[];
  format: ReportFormat;
  currency: CurrencyCode;
  kind?: 'bar' | 'donut';
  height?: number;
}

const palette = [
  'blue.6',
  'teal.6',
  'violet.6',
  'orange.6',
  'pink.6',
  'cyan.6',
  'lime.7',
  'grape.6',
  'yellow.7',
  'gray.6',
];

/** Shares of a whole: horizontal bars (many names) or a donut (a few). */
export function BreakdownChart({ data, format, currency, kind = 'bar', height }: BreakdownChartProps) {
  const formatter = (value: number) => formatReportValue(value, format, currency);
  if (kind === 'donut')
    return (
      <DonutChartFigure
        data={data.map((d, i) => ({ ...d, color: palette[i % palette.length]! }))}
        size={170}
        thickness={26}
        valueFormatter={formatter}
      />
    );
  return (
    <RowChartFigure
      data={data}
      valueFormatter={formatter}
      nameWidth={140}
      minHeight={height ?? Math.max(120, data.length * 32)}
    />
  );
}

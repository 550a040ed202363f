import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { CurrencyCode, ReportFormat } from '@ipos/contracts';
import { pictureChartProps, picturePieProps } from '../../../components/figures/picture-chart';
import { formatReportValue } from './report-format';

/**
 * The reports' charts. recharts is large, so this module is loaded lazily (report-chart.tsx) and
 * stays out of the main bundle and the reports' first paint. Values are drawn as given (money in
 * minor units: an axis needs numbers) and every label and tooltip is formatted from them exactly.
 * Charts are pictures of the table beside them: hidden from screen readers, which read the table.
 */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

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
  const props = {
    h: height,
    data,
    dataKey,
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })),
    valueFormatter: (value: number) => formatReportValue(value, format, currency),
    withLegend: series.length > 1,
    yAxisProps: { width: 90 },
    ...pictureChartProps,
  };
  return kind === 'area' ? <AreaChart {...props} curveType="monotone" /> : <BarChart {...props} />;
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
      <DonutChart
        data={data.map((d, i) => ({ ...d, color: palette[i % palette.length]! }))}
        size={170}
        thickness={26}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={formatter}
        pieProps={picturePieProps}
        {...pictureChartProps}
      />
    );
  return (
    <BarChart
      h={height ?? Math.max(120, data.length * 32)}
      data={data}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'value', label: 'Value', color: 'blue.6' }]}
      valueFormatter={formatter}
      yAxisProps={{ width: 140 }}
      gridAxis="none"
      {...pictureChartProps}
    />
  );
}

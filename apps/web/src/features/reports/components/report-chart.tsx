import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { BreakdownChartProps, TrendChartProps } from './report-charts';

// The charts load when a report first draws one, not with the report.
const LazyTrend = lazy(() => import('./report-charts').then((m) => ({ default: m.TrendChart })));
const LazyBreakdown = lazy(() => import('./report-charts').then((m) => ({ default: m.BreakdownChart })));

/** A trend over the period's buckets (lazily loaded; a skeleton of its height meanwhile). */
export function ReportTrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 260} aria-hidden />}>
      <LazyTrend {...props} />
    </Suspense>
  );
}

/** Shares of a whole by name (lazily loaded). */
export function ReportBreakdownChart(props: BreakdownChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 170} aria-hidden />}>
      <LazyBreakdown {...props} />
    </Suspense>
  );
}

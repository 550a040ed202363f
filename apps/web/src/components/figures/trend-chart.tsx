import type { CSSProperties } from 'react';
import { chartColor, labelEvery, percentOf, valueScale, type ValueScale } from './chart-scale';
import classes from './charts.module.css';
import { pictureChartProps } from './picture-chart';

export interface ChartSeries {
  /** The data's key holding this series' values. */
  key: string;
  label: string;
  /** A theme colour (`blue.6`) or any CSS colour. */
  color: string;
}

export interface TrendChartFigureProps {
  data: Record<string, string | number>[];
  /** The key of each bucket's label (the x axis). */
  dataKey: string;
  series: ChartSeries[];
  valueFormatter: (value: number) => string;
  kind?: 'bar' | 'area';
  /** The whole chart's height, axes and legend included, in px. */
  height: number;
  withYAxis?: boolean;
  yAxisWidth?: number;
  withGrid?: boolean;
  withLegend?: boolean;
}

const valueOf = (row: Record<string, string | number>, key: string) => Number(row[key] ?? 0) || 0;

/** Monotone cubic curve through the points (Fritsch–Carlson): it never overshoots a value. */
export function monotonePath(points: readonly [number, number][]): string {
  if (points.length === 0) return '';
  if (points.length === 1) return `M${points[0]![0]},${points[0]![1]}`;
  const n = points.length;
  const slopes = points.slice(1).map(([x, y], i) => (y - points[i]![1]) / (x - points[i]![0]));
  const tangents = points.map((_, i) => {
    if (i === 0) return slopes[0]!;
    if (i === n - 1) return slopes[n - 2]!;
    // Points are evenly spaced: d3's monotoneX tangent with equal steps.
    const [a, b] = [slopes[i - 1]!, slopes[i]!];
    return (Math.sign(a) + Math.sign(b)) * Math.min(Math.abs(a), Math.abs(b), 0.25 * Math.abs(a + b)) || 0;
  });
  let path = `M${points[0]![0]},${points[0]![1]}`;
  for (let i = 0; i < n - 1; i++) {
    const [[x0, y0], [x1, y1]] = [points[i]!, points[i + 1]!];
    const dx = (x1 - x0) / 3;
    path += `C${x0 + dx},${y0 + dx * tangents[i]!},${x1 - dx},${y1 - dx * tangents[i + 1]!},${x1},${y1}`;
  }
  return path;
}

function Bars({
  data,
  series,
  scale,
  title,
}: {
  data: TrendChartFigureProps['data'];
  series: ChartSeries[];
  scale: ValueScale;
  title: (row: TrendChartFigureProps['data'][number], s: ChartSeries) => string;
}) {
  const zero = percentOf(scale, 0);
  return (
    <div className={classes.columns}>
      {data.map((row, i) => (
        <div key={i} className={classes.column}>
          <div className={classes.group}>
            {series.map((s) => {
              const at = percentOf(scale, valueOf(row, s.key));
              const style: CSSProperties = {
                bottom: `${Math.min(at, zero)}%`,
                height: `${Math.abs(at - zero)}%`,
                background: chartColor(s.color),
              };
              return (
                <div key={s.key} className={classes.slot}>
                  <div className={classes.bar} style={style} title={title(row, s)} />
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

function Areas({
  data,
  series,
  scale,
  title,
}: {
  data: TrendChartFigureProps['data'];
  series: ChartSeries[];
  scale: ValueScale;
  title: (row: TrendChartFigureProps['data'][number]) => string;
}) {
  const zero = 100 - percentOf(scale, 0);
  return (
    <>
      <svg className={classes.area} viewBox={`0 0 ${data.length} 100`} preserveAspectRatio="none">
        {series.map((s) => {
          const line = monotonePath(data.map((row, i) => [i + 0.5, 100 - percentOf(scale, valueOf(row, s.key))]));
          const color = chartColor(s.color);
          return (
            <g key={s.key}>
              <path d={`${line}L${data.length - 0.5},${zero}L0.5,${zero}Z`} style={{ fill: color, fillOpacity: 0.2 }} />
              <path
                d={line}
                style={{ fill: 'none', stroke: color, strokeWidth: 2 }}
                vectorEffect="non-scaling-stroke"
              />
            </g>
          );
        })}
      </svg>
      <div className={classes.columns}>
        {data.map((row, i) => (
          <div key={i} className={classes.column} title={title(row)} />
        ))}
      </div>
    </>
  );
}

/**
 * A trend over buckets: grouped bars, or areas on a smooth line. Drawn with CSS and one SVG path per
 * series, so it costs a few kB (not a charting library); a picture of the table shown beside it.
 */
export function TrendChartFigure({
  data,
  dataKey,
  series,
  valueFormatter,
  kind = 'bar',
  height,
  withYAxis = true,
  yAxisWidth = 90,
  withGrid = true,
  withLegend = series.length > 1,
}: TrendChartFigureProps) {
  const scale = valueScale(data.flatMap((row) => series.map((s) => valueOf(row, s.key))));
  const every = labelEvery(data.length);
  const label = (row: TrendChartFigureProps['data'][number]) => String(row[dataKey] ?? '');
  const line = (row: TrendChartFigureProps['data'][number], s: ChartSeries) =>
    `${s.label}: ${valueFormatter(valueOf(row, s.key))}`;
  return (
    <div className={classes.chart} style={{ height }} {...pictureChartProps}>
      {withLegend && (
        <div className={classes.legend}>
          {series.map((s) => (
            <span key={s.key}>
              <span className={classes.swatch} style={{ background: chartColor(s.color) }} />
              {s.label}
            </span>
          ))}
        </div>
      )}
      <div className={classes.body}>
        {withYAxis && (
          <div className={classes.yAxis} style={{ width: yAxisWidth }}>
            {scale.ticks.map((tick) => (
              <span key={tick} className={classes.yTick} style={{ bottom: `${percentOf(scale, tick)}%` }}>
                {valueFormatter(tick)}
              </span>
            ))}
          </div>
        )}
        <div className={classes.plot}>
          {withGrid &&
            scale.ticks.map((tick) => (
              <div key={tick} className={classes.gridLine} style={{ bottom: `${percentOf(scale, tick)}%` }} />
            ))}
          <div className={classes.baseLine} style={{ bottom: `${percentOf(scale, 0)}%` }} />
          {kind === 'area' ? (
            <Areas
              data={data}
              series={series}
              scale={scale}
              title={(row) => [label(row), ...series.map((s) => line(row, s))].join('\n')}
            />
          ) : (
            <Bars data={data} series={series} scale={scale} title={(row, s) => `${label(row)}\n${line(row, s)}`} />
          )}
        </div>
      </div>
      <div className={classes.xAxis} style={{ marginLeft: withYAxis ? yAxisWidth : 0 }}>
        {data.map((row, i) => (
          <span key={i} className={classes.xLabel}>
            {i % every === 0 ? label(row) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}

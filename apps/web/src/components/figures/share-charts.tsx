import { chartColor } from './chart-scale';
import classes from './charts.module.css';
import { pictureChartProps } from './picture-chart';

export interface ShareDatum {
  name: string;
  value: number;
  /** A theme colour (`blue.6`) or any CSS colour. */
  color?: string;
}

/**
 * Shares of a whole as horizontal bars, one row per name with its value at the bar's end. Drawn
 * with CSS; a picture of the table shown beside it.
 */
export function RowChartFigure({
  data,
  valueFormatter,
  nameWidth = 140,
  color = 'blue.6',
  minHeight,
}: {
  data: ShareDatum[];
  valueFormatter: (value: number) => string;
  nameWidth?: number;
  color?: string;
  minHeight?: number;
}) {
  const max = Math.max(0, ...data.map((d) => d.value));
  return (
    <div className={`${classes.chart} ${classes.rows}`} style={{ minHeight }} {...pictureChartProps}>
      {data.map((d, i) => (
        <div key={i} className={classes.row} title={`${d.name}: ${valueFormatter(d.value)}`}>
          <span className={classes.rowName} style={{ width: nameWidth }}>
            {d.name}
          </span>
          <span className={classes.rowTrack}>
            <span
              className={classes.rowBar}
              style={{
                width: `${max > 0 ? (Math.max(0, d.value) / max) * 85 : 0}%`,
                background: chartColor(d.color ?? color),
              }}
            />
            <span className={classes.rowValue}>{valueFormatter(d.value)}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * Shares of a whole as a ring, from twelve o'clock clockwise; each segment's value in its tooltip.
 * One SVG of circles; a picture of the list shown beside it.
 */
export function DonutChartFigure({
  data,
  valueFormatter,
  size,
  thickness,
}: {
  data: (ShareDatum & { color: string })[];
  valueFormatter: (value: number) => string;
  size: number;
  thickness: number;
}) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const shown = data.filter((d) => d.value > 0);
  const total = shown.reduce((sum, d) => sum + d.value, 0);
  const lengths = shown.map((d) => (d.value / total) * circumference);
  const starts = lengths.map((_, i) => lengths.slice(0, i).reduce((sum, length) => sum + length, 0));
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} style={{ flex: 'none' }} {...pictureChartProps}>
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`} fill="none" strokeWidth={thickness}>
        <circle cx={size / 2} cy={size / 2} r={radius} style={{ stroke: 'var(--mantine-color-default-border)' }} />
        {shown.map((d, i) => (
          <circle
            key={d.name}
            cx={size / 2}
            cy={size / 2}
            r={radius}
            style={{ stroke: chartColor(d.color) }}
            strokeDasharray={`${lengths[i]} ${circumference - lengths[i]!}`}
            strokeDashoffset={-starts[i]!}
          >
            <title>{`${d.name}: ${valueFormatter(d.value)}`}</title>
          </circle>
        ))}
      </g>
    </svg>
  );
}

/**
 * The arithmetic of the figures' charts: a value axis with round steps, a point's place on it, and a
 * colour named as the theme names it.
 */

/** A value axis from `min` to `max` (zero always on it), with the round values to mark. */
export interface ValueScale {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * 1, 2, 2.5 or 5 times a power of ten: the smallest such step that marks the span in `count` steps.
 * Whole values (money in minor units, counts) get whole steps: a tick between two of them means nothing.
 */
function roundStep(span: number, count: number, whole: boolean): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const multiples = whole && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = (multiples.find((m) => m * power >= raw) ?? 10) * power;
  return whole ? Math.max(1, step) : step;
}

/** An axis holding every value and zero, in about `count` round steps. */
export function valueScale(values: readonly number[], count = 4): ValueScale {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return { min: 0, max: 1, ticks: [0] };
  const step = roundStep(high - low, count, values.every(Number.isInteger));
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let i = 0; min + i * step <= max + step / 2; i++) ticks.push(min + i * step);
  return { min, max, ticks };
}

/** Where a value sits on the axis, from 0 (its minimum) to 100 (its maximum), in percent. */
export function percentOf(scale: ValueScale, value: number): number {
  return ((value - scale.min) / (scale.max - scale.min)) * 100;
}

/** A theme colour as `blue.6` (or any CSS colour) to the CSS that paints it. */
export function chartColor(color: string): string {
  const match = /^([a-z]+)\.(\d)$/.exec(color);
  return match ? `var(--mantine-color-${match[1]}-${match[2]})` : color;
}

/** Every `n`-th label shown so that at most `max` are (the rest are blank, never squeezed). */
export function labelEvery(count: number, max = 8): number {
  return Math.max(1, Math.ceil(count / max));
}

import { describe, expect, it } from 'vitest';
import { chartColor, labelEvery, percentOf, valueScale } from './chart-scale';
import { monotonePath } from './trend-chart';

describe('chart arithmetic', () => {
  it('marks an axis holding every value and zero in round steps', () => {
    expect(valueScale([0, 37, 912])).toEqual({ min: 0, max: 1000, ticks: [0, 250, 500, 750, 1000] });
    expect(valueScale([-30, 70])).toEqual({ min: -50, max: 75, ticks: [-50, -25, 0, 25, 50, 75] });
    // Nothing to draw: one flat axis, never a division by zero.
    expect(valueScale([])).toEqual({ min: 0, max: 1, ticks: [0] });
    expect(percentOf(valueScale([0, 1000]), 250)).toBe(25);
    // Whole values (minor units) get whole ticks.
    expect(valueScale([0, 1])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(valueScale([0, 9]).ticks).toEqual([0, 5, 10]);
    expect(valueScale([0, 0.9]).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('names theme colours as CSS and shows at most 8 bucket labels', () => {
    expect(chartColor('blue.6')).toBe('var(--mantine-color-blue-6)');
    expect(chartColor('#123456')).toBe('#123456');
    expect([7, 8, 12, 31].map((n) => labelEvery(n))).toEqual([1, 1, 2, 4]);
  });

  it('draws a smooth line that never overshoots a flat run', () => {
    const path = monotonePath([
      [0.5, 50],
      [1.5, 50],
      [2.5, 10],
    ]);
    const ys = [...path.matchAll(/[MC,]([-\d.]+),([-\d.]+)/g)].map((m) => Number(m[2]));
    expect(Math.max(...ys)).toBeLessThanOrEqual(50);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(10);
    expect(path.startsWith('M0.5,50C')).toBe(true);
  });
});

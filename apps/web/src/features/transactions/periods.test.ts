import { describe, expect, it } from 'vitest';
import { periodRange } from './periods';

describe('periods', () => {
  it('gives each preset its first and last day, inclusive (the store’s day and clock: contracts store-time)', () => {
    expect(periodRange('today', '2026-03-07')).toEqual({ from: '2026-03-07', to: '2026-03-07' });
    expect(periodRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodRange('last7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(periodRange('thisMonth', '2026-03-07')).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(periodRange('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodRange('lastMonth', '2024-03-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

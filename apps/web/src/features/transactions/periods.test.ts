import { describe, expect, it } from 'vitest';
import { addDays, formatDateTime, periodRange, todayIn } from './periods';

describe('periods', () => {
  it("takes today in the store's zone, not the browser's", () => {
    // 23:30 UTC on 31 March is already 1 April in Lagos (UTC+1) and still 31 March in UTC.
    const now = new Date('2026-03-31T23:30:00Z');
    expect(todayIn('Africa/Lagos', now)).toBe('2026-04-01');
    expect(todayIn('UTC', now)).toBe('2026-03-31');
  });

  it('gives each preset its first and last day, inclusive', () => {
    expect(periodRange('today', '2026-03-07')).toEqual({ from: '2026-03-07', to: '2026-03-07' });
    expect(periodRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodRange('last7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(periodRange('thisMonth', '2026-03-07')).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(periodRange('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it("writes a moment in the store's zone", () => {
    expect(formatDateTime('2026-03-07T18:05:00.000Z', 'Africa/Lagos')).toBe('7 Mar 2026, 19:05');
    expect(formatDateTime('2026-03-07T18:05:00.000Z', 'Africa/Nairobi')).toBe('7 Mar 2026, 21:05');
  });
});

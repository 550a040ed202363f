import { afterEach, describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatTime,
  todayIn,
} from './format';

const INSTANT = '2026-11-26T09:39:17.000Z';
const deviceZone = process.env.TZ;

afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('the web’s format module', () => {
  it('writes one UTC instant on each store’s clock, 24-hour, in the app’s format', () => {
    expect(formatDateTime(INSTANT, 'Africa/Lagos')).toBe('26 Nov 2026, 10:39');
    expect(formatDateTime(INSTANT, 'Africa/Nairobi')).toBe('26 Nov 2026, 12:39');
    expect(formatTime(INSTANT, 'Africa/Lagos')).toBe('10:39');
    expect(formatTime(INSTANT, 'Africa/Nairobi')).toBe('12:39');
  });

  it('takes the date on the store’s calendar: late evening in Lagos is already tomorrow in Nairobi', () => {
    expect(formatDate('2026-11-26T21:30:00Z', 'Africa/Lagos')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26T21:30:00Z', 'Africa/Nairobi')).toBe('27 Nov 2026');
    expect(todayIn('Africa/Nairobi')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says how long ago, then from a day on the date and time on the store’s clock', () => {
    const now = Date.parse(INSTANT);
    expect(formatAgo(INSTANT, now + 20_000, 'Africa/Lagos')).toBe('just now');
    expect(formatAgo(INSTANT, now - 5_000, 'Africa/Lagos')).toBe('just now');
    expect(formatAgo(INSTANT, now + 3 * 60_000 + 10_000, 'Africa/Lagos')).toBe('3 min ago');
    expect(formatAgo(INSTANT, now + 2 * 3_600_000, 'Africa/Lagos')).toBe('2 h ago');
    expect(formatAgo(INSTANT, now + 30 * 3_600_000, 'Africa/Lagos')).toBe('26 Nov 2026, 10:39');
  });

  it('ignores the device’s zone and language when the store’s zone is known', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDateTime(INSTANT, 'Africa/Lagos')).toBe('26 Nov 2026, 10:39');
    process.env.TZ = 'Asia/Tokyo';
    expect(formatDateTime(INSTANT, 'Africa/Lagos')).toBe('26 Nov 2026, 10:39');
  });

  it('falls back to the device’s clock, still in the app’s format, where no store applies', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDateTime(INSTANT, undefined)).toBe('26 Nov 2026, 04:39');
  });

  it('writes calendar days and counts the same on every device', () => {
    expect(formatDay('2026-11-26')).toBe('26 Nov 2026');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('writes a file’s size in decimal units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(42_400)).toBe('42 kB');
    expect(formatBytes(42_149_999)).toBe('42.1 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
  });
});

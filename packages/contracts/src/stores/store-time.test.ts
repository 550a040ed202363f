import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDay,
  formatDayLabel,
  formatStoreDate,
  formatStoreDateTime,
  formatStoreTime,
  isoDateSchema,
  isTimeZone,
  storeDay,
} from './store-time.js';

describe("a store's clock", () => {
  it('takes the day in the store’s zone: 23:30 UTC is already tomorrow in Lagos, still today in Lima', () => {
    const instant = new Date('2026-03-31T23:30:00Z');
    expect(storeDay('Africa/Lagos', instant)).toBe('2026-04-01');
    expect(storeDay('America/Lima', instant)).toBe('2026-03-31');
    expect(storeDay('Africa/Nairobi', new Date('2026-03-31T20:59:59Z'))).toBe('2026-03-31');
  });

  it('moves days across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('prints an instant on the store’s clock, 24-hour', () => {
    expect(formatStoreDateTime('2026-03-01T23:30:00Z', 'Africa/Lagos')).toBe('2 Mar 2026, 00:30');
    expect(formatStoreDateTime('2026-03-07T18:05:00Z', 'Africa/Nairobi')).toBe('7 Mar 2026, 21:05');
    expect(formatStoreTime('2026-03-07T03:45:00Z', 'Africa/Lagos')).toBe('04:45');
  });

  it('prints the date of an instant on the store’s clock: 22:30 UTC is already the next day in Nairobi', () => {
    expect(formatStoreDate('2026-11-26T22:30:00Z', 'Africa/Lagos')).toBe('26 Nov 2026');
    expect(formatStoreDate('2026-11-26T22:30:00Z', 'Africa/Nairobi')).toBe('27 Nov 2026');
  });

  it('prints a calendar day as it is, whatever the zone, in the same format', () => {
    expect(formatDay('2026-03-07')).toBe('7 Mar 2026');
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026');
    expect(formatDayLabel('2026-03-07')).toBe('Sat 7');
  });

  it('knows the zones the runtime knows', () => {
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('EST')).toBe(false);
  });
});

describe('isoDateSchema', () => {
  const issues = (value: string) => isoDateSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('takes a day that exists, written YYYY-MM-DD', () => {
    expect(issues('2028-02-29')).toEqual([]);
    expect(issues('2026-12-31')).toEqual([]);
  });
  it('refuses another format, or a day that does not exist, with one message', () => {
    expect(issues('10/03/2025')).toEqual(['Use YYYY-MM-DD']);
    expect(issues('2026-02-30')).toEqual(['No such day']);
    expect(issues('2026-13-01')).toEqual(['No such day']);
  });
  it('refuses a day before 1900 (the database has no year 0)', () => {
    expect(issues('0000-01-01')).toEqual(['Use a day from 1900 on']);
    expect(issues('1899-12-31')).toEqual(['Use a day from 1900 on']);
    expect(issues('1900-01-01')).toEqual([]);
  });
});

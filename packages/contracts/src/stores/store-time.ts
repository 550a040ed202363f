/**
 * A store's clock and the app's one way of writing dates. Every store has an IANA time zone
 * (ARCHITECTURE.md section 4): its "today", its report days and every time shown on its screens,
 * receipts, PDFs and CSVs are taken there, whatever the server's or the browser's zone, and written
 * in one format (en-GB, 24-hour: "7 Mar 2026", "7 Mar 2026, 19:05", "19:05"). The web's
 * `lib/format.ts` and the API both use these functions, so the screen, the print, the PDF and the
 * CSV say the same (decision 0027). Only this module and the web's format module may build a date
 * formatter or call `toLocaleString` (a lint rule).
 */
import { z } from 'zod';

/**
 * A calendar day written YYYY-MM-DD that exists (2026-02-30 does not), from 1900 on: the database
 * has no year 0, and a day near it moved to a store's zone would fall into it.
 */
export const isoDateSchema = z.string().superRefine((day, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) ctx.addIssue({ code: 'custom', message: 'Use YYYY-MM-DD' });
  else if (addDays(day, 0) !== day) ctx.addIssue({ code: 'custom', message: 'No such day' });
  else if (day < '1900-01-01') ctx.addIssue({ code: 'custom', message: 'Use a day from 1900 on' });
});

/**
 * Formatters are costly to build: one per (kind, zone), built on first use. The device's zone (no
 * zone given) is read afresh each time: a device can change zone while the app runs.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function cached(kind: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale = 'en-GB') {
  if (timeZone === undefined) return new Intl.DateTimeFormat(locale, options);
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: the store's "today" by default. */
export function storeDay(timeZone: string, instant: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return cached('day', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(instant);
}

/** A YYYY-MM-DD day moved by whole calendar days (date arithmetic, no zone and no DST involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * "7 Mar 2026, 19:05": an instant on the store's clock (24-hour). Without a zone (not known yet),
 * the device's clock.
 */
export function formatStoreDateTime(iso: string | Date, timeZone?: string): string {
  return cached('dateTime', timeZone, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** "7 Mar 2026": the date of an instant on the store's clock. Without a zone, the device's clock. */
export function formatStoreDate(iso: string | Date, timeZone?: string): string {
  return cached('date', timeZone, { dateStyle: 'medium' }).format(new Date(iso));
}

/** "7 Mar 2026" for a calendar day written YYYY-MM-DD (a due date, a report day: no zone applies). */
export function formatDay(day: string): string {
  return cached('date', 'UTC', { dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
}

/** "Sat 7": a day's short label on a chart of days. */
export function formatDayLabel(day: string): string {
  return cached('label', 'UTC', { weekday: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}

/** An IANA time zone the runtime knows ("Africa/Lagos", "Africa/Nairobi"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** "19:05": the time of an instant on the store's clock (a register's day, a held cart). */
export function formatStoreTime(iso: string | Date, timeZone?: string): string {
  return cached('time', timeZone, { timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso));
}

/** A list's day range (`from`, `to`, inclusive): the end may not come before the start. */
export function checkDayRange(range: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (range.from && range.to && range.from > range.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
}

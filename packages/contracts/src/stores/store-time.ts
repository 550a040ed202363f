/**
 * A store's clock. Every store has an IANA time zone (ARCHITECTURE.md section 4): its "today", its
 * report days and the times printed on its receipts are taken there, whatever the server's or the
 * browser's zone. One formatter for both sides, so the screen, the PDF and the mail say the same.
 */
import { z } from 'zod';

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
export const isoDateSchema = z.string().superRefine((day, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) ctx.addIssue({ code: 'custom', message: 'Use YYYY-MM-DD' });
  else if (addDays(day, 0) !== day) ctx.addIssue({ code: 'custom', message: 'No such day' });
});

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: the store's "today" by default. */
export function storeDay(timeZone: string, instant: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return cached(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instant);
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
export function formatStoreDateTime(iso: string, timeZone?: string): string {
  const format = cached(
    dateTimeFormats,
    timeZone ?? '',
    () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone }),
  );
  return format.format(new Date(iso));
}

/** "19:05": the time of an instant on the store's clock (a register's day, a held cart). */
export function formatStoreTime(iso: string, timeZone?: string): string {
  const format = cached(
    timeFormats,
    timeZone ?? '',
    () => new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', hourCycle: 'h23', timeZone }),
  );
  return format.format(new Date(iso));
}

/** A list's day range (`from`, `to`, inclusive): the end may not come before the start. */
export function checkDayRange(range: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (range.from && range.to && range.from > range.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
}

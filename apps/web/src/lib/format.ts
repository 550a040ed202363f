/**
 * The web's one way of writing dates, times and counts for people (decision 0027). Instants are
 * written on the clock of the store the app works in, in the app's one format (en-GB, 24-hour:
 * "26 Nov 2026", "26 Nov 2026, 14:05", "14:05"), by the same functions the API uses for receipts,
 * PDFs and CSVs (`@ipos/contracts` store-time), so the screen, the print and the files agree
 * whatever the browser's zone or language. Which zone: `useDisplayTimeZone()` (lib/active-store.ts):
 * the active store's; with no store (admin mode, before a store is chosen) the device's.
 *
 * Only this module and the contracts' store-time may build a date formatter or call
 * `toLocaleString()` and its kin (a lint rule in eslint.config.js).
 */
import {
  formatCount,
  formatDay,
  formatDayLabel,
  formatStoreDate,
  formatStoreDateTime,
  formatStoreTime,
  storeDay,
} from '@ipos/contracts';

/** "26 Nov 2026": the date of an instant in `timeZone` (undefined: the device's zone). */
export function formatDate(instant: string | Date, timeZone: string | undefined): string {
  return formatStoreDate(instant, timeZone);
}

/** "26 Nov 2026, 14:05": an instant in `timeZone` (undefined: the device's zone). */
export function formatDateTime(instant: string | Date, timeZone: string | undefined): string {
  return formatStoreDateTime(instant, timeZone);
}

/** "14:05": the time of an instant in `timeZone` (undefined: the device's zone). */
export function formatTime(instant: string | Date, timeZone: string | undefined): string {
  return formatStoreTime(instant, timeZone);
}

/** "26 Nov 2026" for a calendar day (YYYY-MM-DD): a due date, a report day; no zone applies. */
export { formatDay, formatDayLabel, formatCount };

/**
 * How long ago an instant was, for a status seen at a glance ("just now", "3 min ago", "2 h ago");
 * from a day on, its date and time in `timeZone`.
 */
export function formatAgo(instant: string | Date, now: number, timeZone: string | undefined): string {
  const seconds = Math.max(0, Math.round((now - new Date(instant).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return formatStoreDateTime(instant, timeZone);
}

/** "42.1 MB": a file's size in decimal units (kB, MB, GB), one decimal from a megabyte up. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${formatCount(bytes)} B`;
  if (bytes < 1_000_000) return `${formatCount(Math.round(bytes / 1000))} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}

/** The device's IANA zone (what the browser reports, for support and analytics; never for display). */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Today (YYYY-MM-DD) in `timeZone`, else on the device's calendar: for file names and default ranges. */
export function todayIn(timeZone: string | undefined): string {
  return storeDay(timeZone ?? deviceTimeZone() ?? 'UTC');
}

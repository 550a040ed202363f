/**
 * Date ranges of the transactions list, as the API takes them: first and last day (YYYY-MM-DD,
 * inclusive) in the store's time zone. "Today" is the store's today, not the browser's: a head office
 * in another zone still sees the shop's day.
 */
export const periods = ['today', 'yesterday', 'last7', 'thisMonth', 'lastMonth'] as const;
export type Period = (typeof periods)[number];

export const periodLabels: Record<Period, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

export interface DayRange {
  from: string;
  to: string;
}

/** The calendar date it is now in `timeZone`, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** `day` moved by `days` calendar days (UTC arithmetic on a date, so no DST surprises). */
export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

export function periodRange(period: Period, today: string): DayRange {
  const first = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: first, to: today };
    case 'lastMonth': {
      const last = addDays(first, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
  }
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "7 Mar 2026, 19:05" in the store's zone (receipts and the till print the same clock). */
export function formatDateTime(iso: string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** "7 Mar 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    toDate(day),
  );
}

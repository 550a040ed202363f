import { formatStoreDateTime, type CurrencyCode, type ReportCell, type ReportFormat } from '@ipos/contracts';
import { formatMoney } from '../../../lib/money';
import { formatQuantity } from '../../../lib/quantity';

const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const count = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A report value for the screen and the print copy; null reads as an em dash. */
export function formatReportValue(value: ReportCell, format: ReportFormat, currency: CurrencyCode): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') return format === 'date' ? formatReportDay(value) : value;
  switch (format) {
    case 'money':
      return formatMoney(value, currency);
    case 'quantity':
      return formatQuantity(value);
    case 'count':
      return count.format(value);
    case 'percent':
      return `${percent.format(value / 100)}%`;
    case 'days':
      return `${oneDecimal.format(value)} d`;
    default:
      return String(value);
  }
}

/** "7 Mar 2026" for a calendar day (YYYY-MM-DD, no zone involved). */
export function formatReportDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "1 Oct 2026 – 31 Oct 2026", or one day alone. */
export function formatReportRange(range: { from: string; to: string }): string {
  return range.from === range.to
    ? formatReportDay(range.from)
    : `${formatReportDay(range.from)} – ${formatReportDay(range.to)}`;
}

/** "Read 21 Nov 2026, 19:05" on the store's clock. */
export const formatGeneratedAt = (iso: string, timeZone?: string) => formatStoreDateTime(iso, timeZone);

/** Numbers right, text left. */
export const isNumeric = (format: ReportFormat) => format !== 'text' && format !== 'date';

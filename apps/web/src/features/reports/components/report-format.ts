import {
  formatStoreDateTime,
  isNumericReportFormat,
  reportValueText,
  type CurrencyCode,
  type ReportCell,
  type ReportFormat,
} from '@ipos/contracts';
import { formatMoney } from '../../../lib/money';

export { formatReportDay, formatReportRange } from '@ipos/contracts';

/** A report value for the screen and the print copy (contracts' `reportValueText`); null reads as an em dash. */
export function formatReportValue(value: ReportCell, format: ReportFormat, currency: CurrencyCode): string {
  return reportValueText(value, format, (minor) => formatMoney(minor, currency));
}

/** "Read 21 Nov 2026, 19:05" on the store's clock. */
export const formatGeneratedAt = (iso: string, timeZone?: string) => formatStoreDateTime(iso, timeZone);

/** Numbers right, text left. */
export const isNumeric = isNumericReportFormat;

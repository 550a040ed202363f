/**
 * Instants (ISO date-times from the API) as people read them, on the viewer's own clock: "26 Nov 2026"
 * and "26 Nov 2026, 14:05". Calendar days of a store or a document (no zone applies) and money have
 * their own helpers (features' `formatDay`, lib/money.ts).
 */
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(instant: string | Date): string {
  return dateFormat.format(new Date(instant));
}

export function formatDateTime(instant: string | Date): string {
  return dateTimeFormat.format(new Date(instant));
}

/** "22 Nov 2026, 14:05" in the store's zone, whatever the device's (the PDF and the mail say the same). */
export function receiptDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** 7.5% from 750 basis points. */
export const percentOf = (basisPoints: number) => `${basisPoints / 100}%`;

/** The paper width chosen at this device, remembered between sales. */
export const RECEIPT_WIDTH_KEY = 'ipos.receiptWidth';

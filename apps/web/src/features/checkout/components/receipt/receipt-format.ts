/** 7.5% from 750 basis points. */
export const percentOf = (basisPoints: number) => `${basisPoints / 100}%`;

/** The paper width chosen at this device, remembered between sales. */
export const RECEIPT_WIDTH_KEY = 'ipos.receiptWidth';

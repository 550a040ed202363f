/**
 * Waste (`waste` section): stock written off, valued at cost, approved by a manager above the
 * store's threshold. The endpoints are defined here (issue 6).
 */
export const wasteReasons = ['expired', 'damaged', 'spoiled', 'theft', 'other'] as const;
export type WasteReason = (typeof wasteReasons)[number];

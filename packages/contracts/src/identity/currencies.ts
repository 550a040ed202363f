/**
 * Currencies of spec section 3. `code` is what we store; the spec writes the Kenyan shilling as
 * "KSD" (ISO 4217 is KES), and we keep the spec's code so stored values match the spec.
 */
export const currencies = [
  { code: 'NGN', option: 'naira', symbol: '₦', iso: 'NGN', minorDigits: 2 },
  { code: 'USD', option: 'usd', symbol: '$', iso: 'USD', minorDigits: 2 },
  { code: 'GBP', option: 'pounds', symbol: '£', iso: 'GBP', minorDigits: 2 },
  { code: 'EUR', option: 'euro', symbol: '€', iso: 'EUR', minorDigits: 2 },
  { code: 'KSD', option: 'kshilling', symbol: 'KSD', iso: 'KES', minorDigits: 2 },
  { code: 'TZS', option: 'tshilling', symbol: 'TZS', iso: 'TZS', minorDigits: 2 },
] as const;

export const currencyCodes = ['NGN', 'USD', 'GBP', 'EUR', 'KSD', 'TZS'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

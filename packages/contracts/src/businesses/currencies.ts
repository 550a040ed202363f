import { z } from 'zod';

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

/** A country as ISO 3166-1 alpha-2 (NG, KE, TZ), upper-cased: sign-up, a new business, the profile. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country');

/** A business's name: at sign-up, in admin mode's New business, and in the business profile alike. */
export const businessNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the business name')
  .max(120, 'At most 120 characters');
